"""Opening the database a URL names: `sqlite:///path` (or a plain file path) or `postgresql://...`."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.store.backend import Database
from bot.store.migrations import sqlite_migrations as migrations  # noqa: F401  (kept for callers and tests)

SQLITE_PREFIX = "sqlite:///"
POSTGRES_PREFIXES = ("postgresql://", "postgres://")


def is_postgres(url: str) -> bool:
    return url.startswith(POSTGRES_PREFIXES)


def sqlite_path(url: str) -> Path:
    """The file of a `sqlite:///` URL (`sqlite:///data/gammon.db` is relative, `sqlite:////abs/path` absolute)."""
    return Path(url[len(SQLITE_PREFIX) :] if url.startswith(SQLITE_PREFIX) else url)


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
