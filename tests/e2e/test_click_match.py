"""Whole matches played to the end through clicks only, with random legal choices and seeded dice: a 3-point match
by single clicks (on both databases), a 3-point match by whole-play buttons as quiet and cheap as issue 33 asks, and
1-point matches one after the other with no board but the last one live (issue 16's leftover, issue 20). The
scenarios share one bot per database, each in a channel of its own."""

from __future__ import annotations

import random
import re

import pytest

from tests.e2e.boards_left import only_the_final_board_is_live
from tests.e2e.conftest import BACKENDS, ON_SQLITE, one_bot_per_module
from tests.e2e.quiet_counts import CALLS_PER_TURN, counts, live_boards, only_what_a_match_keeps, turns_in
from tests.e2e.table import acknowledged_in_time, finish_turn, labels, start_match
from tests.e2e.test_quiet_match import act_fast
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser

MAX_CLICKS = 4000
MAX_ACTIONS = 400  # decisions in the match by whole-play buttons
#: 1-point matches played one after the other (Rematch) by the last scenario, and its clicks at most in each.
MATCHES_IN_A_ROW, MAX_CLICKS_A_MATCH = 3, 2000

pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module(backends=BACKENDS)  # issue 19: on SQLite, then on PostgreSQL


def choose(rng: random.Random, shown: list[str]) -> str:
    """A random legal choice, leaning towards progress: mostly roll, sometimes double, rarely undo or go back."""
    if "Roll" in shown:
        return "Double" if "Double" in shown and rng.random() < 0.2 else "Roll"
    if "Take" in shown:
        return rng.choice(["Take", "Drop"])
    if "Done" in shown:
        return "Undo" if rng.random() < 0.1 else "Done"
    moves = [label for label in shown if label not in ("Undo", "Back")]
    if "Undo" in shown and rng.random() < 0.05:
        return "Undo"
    if "Back" in shown and rng.random() < 0.1:
        return "Back"
    return rng.choice(moves)


@pytest.mark.slow
async def test_three_point_match_by_clicks_to_the_end(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3)
    rng = random.Random(7)
    clicks = 0
    while (player := table.to_act()) is not None:
        assert clicks < MAX_CLICKS, "the match did not end"
        shown = labels(table.game)
        assert shown, table.game.content
        await table.click(player, choose(rng, shown))
        clicks += 1
    final = table.game
    assert labels(final) == ["Rematch"]  # issue 20: a finished match offers a rematch
    won = re.search(r"\*\*(Alice|Bob) wins the match (\d+)-(\d+)!\*\*", final.content)
    assert won is not None, final.content
    assert int(won.group(2)) >= 3 > int(won.group(3))
    assert all(board.history[0].attachments[-1].is_png for board in table.boards)  # each posted with its picture
    # issue 33: every earlier board was deleted (what happened is on the board that replaced it), but for each game's
    # final board, which says who won, without controls
    for board in table.boards[:-1]:
        assert board.deleted or (" wins " in board.content and not board.buttons), [h.content for h in board.history]
    print(f"{clicks} clicks, {len(table.boards)} game messages")
    print(standin.latency_report().splitlines()[0])


@pytest.mark.slow
@ON_SQLITE
async def test_a_three_point_match_by_buttons_leaves_its_boards_and_moves_and_is_cheap(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    lobby = alice.channel
    since = len(standin.calls)
    table = await start_match(standin, alice, bob, length=3)
    thread = table.channel
    assert thread.is_thread and thread.parent_id == lobby.id  # issue 33: a thread by default
    rng = random.Random(33)
    doubles = 0.1  # some games end early on a drop, most are played out
    for _ in range(MAX_ACTIONS):
        if table.to_act() is None:
            break
        await act_fast(table, rng, doubles)
        assert live_boards(thread) == 1, [m.content for m in thread.messages if not m.deleted]
    else:
        raise AssertionError("the match did not end")
    assert "wins the match" in table.game.content and labels(table.game) == ["Rematch"]
    moves = await standin.wait_for_message(thread, timeout=10)  # the move list, after the final board
    assert moves.content.startswith("**Moves of match") and (moves.attachments or "```" in moves.content)
    text = moves.content if not moves.attachments else moves.attachments[0].data.decode()
    turns = turns_in(text)
    result = await standin.wait_for_message(lobby, timeout=10)  # one line in the channel
    assert "won the match" in result.content and str(thread.id) in result.content, result.content

    # The thread: one final board per game (the last one says who won the match), then the move list; the channel:
    # the challenge, a link to the thread now, and the result line.
    finals = only_what_a_match_keeps(standin, thread, moves, result)

    # Nobody was notified while both played fast, but each player at most once when first asked to act (the
    # challenger may have left after challenging).
    pinged = [m for m in thread.messages + lobby.messages if m.pinged and m.id != thread.id]  # (the challenge)
    assert len(pinged) <= 2 and all(len(m.pinged) == 1 for m in pinged), [m.pinged for m in pinged]
    assert len({user for m in pinged for user in m.pinged}) == len(pinged)
    # Cheap: at most 2.5 calls a turn, and no 429 from a channel's create limit (taking a window's last slot is
    # allowed: discord.py then waits for the window's reset, as Discord's headers tell it, instead of a 429).
    spent = counts(standin, {thread.id, lobby.id}, since)
    print(f"3-point match by buttons: {len(finals)} games, {turns} turns, {spent}, {spent.per_turn(turns):.2f}/turn")
    assert turns > 10 and spent.per_turn(turns) <= CALLS_PER_TURN, (turns, str(spent))
    assert spent.uploads <= spent.created + spent.edited
    assert not {thread.id, lobby.id} & set(standin.channel_limited)


@pytest.mark.slow
@ON_SQLITE
async def test_after_one_point_matches_by_clicks_only_the_final_board_is_live(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """Several 1-point matches played by clicks, one after the other (Rematch): after each, no message in the
    channel but its final board has game controls."""
    alice, bob = players
    table = await start_match(standin, alice, bob, length=1)
    rng = random.Random(16)
    for played in range(1, MATCHES_IN_A_ROW + 1):
        for _ in range(MAX_CLICKS_A_MATCH):
            player = table.to_act()
            if player is None:
                break
            if "Roll" in labels(table.game):
                await table.click(player, "Roll")
            else:
                await finish_turn(table, rng)
        else:
            raise AssertionError(f"match {played} did not end")
        final = table.game
        assert "wins the match" in final.content, final.content
        await only_the_final_board_is_live(standin, table.channel, final)
        if played < MATCHES_IN_A_ROW:
            seen = len(table.channel.messages)
            acknowledged_in_time(await alice.click(final, "Rematch"))  # both press it (issue 20) ...
            await standin.eventually(  # ... Bob after Alice's request, which shows the dice's commitment (issue 31)
                lambda seen=seen: any("wants a rematch" in m.content for m in table.channel.messages[seen:]),
                timeout=10,
                what="the request for a rematch",
            )
            acknowledged_in_time(await bob.click(final, "Rematch"))
            await table.next_board()
