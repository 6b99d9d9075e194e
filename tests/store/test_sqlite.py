"""The SQLite backend through aiosqlite (issue 32): one transaction per write that never interleaves with another
although each statement is its own trip, reads beside an open write, two databases (processes) on one file
queueing for its write lock, and the few trips a game action costs."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.engine.actions import Move
from bot.service import GameService
from bot.service import commands as cmd
from bot.store import Connection, IntegrityError, open_database
from bot.store.sqlite import SqliteDatabase
from tests.service.conftest import FakeClock
from tests.service.helpers import SeededDice, start_match


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[SqliteDatabase]:
    async with open_database(tmp_path / "sub" / "gammon.db") as database:
        assert isinstance(database, SqliteDatabase)
        yield database


async def test_two_writes_never_interleave_although_each_statement_awaits(db: SqliteDatabase) -> None:
    """Each write reads a counter, yields to the loop, then writes it back plus one: interleaved, updates would be
    lost (or BEGIN IMMEDIATE nested in an open transaction would fail)."""
    await db.execute("INSERT INTO meta (key, value) VALUES ('n', '0')")

    async def increment(connection: Connection) -> None:
        row = await connection.fetchone("SELECT value FROM meta WHERE key = 'n'")
        assert row is not None
        await asyncio.sleep(0)
        await connection.execute("UPDATE meta SET value = ? WHERE key = 'n'", (str(int(row[0]) + 1),))

    await asyncio.gather(*(db.write(increment) for _ in range(30)))
    row = await db.fetchone("SELECT value FROM meta WHERE key = 'n'")
    assert row is not None and row[0] == "30"


async def test_two_databases_on_one_file_queue_for_its_write_lock(tmp_path: Path) -> None:
    """Two processes sharing the file (shards), as two databases of one process: every read-check-write of either
    holds the write lock from its first statement, whether that reads (an explicit BEGIN IMMEDIATE) or writes
    (sqlite3's own): none fails with "database is locked" half way, none loses an update."""
    path = tmp_path / "shared.db"
    async with open_database(path) as first, open_database(path) as second:
        await first.execute("INSERT INTO meta (key, value) VALUES ('n', '0'), ('writes', '0')")

        async def read_first(connection: Connection) -> None:
            row = await connection.fetchone("SELECT value FROM meta WHERE key = 'n'")
            assert row is not None
            await asyncio.sleep(0.001)
            await connection.execute("UPDATE meta SET value = ? WHERE key = 'n'", (str(int(row[0]) + 1),))

        async def write_first(connection: Connection) -> None:
            await connection.execute("UPDATE meta SET value = value + 1 WHERE key = 'writes'")
            row = await connection.fetchone("SELECT value FROM meta WHERE key = 'n'")
            assert row is not None
            await asyncio.sleep(0.001)
            await connection.execute("UPDATE meta SET value = ? WHERE key = 'n'", (str(int(row[0]) + 1),))

        await asyncio.gather(*(db.write(work) for db in (first, second) for work in (read_first, write_first) * 10))
        rows = await second.fetchall("SELECT key, value FROM meta WHERE key IN ('n', 'writes') ORDER BY key")
    assert [(row[0], int(row[1])) for row in rows] == [("n", 40), ("writes", 20)]


async def test_a_read_does_not_wait_behind_a_write_in_progress(db: SqliteDatabase) -> None:
    await db.execute("INSERT INTO meta (key, value) VALUES ('k', 'old')")
    written, release = asyncio.Event(), asyncio.Event()

    async def slow_write(connection: Connection) -> None:
        await connection.execute("UPDATE meta SET value = 'new' WHERE key = 'k'")
        written.set()
        await release.wait()  # the transaction stays open, holding the write lock

    writing = asyncio.create_task(db.write(slow_write))
    await asyncio.wait_for(written.wait(), 5)
    row = await asyncio.wait_for(db.fetchone("SELECT value FROM meta WHERE key = 'k'"), 2)
    assert row is not None and row[0] == "old"  # the committed value, read beside the open transaction
    release.set()
    await writing
    row = await db.fetchone("SELECT value FROM meta WHERE key = 'k'")
    assert row is not None and row[0] == "new"


async def test_a_cancelled_caller_does_not_cut_a_write_short(db: SqliteDatabase) -> None:
    started = asyncio.Event()

    async def two_rows(connection: Connection) -> None:
        await connection.execute("INSERT INTO meta (key, value) VALUES ('a', 'x')")
        started.set()
        await asyncio.sleep(0.05)
        await connection.execute("INSERT INTO meta (key, value) VALUES ('b', 'x')")

    caller = asyncio.create_task(db.write(two_rows))
    await started.wait()
    caller.cancel()
    await asyncio.sleep(0.2)
    rows = await db.fetchall("SELECT key FROM meta ORDER BY key")
    assert [row[0] for row in rows] == ["a", "b"]


async def test_a_failed_write_is_rolled_back_with_the_stores_error(db: SqliteDatabase) -> None:
    async def clash(connection: Connection) -> None:
        await connection.execute("INSERT INTO meta (key, value) VALUES ('a', 'x')")
        await connection.execute("INSERT INTO meta (key, value) VALUES ('a', 'y')")

    with pytest.raises(IntegrityError):
        await db.write(clash)
    assert await db.fetchall("SELECT key FROM meta") == []
    assert await db.write(lambda c: c.execute("INSERT INTO meta (key, value) VALUES ('b', 'x')")) == 1


class Trips:
    """Every call made to the two aiosqlite connections (each one a trip to its thread): (connection, call, the
    statement's first word)."""

    def __init__(self, db: SqliteDatabase, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[str, str, str]] = []
        for name, connection in (("writer", db._writer), ("reader", db._reader)):
            assert connection is not None
            for call in ("execute", "executemany", "execute_fetchall", "executescript", "commit", "rollback"):
                monkeypatch.setattr(connection.raw, call, self._counted(name, call, getattr(connection.raw, call)))

    def _counted(self, name: str, call: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, call, str(args[0]).split(None, 1)[0].upper() if args else ""))
            return method(*args, **kwargs)

        return counted


