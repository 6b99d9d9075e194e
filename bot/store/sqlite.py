"""The SQLite database through aiosqlite: a write connection and a read connection on one file, each an
aiosqlite connection with a thread of its own.

Every awaited aiosqlite call is a trip to a connection's thread and back through the event loop, so a transaction
keeps its trips few:
- `BEGIN IMMEDIATE` rides on the transaction's first statement when that is an INSERT, UPDATE or DELETE: the write
  connection's isolation level makes sqlite3 issue it itself, in the same call. A transaction that reads first
  sends it on its own before that read, so the read is under the write lock too. A write that ends up writing
  nothing sends nothing at all, not even a COMMIT.
- A game action is one read of the match and a transaction of three statements and the COMMIT
  (`match_store.record_action`: the snapshot's UPDATE with its version check, the log's executemany, the match
  row's UPDATE); the board being shown is one UPDATE and the COMMIT.
- Reads go to the read connection: in WAL mode they never wait for a write in progress, not even in its queue.
`BEGIN IMMEDIATE` takes the file's write lock up front, so a second process sharing the file (shards) waits (busy
timeout) instead of failing half way; an asyncio.Lock keeps two writes of this process apart on the write
connection. `PRAGMA synchronous = FULL` puts every commit on disk before `write` returns.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal, TypeVar

import aiosqlite

from bot.store.backend import Dialect, LockScope, Row, SingleStatements, Statement, Work
from bot.store.errors import IntegrityError
from bot.store.migrations import sqlite_migrations

T = TypeVar("T")

# aiosqlite logs every call at DEBUG with its parameters, the secret server seeds of running matches among them
# (revealed only when the match ends), and a line per statement would swamp the bot's own DEBUG log.
logging.getLogger("aiosqlite").setLevel(logging.INFO)

#: Set on both connections: WAL (readers never wait for the writer), every commit on disk, foreign keys checked,
#: and a second process sharing the file waits for the write lock instead of failing.
PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = FULL",
    "PRAGMA foreign_keys = ON",
    "PRAGMA busy_timeout = 5000",
)

#: The statements before which sqlite3 begins the write connection's transaction itself (its rule: the first word).
_BEGINS_ITSELF = re.compile(r"\s*(?:INSERT|UPDATE|DELETE|REPLACE)\b", re.IGNORECASE)


class SqliteConnection:
    """`Connection` over one aiosqlite connection, one trip per statement. On the write connection the first
    statement begins the transaction (see the module's docstring)."""

    dialect: Dialect = "sqlite"

    def __init__(self, raw: aiosqlite.Connection, *, writes: bool) -> None:
        self.raw = raw
        self.writes = writes

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        begins = await self._begin(sql)
        with integrity_errors():
            cursor = await self.raw.execute(sql, parameters)
            if cursor.description is not None:  # rows left unread (RETURNING): done with them, on the thread
                await cursor.close()
        self._check_begun(begins)
        return max(cursor.rowcount, 0)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if not rows:
            return
        begins = await self._begin(sql)
        with integrity_errors():
            await self.raw.executemany(sql, rows)
        self._check_begun(begins)

    async def execute_in_turn(self, statements: Sequence[Statement]) -> list[int]:
        if not statements:
            return []
        begins = await self._begin(statements[0].sql)
        sent = [self._send(statement) for statement in statements]
        outcomes = await asyncio.gather(*sent, return_exceptions=True)  # every statement has run when this returns
        self._check_begun(begins)
        for outcome in outcomes:
            if isinstance(outcome, BaseException):
                with integrity_errors():
                    raise outcome
        return [outcome for outcome in outcomes if not isinstance(outcome, BaseException)]

    async def _send(self, statement: Statement) -> int:
        if statement.rows is not None:
            await self.raw.executemany(statement.sql, statement.rows)
            return 0
        cursor = await self.raw.execute(statement.sql, statement.parameters)
        return max(cursor.rowcount, 0)

    async def fetchone(self, sql: str, parameters: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetchall(sql, parameters)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        """All rows in one trip, the statement finished on the thread (no cursor left open to hold up a COMMIT)."""
        begins = await self._begin(sql)
        with integrity_errors():
            rows: list[Row] = list(await self.raw.execute_fetchall(sql, parameters))
        self._check_begun(begins)
        return rows

    async def lock(self, scope: LockScope, key: int) -> None:
        """Nothing to send: the transaction holds the file's write lock from its first statement to its end."""

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        await self._begin("SAVEPOINT")  # outside a transaction, a SAVEPOINT would begin a deferred one
        await self.raw.execute("SAVEPOINT store_savepoint")
        try:
            yield
        except BaseException:
            await self.raw.execute("ROLLBACK TO store_savepoint")
            await self.raw.execute("RELEASE store_savepoint")
            raise
        await self.raw.execute("RELEASE store_savepoint")

    async def _begin(self, sql: str) -> bool:
        """Before `sql` on the write connection outside its transaction: `BEGIN IMMEDIATE`, in a trip of its own
        unless sqlite3 sends it itself with `sql` (then True)."""
        if not self.writes or self.raw.in_transaction:
            return False
        if _BEGINS_ITSELF.match(sql):
            return True
        await self.raw.execute("BEGIN IMMEDIATE")
        return False

    def _check_begun(self, begins: bool) -> None:
        if begins and not self.raw.in_transaction:  # sqlite3's rule would have changed: never write unlocked
            raise RuntimeError("sqlite3 did not begin the write transaction before an INSERT, UPDATE or DELETE")


class integrity_errors:
    """Turns sqlite3's IntegrityError into the store's own."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: object) -> None:
        if isinstance(error, sqlite3.IntegrityError):
            raise IntegrityError(str(error)) from error


class SqliteDatabase(SingleStatements):
    """`Database` over one SQLite file: a write connection (behind an asyncio.Lock) and a read connection."""

    dialect: Dialect = "sqlite"

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._writer: SqliteConnection | None = None
        self._reader: SqliteConnection | None = None
        self._write_lock = asyncio.Lock()

    @property
    def url(self) -> str:
        return f"sqlite:///{self.path}"

    @property
    def _in_memory(self) -> bool:
        return str(self.path) == ":memory:"

    async def open(self) -> None:
        """Open the write connection, apply the migrations on it, then open the read connection."""
        if not self._in_memory:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._writer = SqliteConnection(await self._connect("IMMEDIATE"), writes=True)
        await migrate(self._writer.raw)
        if not self._in_memory:  # an in-memory database exists once per connection: there, reads are writes
            self._reader = SqliteConnection(await self._connect(None), writes=False)

    async def _connect(self, isolation_level: Literal["IMMEDIATE"] | None) -> aiosqlite.Connection:
        raw = await aiosqlite.connect(self.path, isolation_level=isolation_level)
        try:
            raw.row_factory = sqlite3.Row
            await raw.executescript(";\n".join(PRAGMAS) + ";")  # one trip for all of them
        except BaseException:
            await raw.close()
            raise
        return raw

    def _open(self, connection: SqliteConnection | None) -> SqliteConnection:
        if connection is None:
            raise RuntimeError("The database is closed")
        return connection

    async def read(self, work: Work[T]) -> T:
        if self._reader is None and self._writer is not None:  # in memory
            return await self.write(work)
        return await work(self._open(self._reader))

    async def write(self, work: Work[T]) -> T:
        # Shielded: once started it runs to its commit or rollback even if the caller is cancelled.
        return await asyncio.shield(self._write(work))

    async def _write(self, work: Work[T]) -> T:
        async with self._write_lock:
            connection = self._open(self._writer)
            raw = connection.raw
            try:
                result = await work(connection)
                if raw.in_transaction:  # nothing sent, nothing to commit
                    await raw.commit()
            except BaseException as error:
                if raw.in_transaction:  # a failed COMMIT leaves the transaction open
                    await raw.rollback()
                if isinstance(error, sqlite3.IntegrityError):  # raised by the COMMIT itself
                    raise IntegrityError(str(error)) from error
                raise
            return result

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        """One statement in a write transaction of its own: the read connection never writes, so a read never
        waits for the file's write lock."""
        return await self.write(lambda c: c.execute(sql, parameters))

    async def migrate(self) -> int:
        """Apply the migrations not applied yet (`open` does); returns the schema's version."""
        async with self._write_lock:
            return await migrate(self._open(self._writer).raw)

    async def close(self) -> None:
        reader, writer = self._reader, self._writer
        self._reader = self._writer = None
        if reader is not None:
            await reader.raw.close()
        if writer is not None:
            async with self._write_lock:  # a write under way ends first
                await writer.raw.close()


async def migrate(raw: aiosqlite.Connection) -> int:
    """Apply every migration newer than `PRAGMA user_version`, each in its own transaction. Returns the version."""
    rows = list(await raw.execute_fetchall("PRAGMA user_version"))
    current = int(rows[0][0]) if rows else 0
    for version, sql in sqlite_migrations(after=current):
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
