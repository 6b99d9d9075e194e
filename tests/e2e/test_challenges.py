"""Challenges through the real bot: open challenges, decline and cancel, matches in new threads, and the line saying
that the dice can be checked."""

from __future__ import annotations

import asyncio
import random

import pytest

from tests.e2e.conftest import one_bot_per_module
from tests.e2e.table import (
    Table,
    acknowledged_in_time,
    challenged,
    finish_turn,
    is_challenge_of,
    labels,
    posted_challenge,
    shows_a_board,
    start_match,
    threads_of,
)
from tests.e2e.test_fairness import HASH
from tests.support.discord_standin import DiscordStandin, ScenarioUser, wait_until
from tests.support.discord_standin.model import CREATE_PUBLIC_THREADS, SEND_MESSAGES, Channel

#: The line of a challenge whose dice can be checked (issue 18), with the commitment's first 16 hex characters.
CHECKABLE = "The dice can be checked: `/bg fairness` · commitment `"

pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module()  # one bot for the module's scenarios, each in a channel of its own


async def test_open_challenge_is_accepted_by_anyone_but_the_challenger(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, _ = players
    carol = standin.add_user("Carol")
    challenge = await posted_challenge(standin, await alice.slash("bg challenge", length=1), alice)
    assert "Anyone may accept" in challenge.content
    assert [b.label for b in challenge.buttons] == ["Accept", "Accept with my seed", "Withdraw"]
    own = acknowledged_in_time(await alice.click(challenge, "Accept"))
    assert "cannot accept your own challenge" in (await own.private_answer(timeout=5)).content
    acknowledged_in_time(await carol.click(challenge, "Accept"))
    await wait_until(challenge, lambda m: "accepted" in m.content, timeout=10)
    place = standin.channels.get(challenge.id) or standin.channels[challenge.channel_id]  # its thread (issue 33)
    table = Table(standin, place, (alice, carol))
    board = await table.next_board()
    assert table.to_act() in (alice, carol) and board.attachments[0].is_png


async def test_decline_and_cancel_close_the_challenge(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    first = await posted_challenge(standin, await alice.slash("bg challenge", opponent=bob), alice)
    stranger = standin.add_user("Carol")
    refused = acknowledged_in_time(await stranger.click(first, "Accept"))
    assert "This challenge is for Bob" in (await refused.private_answer(timeout=5)).content
    acknowledged_in_time(await bob.click(first, "Decline"))
    await wait_until(first, lambda m: "declined" in m.content, timeout=5)
    assert [(b.label, b.disabled) for b in first.buttons] == [("Declined", True)]

    second = await posted_challenge(standin, await alice.slash("bg challenge", opponent=bob), alice)
    not_yours = acknowledged_in_time(await bob.click(second, "Withdraw"))
    assert "Only the challenger" in (await not_yours.private_answer(timeout=5)).content
    acknowledged_in_time(await alice.click(second, "Withdraw"))
    await wait_until(second, lambda m: "withdrew" in m.content, timeout=5)
    assert [(b.label, b.disabled) for b in second.buttons] == [("Withdrawn", True)]


async def test_an_accept_whose_answer_discord_refuses_still_shows_the_first_board(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """Discord refuses the press's answer that marks the challenge accepted (as for a message deleted at that
    moment): the match is stored all the same, so its first board is posted, and the press is still answered."""
    alice, bob = players
    reply = await alice.slash("bg challenge", opponent=bob, length=1, thread=False)
    challenge = await posted_challenge(standin, reply, alice)
    standin.fail("POST", "/callback", status=404, code=10008, message="Unknown Message")
    acknowledged_in_time(await bob.click(challenge, "Accept"))
    channel = standin.channels[challenge.channel_id]
    table = Table(standin, channel, (alice, bob))
    board = await table.next_board()
    assert board.buttons and table.to_act() in (alice, bob), board.content
    told = [m.content for m in bob.visible_messages(channel) if m.ephemeral]
    assert not [text for text in told if "went wrong" in text], told  # nothing went wrong: the match is on


async def test_matches_in_new_threads_share_one_channel(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    carol, dave = standin.add_user("Carol"), standin.add_user("Dave")
    first = await start_match(standin, alice, bob, length=3, thread=True)
    second = await start_match(standin, carol, dave, money=True, thread=True)
    threads = {thread.id: thread for thread in standin.threads}
    assert first.channel.id in threads and second.channel.id in threads and first.channel is not second.channel
    assert threads[first.channel.id].name == "Alice vs Bob"
    assert threads[second.channel.id].name == "Carol vs Dave"
    assert first.channel.parent_id == second.channel.parent_id == alice.channel.id
    # each thread's match is played there: /bg board in the thread shows that match, to spectators too
    reply = acknowledged_in_time(await alice.slash("bg board", in_channel=second.channel))
    shown = await reply.settled()
    assert shown.attachments and shown.attachments[0].is_png and shown.ephemeral
    assert f"/{second.channel.id}/{second.game.id}" in shown.content  # where the controls are
    # /bg matches links to the match's current message in its thread
    mine = await acknowledged_in_time(await alice.slash("bg matches")).settled()
    assert "vs **Bob**, match to 3, 0-0" in mine.content
    assert f"/{first.channel.id}/{first.game.id}" in mine.content
    # and the parent channel itself has no match
    nothing = await acknowledged_in_time(await alice.slash("bg board")).settled()
    assert "no match in this channel" in nothing.content and nothing.ephemeral


def thread_requests(standin: DiscordStandin, channel: Channel) -> int:
    """How many times the bot asked Discord to open a thread in `channel`."""
    inside = f"/channels/{channel.id}/"
    return sum(
        1 for method, path in standin.requests if method == "POST" and inside in path and path.endswith("/threads")
    )


async def test_a_stranger_pressing_accept_on_a_thread_challenge_opens_no_thread(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    carol = standin.add_user("Carol")
    challenge = await posted_challenge(standin, await alice.slash("bg challenge", opponent=bob, thread=True), alice)
    refused = acknowledged_in_time(await carol.click(challenge, "Accept"))
    answer = await refused.private_answer(timeout=5)
    assert "This challenge is for Bob" in answer.content and answer.ephemeral
    here = alice.channel
    assert thread_requests(standin, here) == 0 and not threads_of(standin, here)
    assert not [gone for gone in standin.deleted_channels if gone.parent_id == here.id]
    # the challenged member's Accept then works: one thread, the match in it, no apology
    accepted = acknowledged_in_time(await bob.click(challenge, "Accept"))
    await wait_until(challenge, lambda m: "challenge accepted" in m.content, timeout=10)
    assert not accepted.followups
    (thread,) = threads_of(standin, here)
    assert thread.name == "Alice vs Bob" and thread_requests(standin, here) == 1
    board = await standin.wait_for_message(thread, timeout=10)
    assert board.attachments


async def test_two_members_accepting_one_open_thread_challenge_at_once(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    carol = standin.add_user("Carol")
    challenge = await posted_challenge(standin, await alice.slash("bg challenge", thread=True), alice)
    replies = await asyncio.gather(bob.click(challenge, "Accept"), carol.click(challenge, "Accept"))
    for reply in replies:
        acknowledged_in_time(reply)
    await wait_until(challenge, lambda m: "challenge accepted" in m.content, timeout=10)
    (thread,) = threads_of(standin, alice.channel)
    assert thread_requests(standin, alice.channel) == 1
    assert not [gone for gone in standin.deleted_channels if gone.parent_id == alice.channel.id]
    winner = bob if "vs Bob" in thread.name else carol
    loser = carol if winner is bob else bob
    assert thread.name == f"Alice vs {winner.name}"
    (reply,) = [r for r in replies if r.interaction.user.id == loser.id]
    answer = await reply.private_answer(timeout=5)
    assert answer.ephemeral and answer.visible_to == loser.id
    assert answer.content == f"{winner.name} accepted first: the match is in <#{thread.id}>."
    assert not next(r for r in replies if r.interaction.user.id == winner.id).followups


async def test_an_accept_whose_thread_opens_after_discords_three_seconds_still_starts_the_match(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """The thread's opening held past the press's 3 s (as a long wait for Discord's global limit would): Discord
    shows the press failed, yet the match starts in the thread, and the challenge is marked accepted by its id."""
    alice, bob = players
    challenge = await posted_challenge(standin, await alice.slash("bg challenge", opponent=bob), alice)
    opening = standin.hold("POST", "/threads")
    pressed = asyncio.ensure_future(bob.click(challenge, "Accept"))
    await opening.wait_reached()
    await asyncio.sleep(3.2)
    opening.release()
    assert not (await pressed).acknowledged
    assert {v.rule for v in standin.take_violations()} == {"acknowledge within 3 s"}  # late, then answered late
    await standin.eventually(lambda: threads_of(standin, alice.channel), timeout=10, what="the thread")
    (thread,) = threads_of(standin, alice.channel)
    assert shows_a_board(await standin.wait_for_message(thread, timeout=10))
    await wait_until(challenge, lambda m: "accepted" in m.content and "Accept" not in labels(m), timeout=10)


#: Tables started at once: their threads and first boards are twice as many requests, past Discord's global limit
#: of 50 a second if sent as they come.
TABLES_AT_ONCE = 30


async def test_a_burst_of_accepts_stays_under_discords_global_limit(standin: DiscordStandin, bot: object) -> None:
    pairs = await asyncio.gather(*(challenged(standin, f"burst-{n}") for n in range(TABLES_AT_ONCE)))
    limited_before = len(standin.global_limited)
    replies = await asyncio.gather(*(opponent.click(challenge, "Accept") for opponent, challenge in pairs))
    for reply in replies:
        acknowledged_in_time(reply)
    for opponent, _ in pairs:
        lobby = opponent.channel
        await standin.eventually(lambda: threads_of(standin, lobby), timeout=15, what="a thread")  # noqa: B023
        (thread,) = threads_of(standin, lobby)
        assert shows_a_board(await standin.wait_for_message(thread, timeout=15))
    assert standin.global_limited[limited_before:] == []


async def test_open_challenges_are_limited_per_member(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    first = await posted_challenge(standin, await alice.slash("bg challenge", opponent=bob), alice)
    assert bob.id in first.pinged
    await asyncio.sleep(0.5)  # the bot stores where the challenge message is right after posting it
    again = await acknowledged_in_time(await alice.slash("bg challenge", opponent=bob)).settled()
    assert again.ephemeral and again.content.startswith("You have already challenged Bob")
    assert again.content.endswith(f"/{first.channel_id}/{first.id}")  # a link to the open challenge
    others = [standin.add_user(name) for name in ("Carol", "Dave", "Erin")]
    for opponent in others[:2]:
        await posted_challenge(standin, await alice.slash("bg challenge", opponent=opponent), alice)
    refused = await acknowledged_in_time(await alice.slash("bg challenge", opponent=others[2])).settled()
    assert refused.ephemeral and "You already have 3 open challenges" in refused.content
    assert refused.content.endswith(f"/{first.channel_id}/{first.id}")
    pinged = [m for m in alice.channel.messages if not m.ephemeral and bob.id in m.pinged]
    assert pinged == [first]  # Bob was notified once
    acknowledged_in_time(await alice.click(first, "Withdraw"))
    await wait_until(first, lambda m: "withdrew" in m.content, timeout=5)
    await posted_challenge(standin, await alice.slash("bg challenge", opponent=others[2]), alice)


async def test_a_server_may_play_every_match_in_a_new_thread(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    shown = await acknowledged_in_time(await alice.slash("bgadmin threads")).settled()
    assert shown.ephemeral and "Threads by default is on" in shown.content  # issue 33: on unless turned off
    changed = await acknowledged_in_time(await alice.slash("bgadmin threads", setting="on")).settled()
    assert "Threads by default is now on" in changed.content
    # no `thread` option: the server's default opens a thread
    challenge = await posted_challenge(standin, await alice.slash("bg challenge", opponent=bob, length=3), alice)
    assert "in a new thread" in challenge.content
    acknowledged_in_time(await bob.click(challenge, "Accept"))
    await wait_until(challenge, lambda m: "challenge accepted" in m.content, timeout=10)
    (thread,) = threads_of(standin, alice.channel)
    assert thread.name == "Alice vs Bob"
    assert (await standin.wait_for_message(thread, timeout=10)).attachments  # the match is played there
    # in the match's thread, the default cannot open a thread inside it: the thread's own match is in the way
    carol, dave = standin.add_user("Carol"), standin.add_user("Dave")
    busy = acknowledged_in_time(await carol.slash("bg challenge", opponent=dave, in_channel=thread))
    assert "already a match in this channel" in (await busy.settled()).content
    # the challenger's word wins over the default
    here = await start_match(standin, carol, dave, length=1, thread=False)
    assert here.channel is alice.channel and len(threads_of(standin, alice.channel)) == 1
    await acknowledged_in_time(await alice.slash("bgadmin threads", setting="off")).settled()
    shown = await acknowledged_in_time(await alice.slash("bgadmin threads")).settled()
    assert "Threads by default is off" in shown.content
    # the module's other scenarios share this bot, and so this server's setting: back to the default
    await acknowledged_in_time(await alice.slash("bgadmin threads", setting="on")).settled()


async def test_where_the_bot_may_not_open_threads_the_match_plays_in_the_channel(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """Threads by default only where the bot may open them (issue 33): without Create Public Threads in the
    channel, a challenge that does not say `thread` promises no thread, and accepted, its match is played in the
    channel, with no thread asked for; a challenge made while threads were allowed and accepted after the
    permission was taken away is played in the channel too, with no refusal."""
    alice, bob = players
    channel = alice.channel
    standin.denied[channel.id] = CREATE_PUBLIC_THREADS
    challenge = await posted_challenge(standin, await alice.slash("bg challenge", opponent=bob, length=1), alice)
    assert "thread" not in challenge.content
    acknowledged_in_time(await bob.click(challenge, "Accept"))
    table = Table(standin, channel, (alice, bob))
    board = await table.next_board()
    assert board.channel_id == channel.id and table.to_act() in (alice, bob)
    assert thread_requests(standin, channel) == 0 and not threads_of(standin, channel)
    mover = table.to_act()
    await finish_turn(table, random.Random(33))  # played on in the channel
    assert table.to_act() is table.other(mover) and table.game.channel_id == channel.id

    carol, dave = standin.add_user("Carol"), standin.add_user("Dave")
    lobby = standin.add_channel("lobby")
    later = await posted_challenge(standin, await carol.slash("bg challenge", opponent=dave, in_channel=lobby), carol)
    assert "in a new thread" in later.content  # allowed when challenged
    standin.denied[lobby.id] = CREATE_PUBLIC_THREADS  # then taken away
    accepted = acknowledged_in_time(await dave.click(later, "Accept"))
    assert not accepted.ephemeral or "threads" not in accepted.content
    assert (await Table(standin, lobby, (carol, dave)).next_board()).channel_id == lobby.id
    assert thread_requests(standin, lobby) == 0 and not threads_of(standin, lobby)


async def test_a_challenge_is_the_commands_answer_once_stored_and_notifies_the_challenged_member(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """The command is answered with the stored challenge itself, in one Discord call: a new public message, so it
    notifies the challenged member (test_challenge_expiry.py closes such a message by its stored id)."""
    alice, bob = players
    calls = len(standin.requests)
    reply = acknowledged_in_time(await alice.slash("bg challenge", opponent=bob))
    assert reply.type == 4 and not reply.ephemeral and reply.message is not None
    challenge = await posted_challenge(standin, reply, alice)
    assert challenge is reply.message and challenge.interaction is not None
    assert challenge.pinged == {bob.id}  # the challenged member, never the challenger their own challenge names
    assert [method for method, _ in standin.requests[calls:]] == ["POST"]  # the callback alone


async def test_a_challenge_whose_answer_came_too_late_is_posted_in_its_channel(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """Storing outlasted the command's 3 seconds (Discord refuses the answer as an unknown interaction): the
    stored challenge is posted in the channel, still notifies the challenged member, and can be accepted."""
    alice, bob = players
    standin.fail("POST", "/callback", status=404, code=10062, message="Unknown interaction")
    refused = await alice.slash("bg challenge", opponent=bob)
    while not is_challenge_of(challenge := await standin.wait_for_message(alice.channel, timeout=10), alice):
        pass
    assert refused.message is None and challenge.interaction is None and challenge.pinged == {bob.id}
    acknowledged_in_time(await bob.click(challenge, "Accept"))
    await standin.eventually(lambda: "Accept" not in labels(challenge), timeout=10, what="the challenge accepted")
    await standin.eventually(lambda: standin.violations, timeout=5, what="the command's 3 s over")
    assert [violation.rule for violation in standin.take_violations()] == ["acknowledge within 3 s"]  # as made


async def test_a_channel_the_bot_may_not_send_in_gets_no_challenge_and_the_challenger_is_told_privately(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """A match there could never show its board: refused before anything is stored."""
    alice, bob = players
    standin.denied[alice.channel.id] = SEND_MESSAGES
    try:
        answer = await acknowledged_in_time(await alice.slash("bg challenge", opponent=bob)).settled(timeout=10)
    finally:
        del standin.denied[alice.channel.id]
    assert answer.ephemeral and answer.visible_to == alice.id
    assert "may not send messages in this channel" in answer.content
    await assert_no_challenge_left(standin, alice, bob)


async def test_a_challenge_discord_refuses_is_withdrawn_and_the_challenger_told_privately(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    standin.fail("POST", "/callback", status=400, code=50035, message="Invalid Form Body")
    answer = await (await alice.slash("bg challenge", opponent=bob)).settled(timeout=10)
    assert answer.ephemeral and answer.visible_to == alice.id
    assert "could not post the challenge" in answer.content and "withdrawn" in answer.content
    await assert_no_challenge_left(standin, alice, bob)


async def assert_no_challenge_left(standin: DiscordStandin, alice: ScenarioUser, bob: ScenarioUser) -> None:
    """Nothing was posted, and no challenge stays open: a new challenge to Bob is not refused as a second one."""
    assert not [m for m in alice.channel.messages if not m.ephemeral]
    challenge = await posted_challenge(standin, await alice.slash("bg challenge", opponent=bob), alice)
    assert bob.id in challenge.pinged


async def test_the_seeded_path_shows_no_hash_either(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """The seeded scenarios' path (the dice hook on; tests/e2e/test_fairness.py has the bot's own dice): the challenge
    says the dice can be checked, in one short line, and neither it (in the channel) nor the first board (in the
    match's thread) shows a whole hash (issue 33)."""
    alice, bob = players
    table = await start_match(standin, alice, bob, length=1)
    places = {alice.channel.id: alice.channel, table.channel.id: table.channel}.values()
    shown = [
        version.content for place in places for message in place.messages for version in [*message.history, message]
    ]
    assert any(CHECKABLE in text for text in shown)  # the challenge, before it was accepted
    assert not any(HASH.search(text) for text in shown)