async def test_a_game_action_is_one_read_and_four_trips_of_one_transaction(
    db: SqliteDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The match read on the read connection; `BEGIN IMMEDIATE` sent with the snapshot's UPDATE, the log's
    INSERT, the match row's UPDATE, the COMMIT on the write connection. Showing the board: an UPDATE (with its
    BEGIN) and the COMMIT."""
    service = GameService(db, dice=SeededDice(7), clock=FakeClock())
    record = (await start_match(service)).record
    index = record.match.to_act
    assert index is not None and Move in record.match.allowed(index)  # the opening roll is played at once
    play = str(record.match.legal_plays()[0])
    trips = Trips(db, monkeypatch)
    update = await service.act(record.id, record.players[index].user_id, cmd.PlayText(play), version=record.version)
    assert trips.calls == [
        ("reader", "execute_fetchall", "SELECT"),
        ("writer", "execute", "UPDATE"),
        ("writer", "executemany", "INSERT"),
        ("writer", "execute", "UPDATE"),
        ("writer", "commit", ""),
    ]
    trips.calls.clear()
    await service.boards.set_shown(record.id, record.channel_id, 1, update.record.version)
    assert trips.calls == [("writer", "execute", "UPDATE"), ("writer", "commit", "")]


async def test_a_write_that_writes_nothing_sends_nothing(db: SqliteDatabase, monkeypatch: pytest.MonkeyPatch) -> None:
    trips = Trips(db, monkeypatch)

    async def nothing(connection: Connection) -> int:
        await connection.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", [])
        return 0

    assert await db.write(nothing) == 0
    assert trips.calls == []


async def test_an_in_memory_database_reads_through_its_one_connection() -> None:
    """`:memory:` exists once per connection: reads go to the write connection (after writes, in order)."""
    async with open_database(":memory:") as db:
        await db.execute("INSERT INTO meta (key, value) VALUES ('k', 'v')")
        row = await db.fetchone("SELECT value FROM meta WHERE key = 'k'")
    assert row is not None and row[0] == "v"


async def test_statements_and_their_parameters_stay_out_of_a_debug_log(
    db: SqliteDatabase, caplog: pytest.LogCaptureFixture
) -> None:
    """aiosqlite logs each call with its parameters at DEBUG: the bot's DEBUG log must not show a running match's
    secret server seed (issue 18)."""
    caplog.set_level(logging.DEBUG)
    await db.execute("INSERT INTO meta (key, value) VALUES ('seed', ?)", ("the-secret-seed",))
    assert await db.fetchone("SELECT value FROM meta WHERE value = ?", ("the-secret-seed",)) is not None
    assert "the-secret-seed" not in caplog.text
