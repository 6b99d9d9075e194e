"""The write of one game action: its three statements sent together (on SQLite in one trip to the thread), and
nothing of them kept when the match was at another version (another process stored an action meanwhile), on
either backend."""

from __future__ import annotations

import dataclasses

import pytest

from bot.service import GameService
from bot.service import commands as cmd
from bot.store import Connection, Database, StaleVersionError
from bot.store import matches as match_store
from bot.store.backend import Statement
from bot.store.match_log import load_log
from tests.service.helpers import start_match


async def test_statements_in_turn_run_in_order_and_count_their_changes(db: Database) -> None:
    async def work(connection: Connection) -> list[int]:
        return await connection.execute_in_turn(
            [
                Statement("INSERT INTO meta (key, value) VALUES (?, ?)", ("a", "1")),
                Statement("INSERT INTO meta (key, value) VALUES (?, ?)", rows=[("b", "1"), ("c", "1")]),
                Statement("UPDATE meta SET value = '2' WHERE key IN ('a', 'b', 'c')"),
                Statement("UPDATE meta SET value = '3' WHERE key = 'none'"),
            ]
        )

    assert await db.write(work) == [1, 0, 3, 0]
    rows = await db.fetchall("SELECT key, value FROM meta WHERE key IN ('a', 'b', 'c') ORDER BY key")
    assert [(row[0], row[1]) for row in rows] == [("a", "2"), ("b", "2"), ("c", "2")]


async def test_an_action_computed_from_an_older_version_writes_nothing(service: GameService, db: Database) -> None:
    record = (await start_match(service)).record
    seat = record.match.to_act
    assert seat is not None
    before = await db.read(lambda c: match_store.find_match(c, record.id))
    assert before is not None
    step = record.match.next_steps()[0]
    await service.act(record.id, record.players[seat].user_id, cmd.Step(step.start, step.die))
    after = await db.read(lambda c: match_store.find_match(c, record.id))
    log = await db.read(lambda c: load_log(c, record.id))
    progress = dataclasses.replace(
        match_store.MatchProgress("active", 9e9, 9e9, False, None, None, 0, 0, None), acted=(9e9, 9e9)
    )

    async def stale(connection: Connection) -> None:
        await match_store.record_action(
            connection, record.id, before.version, "{}", before.log_length + 1, ["{}", "{}"], None, 9e9, progress
        )

    with pytest.raises(StaleVersionError):
        await db.write(stale)
    assert await db.read(lambda c: match_store.find_match(c, record.id)) == after
    assert await db.read(lambda c: load_log(c, record.id)) == log
