"""Single-trip write transactions (issue 10): one call on aiosqlite's thread, never inside another transaction."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.store.database import open_database
from bot.store.transaction import single_trip_transaction, transaction


def keys(path: Path) -> list[str]:
    with sqlite3.connect(path) as plain:
        return [row[0] for row in plain.execute("SELECT key FROM meta ORDER BY key")]


def put(key: str) -> Callable[[sqlite3.Connection], int]:
    def work(connection: sqlite3.Connection) -> int:
        return connection.execute("INSERT INTO meta (key, value) VALUES (?, 'x')", (key,)).rowcount

    return work


async def test_the_work_is_committed_and_its_result_returned(tmp_path: Path) -> None:
    async with open_database(tmp_path / "g.db") as db:
        assert await single_trip_transaction(db, put("a")) == 1
        assert not db.in_transaction
    assert keys(tmp_path / "g.db") == ["a"]


async def test_an_error_rolls_everything_back(tmp_path: Path) -> None:
    def half_then_fail(connection: sqlite3.Connection) -> None:
        put("b")(connection)
        connection.execute("INSERT INTO meta (key, value) VALUES ('b', 'again')")  # primary key clash

    async with open_database(tmp_path / "g.db") as db:
        with pytest.raises(sqlite3.IntegrityError):
            await single_trip_transaction(db, half_then_fail)
        assert not db.in_transaction
        assert await single_trip_transaction(db, put("c")) == 1
    assert keys(tmp_path / "g.db") == ["c"]


async def test_it_waits_for_an_open_transaction_and_is_not_rolled_back_with_it(tmp_path: Path) -> None:
    async with open_database(tmp_path / "g.db") as db:
        opened, release = asyncio.Event(), asyncio.Event()

        async def open_then_fail() -> None:
            async with transaction(db):
                await db.execute("INSERT INTO meta (key, value) VALUES ('long', 'x')")
                opened.set()
                await release.wait()
                raise RuntimeError("rolled back")

        long = asyncio.create_task(open_then_fail())
        await opened.wait()
        trip = asyncio.create_task(single_trip_transaction(db, put("trip")))
        await asyncio.sleep(0.05)
        assert not trip.done()  # queued behind the open transaction, not inside it
        release.set()
        with pytest.raises(RuntimeError):
            await long
        assert await trip == 1
    assert keys(tmp_path / "g.db") == ["trip"]
