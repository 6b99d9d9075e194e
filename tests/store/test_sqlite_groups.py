"""Writes that arrive while the SQLite write connection's thread is busy are committed together, one transaction and
one COMMIT for the group, each write under its own savepoint (bot.store.sqlite_writes): each caller gets its own
value or error, a failed write takes nothing of the others with it, and nobody is answered before the commit."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator, Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest

from bot.store import Connection, IntegrityError, open_database
from bot.store.sqlite import SqliteDatabase
from bot.store.sqlite_writes import Outcome
from tests.store.test_sqlite import Trips


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[SqliteDatabase]:
    async with open_database(tmp_path / "gammon.db") as database:
        assert isinstance(database, SqliteDatabase)
        yield database


class Groups:
    """The size of every group of writes run on the write connection's thread."""

    def __init__(self, db: SqliteDatabase, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sizes: list[int] = []
        run_group = db._writes._run_group

        def counted(raw: sqlite3.Connection, works: list[Any]) -> list[Outcome[Any]]:
            self.sizes.append(len(works))
            return run_group(raw, works)

        monkeypatch.setattr(db._writes, "_run_group", counted)


async def while_busy(db: SqliteDatabase, works: list[Callable[[Connection], Coroutine[Any, Any, Any]]]) -> list[Any]:
    """Start `works` while a first write holds the connection's thread, so that they wait and go as one group;
    what each gave (its value, or what it raised)."""
    holding, release = threading.Event(), threading.Event()

    async def hold(connection: Connection) -> None:
        await connection.execute("INSERT INTO meta (key, value) VALUES ('first', 'x')")
        holding.set()
        release.wait(10)

    first = asyncio.create_task(db.write(hold))
    assert await asyncio.to_thread(holding.wait, 5)
    waiting = [asyncio.create_task(db.write(work)) for work in works]
    await asyncio.sleep(0.01)
    assert not any(task.done() for task in waiting)  # none answered before its commit
    release.set()
    await first
    return await asyncio.gather(*waiting, return_exceptions=True)


def insert(key: str, value: int) -> Callable[[Connection], Coroutine[Any, Any, int]]:
    async def work(connection: Connection) -> int:
        await connection.execute("INSERT INTO meta (key, value) VALUES (?, 'x')", (key,))
        return value

    return work


async def keys(db: SqliteDatabase) -> list[str]:
    return [row[0] for row in await db.fetchall("SELECT key FROM meta ORDER BY key")]


async def test_writes_waiting_together_are_one_group_each_with_its_own_answer(
    db: SqliteDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    groups = Groups(db, monkeypatch)

    async def clash(connection: Connection) -> int:
        await connection.execute("INSERT INTO meta (key, value) VALUES ('c', 'x')")
        await connection.execute("INSERT INTO meta (key, value) VALUES ('c', 'y')")  # refused: rolled back alone
        return 3

    async def waits(connection: Connection) -> int:
        await connection.execute("INSERT INTO meta (key, value) VALUES ('w', 'x')")
        await asyncio.sleep(0)
        return 5

    answers = await while_busy(db, [insert("a", 1), insert("b", 2), clash, insert("d", 4), waits, insert("e", 6)])
    assert groups.sizes == [1, 6]
    assert answers[:2] == [1, 2] and answers[3] == 4 and answers[5] == 6
    assert isinstance(answers[2], IntegrityError)
    assert isinstance(answers[4], RuntimeError) and "awaited something besides" in str(answers[4])
    assert await keys(db) == ["a", "b", "d", "e", "first"]


async def test_a_group_is_one_transaction_and_one_commit(db: SqliteDatabase, monkeypatch: pytest.MonkeyPatch) -> None:
    trips = Trips(db, monkeypatch)
    await trips.start()
    trips.clear()
    assert await while_busy(db, [insert(key, 0) for key in "abcd"]) == [0] * 4
    writer = [word for name, word in trips.statements if name == "writer"]
    assert writer.count("COMMIT") == 2  # the first write's, then the group's
    assert writer[writer.index("COMMIT") + 1 :] == ["BEGIN"] + ["SAVEPOINT", "INSERT"] * 4 + ["COMMIT"]
    assert trips.trips.count("writer") == 5  # each write's call to take the queue: the first took all four


async def test_a_commit_that_fails_fails_every_write_of_its_group_and_stores_none(db: SqliteDatabase) -> None:
    """A deferred foreign key is checked at the COMMIT (the project declares none; a test table does)."""
    await db.execute("CREATE TABLE parent (id INTEGER PRIMARY KEY)")
    await db.execute("CREATE TABLE child (parent INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)")

    async def orphan(connection: Connection) -> int:
        await connection.execute("INSERT INTO child (parent) VALUES (99)")
        return 0

    answers = await while_busy(db, [insert("a", 1), orphan, insert("b", 2)])
    assert all(isinstance(answer, IntegrityError) for answer in answers)
    assert await keys(db) == ["first"]
    assert await db.fetchall("SELECT parent FROM child") == []
    assert await db.write(insert("c", 3)) == 3  # the connection goes on


async def test_a_caller_cancelled_while_its_write_waits_still_has_it_committed(db: SqliteDatabase) -> None:
    holding, release = threading.Event(), threading.Event()

    async def hold(connection: Connection) -> None:
        holding.set()
        release.wait(10)

    first = asyncio.create_task(db.write(hold))
    assert await asyncio.to_thread(holding.wait, 5)
    caller = asyncio.create_task(db.write(insert("a", 1)))
    await asyncio.sleep(0.01)
    caller.cancel()
    release.set()
    await first
    with pytest.raises(asyncio.CancelledError):
        await caller
    await db._writes.finished()
    assert await keys(db) == ["a"]


async def test_a_write_after_the_connection_closed_fails_with_nothing_left_waiting(tmp_path: Path) -> None:
    async with open_database(tmp_path / "closed.db") as db:
        assert isinstance(db, SqliteDatabase)
    with pytest.raises(RuntimeError, match="closed"):
        await db.write(insert("a", 1))
    assert not db._writes._waiting and not db._writes._sent


async def test_closing_the_database_commits_the_writes_still_waiting(tmp_path: Path) -> None:
    path = tmp_path / "closing.db"
    async with open_database(path) as db:
        writes = [asyncio.ensure_future(db.write(insert(str(number), number))) for number in range(20)]
        await asyncio.sleep(0)
    assert [write.result() for write in writes] == list(range(20))
    async with open_database(path) as db:
        rows = await db.fetchall("SELECT count(*) FROM meta")
    assert rows[0][0] == 20
