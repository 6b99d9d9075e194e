"""Two bot processes, shards 0 and 1 of 2, against one stand-in and one shared database (issue 19).

Each process logs in with its shard and gets only its guilds' events (the stand-in routes them by Discord's
formula), so each answers only its guilds' interactions, and its timers touch only its guilds' matches: a
reminder due in a guild of shard 1 is sent by shard 1's process only, never by shard 0's, even while shard 1's
process is down. Killing one process leaves the other's games untouched; restarted, it resumes its own.
Both respect the stand-in's IDENTIFY limit (the one process with both shards: Discord's real 5 s).
The service clock runs 60 times faster (tests/e2e/site), from one origin shared by both processes.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time
from pathlib import Path

import pytest

from tests.e2e.conftest import seeded_env
from tests.e2e.table import acknowledged_in_time, finish_turn, start_match
from tests.support.discord_standin import BotProcess, Channel, DiscordStandin, ScenarioUser
from tests.support.discord_standin.gateway import IDENTIFY_INTERVAL_SECONDS, shard_for
from tests.support.discord_standin.pytest_plugin import LaunchBot

CLOCK_RATE = 60.0
TURN_LIMIT = "10m"  # at 60x: the reminder 5 s after the board is shown, the claim offer after 10 s
REMINDER_DUE_SECONDS = 5.0


def reminded(database: Path, channel_id: int) -> list[int]:
    """The `reminded` flag of the channel's match, read from the shared database file."""
    with sqlite3.connect(database) as connection:
        return [
            row[0] for row in connection.execute("SELECT reminded FROM matches WHERE channel_id = ?", (channel_id,))
        ]


@pytest.mark.slow
async def test_two_sharded_processes_share_the_work_and_survive_each_other(
    standin: DiscordStandin, launch_bot: LaunchBot, tmp_path: Path
) -> None:
    channels, players = guilds_with_players(standin)
    database = tmp_path / "shared" / "gammon.db"
    first, second = await one_process_per_shard(standin, launch_bot, database)

    # Each guild is played through its own shard's process.
    limit = acknowledged_in_time(await players[1][0].slash("bgadmin turn-limit", duration=TURN_LIMIT))
    assert "10 minutes" in (await limit.settled()).content
    rng = random.Random(19)
    table0 = await start_match(standin, *players[0], length=3, thread=False)  # each match in its guild's channel
    await finish_turn(table0, rng)
    table1 = await start_match(standin, *players[1], length=3, thread=False)
    await finish_turn(table1, rng)
    shown_at = time.monotonic()

    # Shard 1's process dies. Its guild's clicks reach nobody (shard 0's process never gets them) ...
    await second.kill()
    before_kill = len(channels[1].messages)
    waiting = table1.to_act()
    assert waiting is not None
    lost = await waiting.click(table1.game, table1.game.buttons[0].label)
    assert not lost.acknowledged
    # ... while shard 0's games go on.
    await finish_turn(table0, rng)
    await finish_turn(table0, rng)
    await asyncio.sleep(max(0.0, shown_at + REMINDER_DUE_SECONDS + 3.0 - time.monotonic()))
    assert [v.rule for v in standin.take_violations()] == ["acknowledge within 3 s"]
    # The reminder is due in shard 1's guild, and shard 0's process, up all along, has not touched it.
    assert reminded(database, channels[1].id) == [0]
    assert not [m.content for m in channels[1].messages[before_kill:] if not m.ephemeral]

    # Restarted, shard 1's process sends its reminder and resumes its match; shard 0's match is left alone.
    versions = {m.id: m.version for m in channels[0].messages}
    await second.start()
    await second.wait_ready()
    # The board posted anew with the reminder (issue 33), or with the claim offer when the limit ran out too
    # meanwhile (its identify waits 5 s): one board mentioning the player to act either way.
    reminder = await table1.next_board(timeout=15)
    assert waiting.id in reminder.pinged and table1.to_act() is waiting
    assert f"\n> {waiting.mention}, reminder: it is your turn" in reminder.content or (
        f"{waiting.name} has not acted for 10 minutes" in reminder.content
    )
    assert reminded(database, channels[1].id) == [1]
    await finish_turn(table1, rng)
    assert {m.id: m.version for m in channels[0].messages} == versions
    await finish_turn(table0, rng)
    assert "Shard ID 1" not in first.log() and "Shard ID 0" not in second.log()  # each connected its own shard only


def guilds_with_players(standin: DiscordStandin) -> tuple[list[Channel], list[tuple[ScenarioUser, ScenarioUser]]]:
    """A guild on each of shards 0 and 1 of 2, each with a channel "games" and two players who play there."""
    guilds = [standin.add_guild(f"shard {n}", shard=(n, 2)) for n in (0, 1)]
    assert [shard_for(g.id, 2) for g in guilds] == [0, 1]
    channels = [standin.add_channel("games", guild) for guild in guilds]
    players = []
    for n, channel in enumerate(channels):
        pair = (standin.add_user(f"Alice{n}"), standin.add_user(f"Bob{n}"))
        for user in pair:
            user.channel = channel
        players.append(pair)
    return channels, players


async def one_process_per_shard(
    standin: DiscordStandin, launch_bot: LaunchBot, database: Path
) -> tuple[BotProcess, BotProcess]:
    """The processes of shards 0 and 1 on one database file, logged in with their shard within the IDENTIFY limit."""
    env = seeded_env(clock_rate=CLOCK_RATE) | {
        "GAMMON_TEST_CLOCK_ORIGIN": repr(time.time()),
        "DATABASE_PATH": str(database),
        "DEV_GUILD_ID": "",  # global commands: the guilds of both shards have them
        "SHARD_COUNT": "2",
    }
    first = await launch_bot(**env, SHARD_IDS="0")
    second = await launch_bot(**env, SHARD_IDS="1")
    await standin.eventually(
        lambda: "serving shard 0 of 2" in first.log() and "serving shard 1 of 2" in second.log(),
        timeout=10,
        what="both processes logged in with their shard",
    )
    # Discord's IDENTIFY limit is per bot, not per process: had the second process identified too soon after
    # the first (here within the fixtures' 1 s), it would be refused (opcode 9) and identify again after
    # discord.py's 5 s wait.
    assert {r.shard_id for r in standin.refused_identifies} <= {1}
    assert [shard for shard, _ in standin.identify_times] == [0, 1]
    return first, second


@pytest.mark.slow
async def test_one_process_with_both_shards_answers_every_guild(standin: DiscordStandin, launch_bot: LaunchBot) -> None:
    guilds = [standin.add_guild(f"shard {n}", shard=(n, 2)) for n in (0, 1)]
    standin.identify_interval = IDENTIFY_INTERVAL_SECONDS  # Discord's real 5 s, not the fixtures' shorter one
    bot = await launch_bot(SHARD_COUNT="2", DEV_GUILD_ID="")  # SHARD_IDS empty: every shard in this process
    assert set(standin.current) == {0, 1}
    # Within Discord's IDENTIFY limit (max_concurrency 1: one per 5 s), so nothing was refused.
    assert standin.refused_identifies == []
    (first, at), (second, then) = standin.identify_times
    assert (first, second) == (0, 1) and then - at >= 5.0
    alice = standin.add_user("Alice")
    for guild in guilds:
        reply = acknowledged_in_time(await alice.slash("bg help", in_channel=standin.general_of(guild)))
        answer = await reply.settled()
        assert "/bg challenge" in answer.content + str(answer.embeds)  # the help text, from this one process
    await standin.eventually(lambda: "serving all 2 shards" in bot.log(), timeout=10, what="the log-in line")
