"""Opening the database a URL names: `sqlite:///path` (or a plain file path) or `postgresql://...` (issue 19);
`sqlite+aiosqlite:///path` opens the same file through aiosqlite (`bot.store.aiosqlite_backend`, the measured
alternative)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.store.backend import Database
from bot.store.migrations import sqlite_migrations as migrations  # noqa: F401  (kept for callers and tests)

SQLITE_PREFIX = "sqlite:///"
AIOSQLITE_PREFIX = "sqlite+aiosqlite:///"
POSTGRES_PREFIXES = ("postgresql://", "postgres://")


def is_postgres(url: str) -> bool:
    return url.startswith(POSTGRES_PREFIXES)


def sqlite_path(url: str) -> Path:
    """The file of a `sqlite:///` URL (`sqlite:///data/gammon.db` is relative, `sqlite:////abs/path` absolute)."""
    for prefix in (SQLITE_PREFIX, AIOSQLITE_PREFIX):
        if url.startswith(prefix):
            return Path(url[len(prefix):])
    return Path(url)


async def connect(target: Path | str) -> Database:
    """Open (creating the SQLite file and folder if needed) and migrate the database; the caller closes it."""
    url = str(target)
    database: Database
    if is_postgres(url):
        from bot.store.postgres import PostgresDatabase

        postgres = PostgresDatabase(url)
        try:
            await postgres.open()
        except BaseException:
            await postgres.close()
            raise
        database = postgres
    elif url.startswith(AIOSQLITE_PREFIX):
        from bot.store.aiosqlite_backend import AiosqliteDatabase

        through_aiosqlite = AiosqliteDatabase(sqlite_path(url))
        try:
            await through_aiosqlite.open()
        except BaseException:
            await through_aiosqlite.close()
            raise
        database = through_aiosqlite
    else:
        from bot.store.sqlite import SqliteDatabase

        sqlite = SqliteDatabase(sqlite_path(url))
        try:
            await sqlite.open()
        except BaseException:
            await sqlite.close()
            raise
        database = sqlite
    return database


@asynccontextmanager
async def open_database(target: Path | str) -> AsyncIterator[Database]:
    """`connect`, closed on exit. `target`: a file path, a `sqlite:///` URL or a `postgresql://` URL."""
    database = await connect(target)
    try:
        yield database
    finally:
        await database.close()
