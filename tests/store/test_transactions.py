"""`Database.write` (issue 10, issue 19): one transaction per call, committed or rolled back as a whole, on either
backend (the `db` fixture runs each test on SQLite and on PostgreSQL)."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import Connection, Database, IntegrityError
from bot.store.backend import numbered_placeholders


async def keys(db: Database) -> list[str]:
    return [str(row[0]) for row in await db.fetchall("SELECT key FROM meta ORDER BY key")]


async def put(connection: Connection, key: str) -> int:
    return await connection.execute("INSERT INTO meta (key, value) VALUES (?, 'x')", (key,))


async def test_the_work_is_committed_and_its_result_returned(db: Database) -> None:
    assert await db.write(lambda c: put(c, "a")) == 1
    assert await keys(db) == ["a"]


async def test_an_error_rolls_everything_back(db: Database) -> None:
    async def half_then_fail(connection: Connection) -> None:
        await put(connection, "b")
        await put(connection, "b")  # primary key clash

    with pytest.raises(IntegrityError):
        await db.write(half_then_fail)
    assert await db.write(lambda c: put(c, "c")) == 1
    assert await keys(db) == ["c"]


async def test_any_exception_rolls_back_and_reaches_the_caller(db: Database) -> None:
    async def fail(connection: Connection) -> None:
        await put(connection, "d")
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        await db.write(fail)
    assert await keys(db) == []


async def test_a_refusal_inside_a_savepoint_leaves_the_transaction_usable(db: Database) -> None:
    """How a unique index's refusal is handled mid-transaction (a rematch raced by another process)."""

    async def work(connection: Connection) -> str:
        await put(connection, "first")
        try:
            async with connection.savepoint():
                await put(connection, "second")
                await put(connection, "first")  # primary key clash: both statements of the savepoint undone
        except IntegrityError:
            pass
        await put(connection, "third")
        return "committed"

    assert await db.write(work) == "committed"
    assert await keys(db) == ["first", "third"]


async def test_concurrent_writes_never_interleave(db: Database) -> None:
    """Each write reads the counter and stores it plus one: interleaved transactions would lose increments."""
    await db.execute("INSERT INTO meta (key, value) VALUES ('n', '0')")

    async def increment(connection: Connection) -> None:
        await connection.lock("match", 1)  # PostgreSQL: the per-match lock; SQLite holds the file's write lock
        row = await connection.fetchone("SELECT value FROM meta WHERE key = 'n'")
        assert row is not None
        await connection.execute("UPDATE meta SET value = ? WHERE key = 'n'", (str(int(row[0]) + 1),))

    await asyncio.gather(*(db.write(increment) for _ in range(40)))
    row = await db.fetchone("SELECT value FROM meta WHERE key = 'n'")
    assert row is not None and row[0] == "40"


async def test_a_write_once_started_finishes_when_its_caller_is_cancelled(db: Database) -> None:
    task = asyncio.create_task(db.write(lambda c: put(c, "kept")))
    await asyncio.sleep(0)  # queued (SQLite) or begun (PostgreSQL)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    for _ in range(100):
        if await keys(db) == ["kept"]:
            break
        await asyncio.sleep(0.01)
    assert await keys(db) == ["kept"]


async def test_rows_read_by_name_and_by_position(db: Database) -> None:
    await db.execute("INSERT INTO meta (key, value) VALUES (?, ?)", ("k", "v"))
    row = await db.fetchone("SELECT key, value FROM meta WHERE key = ?", ("k",))
    assert row is not None and (row["key"], row[1]) == ("k", "v")
    assert tuple(row) == ("k", "v")
    assert await db.fetchone("SELECT key FROM meta WHERE key = ?", ("none",)) is None


def test_placeholders_are_numbered_outside_quotes_only() -> None:
    assert numbered_placeholders("SELECT ? , '?', \"a?\" -- ?\n, ?") == "SELECT $1 , '?', \"a?\" -- ?\n, $2"
