"""A tournament through the real bot (issue 21): sign-up by buttons, refusals, the start, each match in its own
thread with both players mentioned, results advancing the winners, the live bracket and the champion."""

from __future__ import annotations

import re

from tests.e2e.table import MENTION, Table, acknowledged_in_time, labels
from tests.support.discord_standin import Channel, DiscordStandin, Message, ScenarioUser, wait_until
from tests.support.discord_standin.launcher import BotProcess


async def new_thread(standin: DiscordStandin, before: set[int]) -> Channel:
    await standin.eventually(lambda: {t.id for t in standin.threads} - before, timeout=15, what="a new thread")
    (thread,) = [t for t in standin.threads if t.id not in before]
    return thread


async def play_thread_match(standin: DiscordStandin, thread: Channel, users: dict[int, ScenarioUser]
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
    channel = standin.channels[alice.channel.id]

    reply = acknowledged_in_time(await alice.slash("tournament create", name="Friday Cup", length=1, size=4))
    signup = reply.message
    assert signup is not None and labels(signup) == ["Join", "Leave"]
    assert "**Friday Cup**" in signup.content and "Signed up (0/4): nobody yet" in signup.content

    for user in (alice, bob, carol):
        acknowledged_in_time(await user.click(signup, "Join"))
        await wait_until(signup, lambda m, u=user: u.name in m.content, timeout=10)
    assert "Signed up (3/4): Alice, Bob, Carol" in signup.content

    # Refusals are private and change nothing.
    before = signup.content
    again = acknowledged_in_time(await bob.click(signup, "Join"))
    answer = await again.next_followup(timeout=10)
    assert answer.ephemeral and "already signed up" in answer.content
    refused = acknowledged_in_time(await alice.slash("tournament create", name="friday  cup"))
    assert "already a tournament called" in (await refused.settled(10)).content
    assert signup.content == before

    threads = {t.id for t in standin.threads}
    started = acknowledged_in_time(await alice.slash("tournament start"))
    await started.settled(10)
    # Three players: a bracket of four; the top seed has a bye, seeds 2 and 3 play at once in a thread.
    await wait_until(signup, lambda m: bool(m.attachments) and not m.buttons, timeout=15)
    assert "Semi-finals in play" in signup.content
    first_thread = await new_thread(standin, threads)
    assert first_thread.parent_id == channel.id and first_thread.name.startswith("Friday Cup Semi-finals: ")
    semi_winner, semi_loser = await play_thread_match(standin, first_thread, users)

    # The winner meets the top seed in the final, in a thread of its own; the bracket follows.
    await wait_until(signup, lambda m: "Final in play" in m.content, timeout=15)
    final_thread = await new_thread(standin, threads | {first_thread.id})
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
