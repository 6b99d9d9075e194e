"""The aiosqlite reference of the driver comparison (bench/aiosqlite_backend.py, issue 19; the product's SQLite
backend is the stdlib one, README "Storage"): the product's pragmas and migrations, one transaction per write that
never interleaves with another although each statement is its own trip, reads beside an open write, and the load
set-up's bot really opening its file through it. The whole store and service suites run on it with
GAMMON_TEST_AIOSQLITE=1 (tests/conftest.py)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.aiosqlite_backend import migrate, open_aiosqlite
from bench.load import LoadConfig, harness
from bench.load.setups import AIOSQLITE_SITE, Setups
from bot.store import Connection, IntegrityError
from bot.store.database import migrations

ROOT = Path(__file__).resolve().parents[2]


def path(tmp_path: Path) -> Path:
    return tmp_path / "sub" / "gammon.db"


async def test_it_opens_the_file_with_the_product_backends_pragmas(tmp_path: Path) -> None:
    async with open_aiosqlite(path(tmp_path)) as db:
        for connection in (db._writer, db._reader):  # both connections, not only the one migrations ran on
            assert connection is not None
            values = [
                (await connection.fetchone(f"PRAGMA {name}") or [None])[0]
                for name in ("user_version", "journal_mode", "foreign_keys", "synchronous", "busy_timeout")
            ]
            assert values == [len(migrations()), "wal", 1, 2, 5000]
        assert db._writer is not None
        assert await migrate(db._writer.raw) == len(migrations())  # again: nothing to do
    assert (tmp_path / "sub" / "gammon.db").exists()


async def test_two_writes_never_interleave_although_each_statement_awaits(tmp_path: Path) -> None:
    """Each write reads a counter, yields to the loop, then writes it back plus one: interleaved, updates would be
    lost (or BEGIN IMMEDIATE nested in an open transaction would fail)."""
    async with open_aiosqlite(path(tmp_path)) as db:
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
    async with open_aiosqlite(path(tmp_path)) as db:
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
    async with open_aiosqlite(path(tmp_path)) as db:
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


async def test_a_failed_write_is_rolled_back_with_the_stores_error(tmp_path: Path) -> None:
    async with open_aiosqlite(path(tmp_path)) as db:

        async def clash(connection: Connection) -> None:
            await connection.execute("INSERT INTO meta (key, value) VALUES ('a', 'x')")
            await connection.execute("INSERT INTO meta (key, value) VALUES ('a', 'y')")

        with pytest.raises(IntegrityError):
            await db.write(clash)
        assert await db.fetchall("SELECT key FROM meta") == []
        assert await db.write(lambda c: c.execute("INSERT INTO meta (key, value) VALUES ('b', 'x')")) == 1


def test_the_load_set_ups_bot_opens_its_sqlite_file_through_aiosqlite(tmp_path: Path) -> None:
    """What `sqlite-aiosqlite` relies on: with its folder first on PYTHONPATH, the bot's `open_database`."""
    program = (
        "import asyncio, sys\n"
        "from bot.store import open_database\n"
        "async def main():\n"
        "    async with open_database(sys.argv[1]) as db:\n"
        "        print(type(db).__name__, await db.fetchone('PRAGMA journal_mode'))\n"
        "asyncio.run(main())\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(AIOSQLITE_SITE), str(ROOT)])}
    done = subprocess.run(
        [sys.executable, "-c", program, str(tmp_path / "bot.db")],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split()[0] == "AiosqliteDatabase"


@pytest.mark.slow
async def test_the_load_set_up_plays_and_is_labelled(tmp_path: Path) -> None:
    product_site = harness.LOAD_SITE
    config = LoadConfig(matches=2, think=(0.05, 0.2), seconds=4.0, workdir=tmp_path)
    async with Setups() as setups:
        result = await setups.run("sqlite-aiosqlite", config)
    summary = result.summary()
    assert summary["errors"] == 0 and summary["violations"] == 0, summary
    assert summary["database"] == "sqlite+aiosqlite" and result.matches_started >= 2
    assert summary["acks_past_3s_or_missing"] == 0 and len(result.boards) >= 4
    assert (tmp_path / "data" / "gammon.db").exists()
    assert product_site == harness.LOAD_SITE  # the other set-ups keep the timing probes' folder
