"""SQLite through aiosqlite's public API only: the reference the product's SQLite backend (`bot.store.sqlite`, the
stdlib module on its own thread) was measured against for issue 19, and lost to (README "Storage"). Not product
code: bench/bench_sqlite_drivers.py and the load set-up `sqlite-aiosqlite` use it to re-run the comparison.

Same file, pragmas and rules as the stdlib backend (WAL, synchronous FULL, foreign keys, busy timeout; a write is
`BEGIN IMMEDIATE` .. `COMMIT`, one transaction per `write`). The difference is the one the experiment measures:
aiosqlite has no public way to run a function on its thread, so every statement of a write is its own trip
(awaited, a turn of the event loop in between) while the transaction holds the file's write lock. An
`asyncio.Lock` keeps two writes of this process from interleaving on the write connection; reads go to a second
connection (a second aiosqlite thread), so they never queue behind a write (WAL lets them read meanwhile).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.store.backend import Dialect, LockScope, Row, SingleStatements, Work
from bot.store.errors import IntegrityError
from bot.store.migrations import sqlite_migrations
from bot.store.sqlite import PRAGMAS, integrity_errors  # the same settings and error mapping as the product

T = TypeVar("T")


class AiosqliteConnection:
    """`Connection` over one aiosqlite connection: one trip to its thread per statement, no more.

    Rows are read with `execute_fetchall` (one trip, and no cursor left open on the thread to hold up a later
    COMMIT); `execute` keeps the finished statement's cursor only for its row count."""

    dialect: Dialect = "sqlite"

    def __init__(self, raw: aiosqlite.Connection) -> None:
        self.raw = raw

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        with integrity_errors():
            cursor = await self.raw.execute(sql, parameters)
        return max(cursor.rowcount, 0)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with integrity_errors():
            await self.raw.executemany(sql, rows)

    async def fetchone(self, sql: str, parameters: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetchall(sql, parameters)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        with integrity_errors():
            rows = await self.raw.execute_fetchall(sql, parameters)
        return list(rows)

    async def lock(self, scope: LockScope, key: int) -> None:
        """Nothing to do: `BEGIN IMMEDIATE` holds the file's write lock for the whole transaction."""

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        await self.raw.execute("SAVEPOINT store_savepoint")
        try:
            yield
        except BaseException:
            await self.raw.execute("ROLLBACK TO store_savepoint")
            await self.raw.execute("RELEASE store_savepoint")
            raise
        await self.raw.execute("RELEASE store_savepoint")


class AiosqliteDatabase(SingleStatements):
    """`Database` over one SQLite file: a write connection (behind an asyncio.Lock) and a read connection."""

    dialect: Dialect = "sqlite"

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._writer: AiosqliteConnection | None = None
        self._reader: AiosqliteConnection | None = None
        self._write_lock = asyncio.Lock()

    @property
    def url(self) -> str:
        return f"sqlite:///{self.path}"

    async def open(self) -> None:
        """Open both connections with the pragmas and apply the migrations (on the write connection)."""
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._writer = AiosqliteConnection(await self._connect())
        await migrate(self._writer.raw)
        # An in-memory database exists once per connection: there, reads share the write connection.
        self._reader = self._writer if str(self.path) == ":memory:" else AiosqliteConnection(await self._connect())

    async def _connect(self) -> aiosqlite.Connection:
        raw = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            raw.row_factory = sqlite3.Row
            for pragma in PRAGMAS:
                await raw.execute_fetchall(pragma)  # rows read: no cursor left open
        except BaseException:
            await raw.close()
            raise
        return raw

    def _open(self, connection: AiosqliteConnection | None) -> AiosqliteConnection:
        if connection is None:
            raise RuntimeError("The database is closed")
        return connection

    async def read(self, work: Work[T]) -> T:
        return await work(self._open(self._reader))

    async def write(self, work: Work[T]) -> T:
        # Shielded: once started it runs to its commit or rollback even if the caller is cancelled.
        return await asyncio.shield(self._write(work))

    async def _write(self, work: Work[T]) -> T:
        async with self._write_lock:
            connection = self._open(self._writer)
            await connection.raw.execute("BEGIN IMMEDIATE")
            try:
                result = await work(connection)
                await connection.raw.commit()
            except BaseException as error:
                if connection.raw.in_transaction:  # a failed COMMIT leaves the transaction open
                    await connection.raw.rollback()
                if isinstance(error, sqlite3.IntegrityError):  # raised by the COMMIT itself
                    raise IntegrityError(str(error)) from error
                raise
            return result

    async def close(self) -> None:
        reader, writer = self._reader, self._writer
        self._reader = self._writer = None
        if reader is not None and reader is not writer:
            await reader.raw.close()
        if writer is not None:
            async with self._write_lock:  # a write under way ends first
                await writer.raw.close()


async def migrate(raw: aiosqlite.Connection) -> int:
    """Apply every migration newer than `PRAGMA user_version`, each in its own transaction. Returns the version."""
    rows = list(await raw.execute_fetchall("PRAGMA user_version"))
    current = int(rows[0][0]) if rows else 0
    for version, sql in sqlite_migrations():
        if version <= current:
            continue
        # PRAGMA takes no bound parameters; the version is an int from a file name, never user input.
        script = f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {version:d};\nCOMMIT;"
        try:
            await raw.executescript(script)
        except BaseException:
            if raw.in_transaction:
                await raw.rollback()
            raise
        current = version
    return current


@asynccontextmanager
async def open_aiosqlite(path: Path | str) -> AsyncIterator[AiosqliteDatabase]:
    """`bot.store.open_database` for a SQLite file, through aiosqlite: opened, migrated, closed on exit."""
    database = AiosqliteDatabase(path)
    try:
        await database.open()
        yield database
    finally:
        await database.close()
