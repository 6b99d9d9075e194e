"""A match in Discord as quiet as on the big sites (issue 33): a player away for a while gets one mention when the
turn passes to them, and nobody is mentioned while both play fast. The bot counts a player as away after 3 seconds
here (a bot of its own); the 3-point match by whole-play buttons, as fast as the players can, that keeps only its
final boards and move list and costs at most 2.5 calls a turn is in test_click_match.py."""

from __future__ import annotations

import asyncio
import random

from tests.e2e.conftest import seeded_env
from tests.e2e.quiet_counts import live_boards, unread_mentions
from tests.e2e.table import Table, choose_play, labels, plays_offered, start_match, whole_play_buttons
from tests.support.discord_standin import DiscordStandin, ScenarioUser
from tests.support.discord_standin.pytest_plugin import LaunchBot

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


async def test_a_player_away_gets_one_mention_and_none_while_both_play_fast(
    standin: DiscordStandin, launch_bot: LaunchBot, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    await launch_bot(**seeded_env("5"), AWAY_SECONDS=str(AWAY))  # Alice, the challenger, opens
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3, thread=False)
    channel = table.channel
    assert table.to_act() is alice and not table.game.pinged  # both have just acted: the challenge, the accept
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


async def test_who_is_here_is_read_from_the_stored_match_so_a_restart_mentions_nobody(
    standin: DiscordStandin, launch_bot: LaunchBot, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """Both players act, the bot is killed and started again: the turn passes on the same board, as before the
    kill, with no new board and no mention, since when each player last acted is stored with their action."""
    bot = await launch_bot(**seeded_env("5"), AWAY_SECONDS="60")
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3, thread=False)
    rng = random.Random(3)
    for _ in range(2):
        await whole_turn(table, rng)
    first = table.game
    await bot.restart()
    for _ in range(2):
        await whole_turn(table, rng)
        assert table.game is first and not standin.messages[first.id].deleted
    assert not first.pinged
    assert unread_mentions(standin, table.channel, alice.id) == 0
    assert unread_mentions(standin, table.channel, bob.id) == 0
