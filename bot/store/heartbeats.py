"""The heartbeat a running bot records, read from outside it (`python -m bot.health`): straight from the database
file or server the bot uses, read-only and without migrating it, through aiosqlite or asyncpg."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import aiosqlite

from bot.store.database import is_postgres, sqlite_path


class Unreadable(Exception):
    """The database cannot be read; the message says why, in one line."""


async def read_sqlite_heartbeat(path: Path, key: str) -> float | None:
    if not path.is_file():
        raise Unreadable(f"no database at {path}")
    try:
        async with aiosqlite.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as connection:
            rows = list(await connection.execute_fetchall("SELECT value FROM meta WHERE key = ?", (key,)))
    except sqlite3.Error as error:
        raise Unreadable(f"the database cannot be read: {error}") from None
    return float(rows[0][0]) if rows else None


async def read_postgres_heartbeat(url: str, key: str) -> float | None:
    try:
        import asyncpg  # type: ignore[import-not-found,unused-ignore]  # only with the PostgreSQL backend
    except ImportError:
        raise Unreadable("DATABASE_URL is PostgreSQL but asyncpg is not installed") from None
    try:
        connection = await asyncio.wait_for(asyncpg.connect(url), 5)
        try:
            value = await connection.fetchval("SELECT value FROM meta WHERE key = $1", key)
        finally:
            await connection.close()
    except (OSError, TimeoutError, asyncpg.PostgresError) as error:
        raise Unreadable(f"the database does not answer: {error}") from None
    return None if value is None else float(value)


def last_heartbeat(target: str, key: str) -> float | None:
    """The heartbeat `key` recorded in the database `target` names (a URL or an SQLite path); None before the first.
    Raises Unreadable."""
    if is_postgres(target):
        return asyncio.run(read_postgres_heartbeat(target, key))
    return asyncio.run(read_sqlite_heartbeat(sqlite_path(target), key))
