"""Opening the SQLite file: pragmas for safety under concurrency, and numbered migrations applied in order."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path

import aiosqlite

_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def migrations() -> list[tuple[int, str]]:
    """The (version, sql) of every file in bot/store/migrations, in version order, without gaps."""
    found = []
    for entry in resources.files("bot.store.migrations").iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    found.sort()
    if [version for version, _ in found] != list(range(1, len(found) + 1)):
        raise RuntimeError(f"Migration files must be numbered 001, 002, ... without gaps: {found!r}")
    return found


async def migrate(db: aiosqlite.Connection) -> int:
    """Apply every migration newer than `PRAGMA user_version`, each in its own transaction. Returns the version."""
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    current = int(row[0]) if row else 0
    for version, sql in migrations():
        if version <= current:
            continue
        # PRAGMA takes no bound parameters; the version is an int from a file name, never user input.
        script = f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {version:d};\nCOMMIT;"
        try:
            await db.executescript(script)
        except Exception:
            if db.in_transaction:
                await db.rollback()
            raise
        current = version
    return current


@asynccontextmanager
async def open_database(path: Path | str) -> AsyncIterator[aiosqlite.Connection]:
    """Open (creating file and folder if needed) and migrate the database; close it on exit.

    The connection is in autocommit mode: callers open transactions explicitly (`BEGIN IMMEDIATE`) so that
    a write lock is taken up front and two writers never deadlock on a lock upgrade.
    """
    path = Path(path)
    if str(path) != ":memory:":
        path.parent.mkdir(parents=True, exist_ok=True)
    db = await aiosqlite.connect(path, isolation_level=None)
    try:
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA synchronous = FULL")
        await db.execute("PRAGMA foreign_keys = ON")
        await db.execute("PRAGMA busy_timeout = 5000")
        await migrate(db)
        yield db
    finally:
        await db.close()
