"""A match in Discord as quiet as on the big sites (issue 33): a 3-point match played by whole-play buttons, as fast
as the players can, in its own thread. The thread keeps one final board per game and the move list; the channel
keeps the challenge (turned into a link to the thread) and one result line; at most one board has live controls at
any time; nobody is mentioned while both play fast; at most 2.5 calls per turn, and no per-channel rate limit hit.
A player away for a while gets one mention when the turn passes to them."""

from __future__ import annotations

import asyncio
import random

import pytest

from tests.e2e.conftest import seeded_env
from tests.e2e.quiet_counts import (
    CALLS_PER_TURN,
    counts,
    live_boards,
    only_what_a_match_keeps,
    turns_in,
    unread_mentions,
)
from tests.e2e.table import Table, choose_play, labels, plays_offered, start_match, whole_play_buttons
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser
from tests.support.discord_standin.pytest_plugin import LaunchBot

MAX_ACTIONS = 400
#: Seconds after which a player is away, in the test of mentions (production: 45).
AWAY = 3.0


async def act_fast(table: Table, rng: random.Random, doubles: float = 0.3) -> None:
    """One decision of the player to act, by buttons: roll (sometimes double), take or drop, or a whole play."""
    player = table.to_act()
    assert player is not None
    shown = labels(table.game)
    plays = whole_play_buttons(table.game)
    if "Roll" in shown:
        await table.click(player, "Double" if "Double" in shown and rng.random() < doubles else "Roll")
    elif "Take" in shown:
        await table.click(player, rng.choice(["Take", "Drop"]))
    elif plays:
        await table.click(player, rng.choice(plays))
    elif table.game.selects:
        await choose_play(table, player, rng.choice(plays_offered(table.game)))
    elif "Done" in shown:
        await table.click(player, "Done")
    else:
        await table.click(player, rng.choice([label for label in shown if label not in ("Undo", "Back")]))


@pytest.mark.slow
async def test_a_three_point_match_by_buttons_leaves_its_boards_and_moves_and_is_cheap(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    since = len(standin.calls)
    table = await start_match(standin, alice, bob, length=3)
    thread = table.channel
    assert thread.is_thread and thread.parent_id == standin.general.id  # issue 33: a thread by default
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
    result = await standin.wait_for_message(standin.general, timeout=10)  # one line in the channel
    assert "won the match" in result.content and str(thread.id) in result.content, result.content

    # The thread: one final board per game (the last one says who won the match), then the move list; the channel:
    # the challenge, a link to the thread now, and the result line.
    finals = only_what_a_match_keeps(standin, thread, moves, result)

    # Nobody was notified while both played fast, but each player at most once when first asked to act (the
    # challenger may have left after challenging).
    pinged = [m for m in thread.messages + standin.general.messages if m.pinged and m.id != thread.id]  # (challenge)
    assert len(pinged) <= 2 and all(len(m.pinged) == 1 for m in pinged), [m.pinged for m in pinged]
    assert len({user for m in pinged for user in m.pinged}) == len(pinged)
    # Cheap: at most 2.5 calls a turn, and no 429 from a channel's create limit (taking a window's last slot is
    # allowed: discord.py then waits for the window's reset, as Discord's headers tell it, instead of a 429).
    spent = counts(standin, {thread.id, standin.general.id}, since)
    print(f"3-point match by buttons: {len(finals)} games, {turns} turns, {spent}, {spent.per_turn(turns):.2f}/turn")
    assert turns > 10 and spent.per_turn(turns) <= CALLS_PER_TURN, (turns, str(spent))
    assert spent.uploads <= spent.created + spent.edited
    assert not standin.channel_limited


async def test_a_player_away_gets_one_mention_and_none_while_both_play_fast(
    standin: DiscordStandin, launch_bot: LaunchBot, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    await launch_bot(**seeded_env(), AWAY_SECONDS=str(AWAY))
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3, thread=False)
    channel = table.channel
    rng = random.Random(3)
    for _ in range(2):  # each player acts once: both are here from then on
        await whole_turn(table, rng)
    for _ in range(3):  # both here: the turn passes on the same board, nobody notified again
        first = table.game
        await whole_turn(table, rng)
        assert table.game is first and not first.deleted and not standin.messages[first.id].deleted
    for _ in range(2):  # the player to act has been away: a new board mentions them, the old one goes
        await asyncio.sleep(AWAY + 0.2)
        player = table.to_act()
        assert player is not None
        other = table.other(player)
        old = table.game
        await whole_turn(table, rng)
        assert old.deleted and table.game is not old and table.to_act() is other
        assert table.game.pinged == {other.id}
        assert unread_mentions(standin, channel, other.id) == 1 and unread_mentions(standin, channel, player.id) == 0
        assert live_boards(channel) == 1


async def whole_turn(table: Table, rng: random.Random) -> None:
    """The player to act rolls and plays, never doubling."""
    player = table.to_act()
    assert player is not None
    while table.to_act() is player:
        await act_fast(table, rng, doubles=0)
