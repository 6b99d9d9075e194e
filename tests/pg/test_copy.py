"""`python -m bot.store.copy`: a played SQLite database copied into PostgreSQL and back is the same database,
and `python -m bot.service.check` passes on each copy (issue 19)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.engine import actions as engine
from bot.engine.options import MatchOptions
from bot.ratings.hook import rate_finished_match
from bot.service import GameService
from bot.service import commands as cmd
from bot.service.check import check_database
from bot.service.check import main as check_main
from bot.store import Database, open_database
from bot.store.copy import CopyError, copy_database, tables
from bot.store.copy import main as copy_main
from tests.service.helpers import ALICE, BOB, GUILD, SeededDice, play_to_the_end, random_action, start_match
from tests.support.postgres import ThrowawayPostgres


async def dump(db: Database) -> dict[str, list[tuple[object, ...]]]:
    """Every table's rows, in one order whatever the backend returns them in."""
    return {
        name: sorted((tuple(row) for row in await db.fetchall(f"SELECT * FROM {name}")), key=repr)
        for name in await tables(db)
    }


async def play_some(db: Database, first_channel: int, *, open_challenge: bool = True) -> None:
    """Finished (rated), running and aborted matches, an open challenge and guild settings."""
    import random

    service = GameService(db, dice=SeededDice(first_channel), on_match_finished=[rate_finished_match])
    finished = (await start_match(service, first_channel, MatchOptions(3))).record
    await play_to_the_end(service, finished, seed=first_channel)
    running = (await start_match(service, first_channel + 1, MatchOptions(5))).record
    rng = random.Random(first_channel)
    for _ in range(12):
        running = (await random_action(service, running, rng)).record
    aborted = (await start_match(service, first_channel + 2)).record
    await service.act(aborted.id, ALICE.user_id, cmd.Ask(engine.Abort))
    if open_challenge:
        await service.challenges.create(
            guild_id=GUILD, channel_id=first_channel + 3, challenger=BOB, opponent=ALICE, options=MatchOptions(1)
        )
    await service.settings.set_turn_limit(GUILD, 3600)
    await service.settings.set_player_prefs(ALICE, auto_done=True)
    await service.timers.heartbeat()


@pytest.mark.slow
async def test_sqlite_to_postgresql_and_back_keeps_every_row(
    tmp_path: Path, postgres_server: ThrowawayPostgres
) -> None:
    source = tmp_path / "source.db"
    async with open_database(source) as db:
        await play_some(db, 10)
        original = await dump(db)
    assert sum(len(rows) for rows in original.values()) > 50
    postgres = await postgres_server.create_database()
    back = tmp_path / "back.db"
    try:
        assert await asyncio.to_thread(copy_main, [str(source), postgres]) == 0
        assert await asyncio.to_thread(check_main, [postgres]) == 0
        async with open_database(postgres) as db:
            assert await dump(db) == original
            report = await check_database(db)
            assert report.consistent and report.matches_checked == 3
            await play_some(db, 20, open_challenge=False)  # the copy plays on: new ids follow the copied ones
            grown = await dump(db)
        assert await asyncio.to_thread(copy_main, [postgres, f"sqlite:///{back}"]) == 0
        assert await asyncio.to_thread(check_main, [str(back)]) == 0
        async with open_database(back) as db:
            assert await dump(db) == grown
    finally:
        await postgres_server.drop_database(postgres)


async def test_the_copy_refuses_a_target_with_rows(db: Database, tmp_path: Path) -> None:
    await db.execute("INSERT INTO players (user_id, name, updated_at) VALUES (1, 'Alice', 0)")
    async with open_database(tmp_path / "other.db") as other:
        await other.execute("INSERT INTO players (user_id, name, updated_at) VALUES (2, 'Bob', 0)")
        with pytest.raises(CopyError, match="not empty"):
            await copy_database(other, db)
    assert [tuple(row) for row in await db.fetchall("SELECT user_id, name FROM players")] == [(1, "Alice")]
