"""A tournament through the real bot (issue 21): sign-up by buttons, refusals, the start, each match in its own
thread with both players mentioned, results advancing the winners, the live bracket and the champion.

The scenarios share one bot (on PostgreSQL too for the first), each in a guild of its own: "here" is the server for
`/tournament` (the only open tournament of the server), and so is the turn limit."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import BACKENDS, GLOBAL_COMMANDS, ON_SQLITE, one_bot_per_module, seeded_env
from tests.e2e.table import MENTION, Table, acknowledged_in_time, labels, new_thread, own_guild, threads_of
from tests.support.discord_standin import Channel, DiscordStandin, Message, ScenarioUser, wait_until
from tests.support.discord_standin.launcher import BotProcess

pytestmark = pytest.mark.asyncio(loop_scope="module")
#: The service clock runs 60 times faster: a 2-minute turn limit takes 2 seconds.
bot, standin = one_bot_per_module(seeded_env(clock_rate=60.0) | GLOBAL_COMMANDS, backends=BACKENDS)


async def play_thread_match(
    standin: DiscordStandin, thread: Channel, users: dict[int, ScenarioUser]
) -> tuple[ScenarioUser, ScenarioUser]:
    """The intro mentions both players; the one not to act resigns the 1-point match. Returns (winner, loser)."""
    intro = await standin.wait_for_message(thread, timeout=15)
    mentioned = [int(found) for found in MENTION.findall(intro.content)]
    assert len(mentioned) == 2 and set(intro.pinged) == set(mentioned), intro.content
    first, second = (users[user_id] for user_id in mentioned)
    table = Table(standin, thread, (first, second))
    await table.next_board()
    mover = table.to_act()
    assert mover is not None
    loser = table.other(mover)
    acknowledged_in_time(await loser.slash("bg resign", in_channel=thread))
    await table.next_board()
    final = await table.click(mover, "Accept resignation")
    assert f"**{mover.name} wins the match" in final.content
    return mover, loser


async def test_a_tournament_from_sign_up_to_the_champion(standin: DiscordStandin, bot: BotProcess) -> None:
    alice, bob, carol = (standin.add_user(name) for name in ("Alice", "Bob", "Carol"))
    users = {user.id: user for user in (alice, bob, carol)}
    channel = own_guild(standin, alice, bob, carol)

    reply = acknowledged_in_time(await alice.slash("tournament create", name="Friday Cup", length=1, size=4))
    signup = reply.message
    assert signup is not None and labels(signup) == ["Join", "Leave"]
    assert "**Friday Cup**" in signup.content and "Signed up (0/4): nobody yet" in signup.content

    early = acknowledged_in_time(await alice.slash("tournament start"))
    assert early.ephemeral and "needs at least 2 players" in early.content

    for user in (alice, bob, carol):
        acknowledged_in_time(await user.click(signup, "Join"))
        await wait_until(signup, lambda m, u=user: u.name in m.content, timeout=10)
    assert "Signed up (3/4): Alice, Bob, Carol" in signup.content

    await sign_up_refusals_change_nothing(alice, bob, signup)

    threads = {t.id for t in threads_of(standin, channel)}
    started = acknowledged_in_time(await alice.slash("tournament start"))
    await started.settled(10)
    # Three players: a bracket of four; the top seed has a bye, seeds 2 and 3 play at once in a thread.
    await wait_until(signup, lambda m: bool(m.attachments) and not m.buttons, timeout=15)
    assert "Semi-finals in play" in signup.content
    first_thread = await new_thread(standin, channel, threads)
    assert first_thread.parent_id == channel.id and first_thread.name.startswith("Friday Cup Semi-finals: ")
    semi_winner, semi_loser = await play_thread_match(standin, first_thread, users)

    # The winner meets the top seed in the final, in a thread of its own; the bracket follows.
    await wait_until(signup, lambda m: "Final in play" in m.content, timeout=15)
    final_thread = await new_thread(standin, channel, threads | {first_thread.id})
    assert final_thread.name.startswith("Friday Cup Final: ")
    champion, runner_up = await play_thread_match(standin, final_thread, users)
    assert semi_loser not in (champion, runner_up) and semi_winner in (champion, runner_up)

    def announcement() -> Message | None:
        return next((m for m in channel.messages if "wins **Friday Cup**" in m.content), None)

    await standin.eventually(announcement, timeout=15, what="the champion's announcement")
    announced = announcement()
    assert announced is not None and champion.mention in announced.content and champion.id in announced.pinged
    await wait_until(signup, lambda m: f"Champion: {champion.mention}" in m.content, timeout=15)
    assert signup.attachments and signup.attachments[0].is_png and not signup.buttons

    shown = acknowledged_in_time(await bob.slash("tournament bracket", name="Friday Cup"))
    posted = await shown.settled(10)
    assert posted.attachments and posted.attachments[0].is_png
    assert re.search(r"Champion: <@!?\d+>", posted.content)

    # Joining a finished tournament is refused.
    late = acknowledged_in_time(await carol.slash("tournament join", name="Friday Cup"))
    assert "is over" in (await late.settled(10)).content


async def sign_up_refusals_change_nothing(alice: ScenarioUser, bob: ScenarioUser, signup: Message) -> None:
    """Joining twice, and creating a tournament whose name differs only in case and spaces, are refused privately;
    the sign-up message stays as it was."""
    before = signup.content
    again = acknowledged_in_time(await bob.click(signup, "Join"))
    answer = await again.private_answer(timeout=10)
    assert answer.ephemeral and "already signed up" in answer.content
    refused = acknowledged_in_time(await alice.slash("tournament create", name="friday  cup"))
    assert "already a tournament called" in (await refused.settled(10)).content
    assert signup.content == before


@pytest.mark.slow
@ON_SQLITE
async def test_a_tournament_survives_kills_while_starting_and_in_the_middle_of_a_round(
    standin: DiscordStandin, bot: BotProcess
) -> None:
    """Killed while opening the first thread, and again with one semi-final over and the other in play: every
    match starts exactly once, in one thread, and the tournament reaches its champion."""
    four = [standin.add_user(name) for name in ("Ann", "Ben", "Cat", "Dan")]
    users = {user.id: user for user in four}
    organiser = four[0]
    channel = own_guild(standin, *four)
    reply = acknowledged_in_time(await organiser.slash("tournament create", name="Night Cup", length=1, size=4))
    signup = reply.message
    assert signup is not None
    for user in four:
        joined = acknowledged_in_time(await user.slash("tournament join"))
        assert "You are signed up for **Night Cup**" in (await joined.settled(10)).content
    await wait_until(signup, lambda m: "Signed up (4/4)" in m.content, timeout=10)

    threads = {t.id for t in threads_of(standin, channel)}
    hold = standin.hold("POST", "/threads")
    acknowledged_in_time(await organiser.slash("tournament start"))
    await hold.wait_reached()
    await bot.kill()  # the first thread was being opened: it never comes
    hold.release(carry_out=False)
    await bot.start()
    await bot.wait_ready()

    await standin.eventually(
        lambda: len({t.id for t in threads_of(standin, channel)} - threads) == 2, timeout=20, what="both semi-finals"
    )
    semis = [t for t in threads_of(standin, channel) if t.id not in threads]
    first_winner, _ = await play_thread_match(standin, semis[0], users)
    await bot.restart()  # one semi-final over, the other in play
    second_winner, _ = await play_thread_match(standin, semis[1], users)

    final_thread = await new_thread(standin, channel, threads | {t.id for t in semis})
    champion, _ = await play_thread_match(standin, final_thread, users)
    assert champion in (first_winner, second_winner)
    await wait_until(signup, lambda m: f"Champion: {champion.mention}" in m.content, timeout=15)
    ours = [t for t in threads_of(standin, channel) if t.id not in threads]
    assert len(ours) == 3  # n - 1 matches, each in one thread
    for thread in ours:  # each match was started once: one introduction, one opening board
        intros = [m for m in thread.messages if "Good luck!" in m.content]
        # a match's opening board is the message posted with it (later boards may tell it among their last lines)
        openings = [m for m in thread.messages if m.history[0].content.startswith("Opening roll")]
        assert len(intros) == 1 and len(openings) == 1, thread.name
    await standin.eventually(
        lambda: any("wins **Night Cup**" in m.content for m in channel.messages),
        timeout=15,
        what="the champion's announcement",
    )
    assert len([m for m in channel.messages if "wins **Night Cup**" in m.content]) == 1


async def sign_up_and_start(
    standin: DiscordStandin, names: tuple[str, ...], tournament: str
) -> tuple[list[ScenarioUser], Message]:
    """The users sign up for a 3-point tournament in a guild of their own, and its first round starts."""
    users = [standin.add_user(name) for name in names]
    own_guild(standin, *users)
    reply = acknowledged_in_time(await users[0].slash("tournament create", name=tournament, length=3, size=4))
    signup = reply.message
    assert signup is not None
    for user in users:
        acknowledged_in_time(await user.click(signup, "Join"))
    await wait_until(signup, lambda m: f"Signed up ({len(users)}/4)" in m.content, timeout=10)
    acknowledged_in_time(await users[0].slash("tournament start"))
    return users, signup


async def first_board(standin: DiscordStandin, thread: Channel, users: dict[int, ScenarioUser]) -> Table:
    intro = await standin.wait_for_message(thread, timeout=15)
    first, second = (users[int(found)] for found in MENTION.findall(intro.content))
    table = Table(standin, thread, (first, second))
    await table.next_board()
    return table


@pytest.mark.slow
@ON_SQLITE
async def test_a_claimed_tournament_match_advances_the_claimant(standin: DiscordStandin, bot: BotProcess) -> None:
    users, signup = await sign_up_and_start(standin, ("Pia", "Quinn"), "Claim Cup")
    acknowledged_in_time(await users[0].slash("bgadmin turn-limit", duration="2m"))
    table = await first_board(standin, await new_thread(standin, users[0].channel, set()), {u.id: u for u in users})
    slow = table.to_act()
    assert slow is not None
    claimant = table.other(slow)
    while "Claim win" not in labels(offer := await table.next_board(timeout=20), extras=True):
        assert "reminder" in offer.content  # the half-time reminder's board, then the claim offer's (issue 33)
    assert f"\n> {claimant.mention}, {slow.name} has not acted" in offer.content
    version = table.game.version
    acknowledged_in_time(await claimant.click(offer, "Claim win"))
    final = await table.updated(version)  # the board, made the final one in place (issue 33)
    assert f"**{claimant.name} wins the match" in final.content
    await wait_until(signup, lambda m: f"Champion: {claimant.mention}" in m.content, timeout=15)


@ON_SQLITE
async def test_an_award_stops_the_match_and_advances_the_winner(standin: DiscordStandin, bot: BotProcess) -> None:
    users, signup = await sign_up_and_start(standin, ("Rae", "Sam", "Tom"), "Award Cup")
    channel, by_id = users[0].channel, {u.id: u for u in users}
    thread = await new_thread(standin, channel, set())
    table = await first_board(standin, thread, by_id)
    organiser = users[0]
    winner = table.players[1]
    (top_seed,) = [user for user in users if user not in table.players]
    refused = acknowledged_in_time(await organiser.slash("tournament award", winner=top_seed, reason="why not"))
    assert refused.ephemeral and "no match to be decided" in refused.content  # the top seed has a bye
    board = table.game
    reply = acknowledged_in_time(await organiser.slash("tournament award", winner=winner, reason="opponent left"))
    assert reply.message is not None and not reply.ephemeral and winner.id in reply.message.pinged
    assert "opponent left" in reply.content
    # the board itself says so (issue 33: edited in place, nobody is to act)
    stopped = await wait_until(board, lambda m: "ended the match without a result" in m.content, timeout=15)
    assert "ended the match without a result" in stopped.content and not stopped.buttons
    await wait_until(signup, lambda m: f"Awarded to {winner.mention}: opponent left" in m.content, timeout=15)
    final_thread = await new_thread(standin, channel, {thread.id})
    final = await first_board(standin, final_thread, by_id)
    assert set(final.players) == {winner, top_seed}
