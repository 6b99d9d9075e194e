"""The SQLite backend through aiosqlite (issue 32): each read or write one trip to its connection's thread, one
transaction per write that never interleaves with another, reads beside an open write, two databases (processes)
on one file queueing for its write lock, a work that awaits anything else refused with nothing written, and the
statements a game action costs."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot.engine.actions import Move
from bot.service import GameService
from bot.service import commands as cmd
from bot.store import Connection, IntegrityError, open_database
from bot.store.sqlite import SqliteDatabase, on_thread
from tests.service.conftest import FakeClock
from tests.service.helpers import SeededDice, start_match


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[SqliteDatabase]:
    async with open_database(tmp_path / "sub" / "gammon.db") as database:
        assert isinstance(database, SqliteDatabase)
        yield database


async def test_two_writes_never_interleave(db: SqliteDatabase) -> None:
    """Each write reads a counter, lets other threads run, then writes it back plus one: interleaved, updates would
    be lost (or BEGIN IMMEDIATE nested in an open transaction would fail)."""
    await db.execute("INSERT INTO meta (key, value) VALUES ('n', '0')")

    async def increment(connection: Connection) -> None:
        row = await connection.fetchone("SELECT value FROM meta WHERE key = 'n'")
        assert row is not None
        time.sleep(0.0005)
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
            time.sleep(0.001)  # on the connection's thread: the other database's writes wait for the file
            await connection.execute("UPDATE meta SET value = ? WHERE key = 'n'", (str(int(row[0]) + 1),))

        async def write_first(connection: Connection) -> None:
            await connection.execute("UPDATE meta SET value = value + 1 WHERE key = 'writes'")
            row = await connection.fetchone("SELECT value FROM meta WHERE key = 'n'")
            assert row is not None
            time.sleep(0.001)
            await connection.execute("UPDATE meta SET value = ? WHERE key = 'n'", (str(int(row[0]) + 1),))

        await asyncio.gather(*(db.write(work) for db in (first, second) for work in (read_first, write_first) * 10))
        rows = await second.fetchall("SELECT key, value FROM meta WHERE key IN ('n', 'writes') ORDER BY key")
    assert [(row[0], int(row[1])) for row in rows] == [("n", 40), ("writes", 20)]


async def test_a_read_does_not_wait_behind_a_write_in_progress(db: SqliteDatabase) -> None:
    await db.execute("INSERT INTO meta (key, value) VALUES ('k', 'old')")
    written, release = threading.Event(), threading.Event()

    async def slow_write(connection: Connection) -> None:
        await connection.execute("UPDATE meta SET value = 'new' WHERE key = 'k'")
        written.set()
        release.wait(10)  # the write connection's thread keeps the transaction open, holding the write lock

    writing = asyncio.create_task(db.write(slow_write))
    assert await asyncio.to_thread(written.wait, 5)
    row = await asyncio.wait_for(db.fetchone("SELECT value FROM meta WHERE key = 'k'"), 2)
    assert row is not None and row[0] == "old"  # the committed value, read beside the open transaction
    release.set()
    await writing
    row = await db.fetchone("SELECT value FROM meta WHERE key = 'k'")
    assert row is not None and row[0] == "new"


async def test_a_cancelled_caller_does_not_cut_a_write_short(db: SqliteDatabase) -> None:
    started = threading.Event()

    async def two_rows(connection: Connection) -> None:
        await connection.execute("INSERT INTO meta (key, value) VALUES ('a', 'x')")
        started.set()
        time.sleep(0.05)
        await connection.execute("INSERT INTO meta (key, value) VALUES ('b', 'x')")

    caller = asyncio.create_task(db.write(two_rows))
    assert await asyncio.to_thread(started.wait, 5)
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


async def test_a_work_that_awaits_anything_but_its_connection_fails_with_nothing_written(db: SqliteDatabase) -> None:
    async def waits(connection: Connection) -> None:
        await connection.execute("INSERT INTO meta (key, value) VALUES ('a', 'x')")
        await asyncio.sleep(0)

    with pytest.raises(RuntimeError, match="awaited something besides its connection"):
        await db.write(waits)

    async def reads_and_waits(connection: Connection) -> None:
        await connection.fetchall("SELECT key FROM meta")
        await asyncio.sleep(0)

    with pytest.raises(RuntimeError, match="awaited something besides its connection"):
        await db.read(reads_and_waits)
    assert await db.fetchall("SELECT key FROM meta") == []


class Trips:
    """Every trip to the two aiosqlite connections' threads (connection name), and every statement sqlite3 ran on
    them (connection name, the statement's first word)."""

    def __init__(self, db: SqliteDatabase, monkeypatch: pytest.MonkeyPatch) -> None:
        self.trips: list[str] = []
        self.statements: list[tuple[str, str]] = []
        self.connections: list[tuple[str, aiosqlite.Connection]] = []
        for name, connection in (("writer", db._writer), ("reader", db._reader)):
            assert connection is not None
            monkeypatch.setattr(connection, "_execute", self._counted(name, connection._execute))
            self.connections.append((name, connection))

    async def start(self) -> None:
        for name, connection in self.connections:
            await connection.set_trace_callback(self._traced(name))

    def _counted(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            self.trips.append(name)
            return method(*args, **kwargs)

        return counted

    def _traced(self, name: str) -> Callable[[str], None]:
        def traced(statement: str) -> None:
            self.statements.append((name, statement.split(None, 1)[0].upper()))

        return traced

    def clear(self) -> None:
        self.trips.clear()
        self.statements.clear()


async def test_the_aiosqlite_inside_the_store_uses_is_there(db: SqliteDatabase) -> None:
    """`on_thread` relies on aiosqlite's `_execute` and `_conn`: a release without them fails here first."""
    assert db._writer is not None
    assert await on_thread(db._writer, lambda raw: isinstance(raw, sqlite3.Connection) and raw.in_transaction) is False
    assert threading.get_ident() != await on_thread(db._writer, lambda raw: threading.get_ident())


async def test_a_game_action_is_one_read_and_one_write_trip(
    db: SqliteDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The match read on the read connection; on the write connection, in one trip, the snapshot's UPDATE (sqlite3
    begins the transaction with it), the log's INSERT, the match row's UPDATE and the COMMIT. Showing the board: an
    UPDATE and the COMMIT, one trip."""
    service = GameService(db, dice=SeededDice(7), clock=FakeClock())
    record = (await start_match(service)).record
    index = record.match.to_act
    assert index is not None and Move in record.match.allowed(index)  # the opening roll is played at once
    play = str(record.match.legal_plays()[0])
    trips = Trips(db, monkeypatch)
    await trips.start()
    trips.clear()
    update = await service.act(record.id, record.players[index].user_id, cmd.PlayText(play), version=record.version)
    assert trips.trips == ["reader", "writer"]
    assert [word for _, word in trips.statements if word != "BEGIN"] == [
        "SELECT",
        "UPDATE",
        "INSERT",
        "UPDATE",
        "COMMIT",
    ]
    assert [name for name, _ in trips.statements] == ["reader"] + ["writer"] * (len(trips.statements) - 1)
    trips.clear()
    await service.boards.set_shown(record.id, record.channel_id, 1, update.record.version)
    assert trips.trips == ["writer"]
    assert [word for _, word in trips.statements if word != "BEGIN"] == ["UPDATE", "COMMIT"]


async def test_a_write_that_writes_nothing_sends_nothing(db: SqliteDatabase, monkeypatch: pytest.MonkeyPatch) -> None:
    trips = Trips(db, monkeypatch)
    await trips.start()
    trips.clear()

    async def nothing(connection: Connection) -> int:
        await connection.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", [])
        return 0

    assert await db.write(nothing) == 0
    assert trips.trips == ["writer"] and trips.statements == []


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
