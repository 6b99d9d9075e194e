"""`python -m bot.health`: exit 0 when this process's bot is up, 1 (with the reason) when it is not.

For container health checks (compose.yaml). It reads the heartbeat the running bot records every 2 seconds in the
database (the turn timer, `meta` table; a sharded process has its own, bot.sharding.heartbeat_key), with the same
settings as the bot. A fresh heartbeat shows at once that the database answers and that the bot's loop runs and
can write; a stopped, hung or disconnected-from-the-database bot goes stale within `--max-age` seconds.
PostgreSQL (a `postgresql://` DATABASE_URL) is read through asyncpg, SQLite through aiosqlite (read-only).
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import time
from pathlib import Path

import aiosqlite

from bot.settings import Settings, SettingsError
from bot.sharding import heartbeat_key
from bot.store.database import is_postgres, sqlite_path

#: A heartbeat older than this means the bot is not running (it beats every 2 s; restarts take a few).
DEFAULT_MAX_AGE_SECONDS = 30.0


class Unhealthy(Exception):
    """The bot is not up; the message says why, in one line."""


async def read_sqlite_heartbeat(path: Path, key: str) -> float | None:
    if not path.is_file():
        raise Unhealthy(f"no database at {path}")
    try:
        async with aiosqlite.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as connection:
            rows = list(await connection.execute_fetchall("SELECT value FROM meta WHERE key = ?", (key,)))
    except sqlite3.Error as error:
        raise Unhealthy(f"the database cannot be read: {error}") from None
    return float(rows[0][0]) if rows else None


async def read_postgres_heartbeat(url: str, key: str) -> float | None:
    try:
        import asyncpg  # type: ignore[import-not-found,unused-ignore]  # only with the PostgreSQL backend
    except ImportError:
        raise Unhealthy("DATABASE_URL is PostgreSQL but asyncpg is not installed") from None
    try:
        connection = await asyncio.wait_for(asyncpg.connect(url), 5)
        try:
            value = await connection.fetchval("SELECT value FROM meta WHERE key = $1", key)
        finally:
            await connection.close()
    except (OSError, TimeoutError, asyncpg.PostgresError) as error:
        raise Unhealthy(f"the database does not answer: {error}") from None
    return None if value is None else float(value)


def last_heartbeat(settings: Settings, key: str) -> float | None:
    """Read straight from the database the bot uses (DATABASE_URL or DATABASE_PATH), without migrating it."""
    target = settings.database()
    if is_postgres(target):
        return asyncio.run(read_postgres_heartbeat(target, key))
    return asyncio.run(read_sqlite_heartbeat(sqlite_path(target), key))


def check(settings: Settings, max_age: float, now: float | None = None) -> str:
    """A line saying the bot is up, or Unhealthy."""
    shards = settings.shards()
    key = heartbeat_key(shards)
    beat = last_heartbeat(settings, key)
    if beat is None:
        raise Unhealthy(f"the bot ({shards.describe()}) has not recorded a heartbeat yet")
    age = (time.time() if now is None else now) - beat
    if age > max_age:
        raise Unhealthy(f"the bot ({shards.describe()}) last recorded a heartbeat {age:.0f} s ago")
    return f"up: {shards.describe()}, heartbeat {max(age, 0.0):.1f} s ago"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.health", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--max-age",
        type=float,
        default=DEFAULT_MAX_AGE_SECONDS,
        help=f"seconds a heartbeat stays fresh (default {DEFAULT_MAX_AGE_SECONDS:.0f})",
    )
    arguments = parser.parse_args(argv)
    try:
        print(check(Settings.load(), arguments.max_age))
    except (SettingsError, Unhealthy) as error:
        print(f"unhealthy: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
