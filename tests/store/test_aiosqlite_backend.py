"""The aiosqlite backend (issue 19 experiment): the stdlib backend's pragmas and migrations, writes that never
interleave although each statement is its own trip, and reads that do not wait behind a write."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.store import Connection
from bot.store.aiosqlite_backend import AiosqliteDatabase, migrate
from bot.store.database import migrations, open_database, sqlite_path


def url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path}/sub/gammon.db"


async def test_the_url_opens_the_file_with_the_stdlib_backends_pragmas(tmp_path: Path) -> None:
    assert sqlite_path(url(tmp_path)) == tmp_path / "sub" / "gammon.db"
    async with open_database(url(tmp_path)) as db:
        assert isinstance(db, AiosqliteDatabase)
        assert db.url == url(tmp_path)
        for connection in (db._writer, db._reader):  # both connections, not only the one migrations ran on
            assert connection is not None
            values = [(await connection.fetchone(f"PRAGMA {name}") or [None])[0]
                      for name in ("user_version", "journal_mode", "foreign_keys", "synchronous", "busy_timeout")]
            assert values == [len(migrations()), "wal", 1, 2, 5000]
        assert db._writer is not None
        assert await migrate(db._writer.raw) == len(migrations())  # again: nothing to do
    assert (tmp_path / "sub" / "gammon.db").exists()


async def test_two_writes_never_interleave_although_each_statement_awaits(tmp_path: Path) -> None:
    """Each write reads a counter, yields to the loop, then writes it back plus one: interleaved, updates would be
    lost (or BEGIN IMMEDIATE nested in an open transaction would fail)."""
    async with open_database(url(tmp_path)) as db:
        await db.execute("INSERT INTO meta (key, value) VALUES ('n', '0')")

        async def increment(connection: Connection) -> None:
            row = await connection.fetchone("SELECT value FROM meta WHERE key = 'n'")
            assert row is not None
            await asyncio.sleep(0)
            await connection.execute("UPDATE meta SET value = ? WHERE key = 'n'", (str(int(row[0]) + 1),))

        await asyncio.gather(*(db.write(increment) for _ in range(30)))
        row = await db.fetchone("SELECT value FROM meta WHERE key = 'n'")
    assert row is not None and row[0] == "30"


async def test_a_read_does_not_wait_behind_a_write_in_progress(tmp_path: Path) -> None:
    async with open_database(url(tmp_path)) as db:
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


async def test_a_cancelled_caller_does_not_cut_a_write_short(tmp_path: Path) -> None:
    async with open_database(url(tmp_path)) as db:
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
