"""The SQLite database: one stdlib sqlite3 connection owned by one thread, every call queued to it in order.

A write is `BEGIN IMMEDIATE`, the whole transaction body, `COMMIT` in ONE call on that thread: the body is a
coroutine over `SqliteConnection`, whose methods never suspend, so it is stepped to its end right there (issue
10: under load, a transaction that waited for a turn of the event loop between statements held the file's write
lock for milliseconds). `BEGIN IMMEDIATE` takes the write lock up front, so a second process sharing the file
waits (busy timeout) instead of failing half way; `PRAGMA synchronous = FULL` puts every commit on disk.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from bot.store.backend import Dialect, LockScope, Row, SingleStatements, Work
from bot.store.errors import IntegrityError
from bot.store.migrations import sqlite_migrations

T = TypeVar("T")

#: Set on every connection: WAL (readers never wait for the writer), every commit on disk, foreign keys checked,
#: and a second process sharing the file waits for the write lock instead of failing.
PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = FULL",
    "PRAGMA foreign_keys = ON",
    "PRAGMA busy_timeout = 5000",
)


class SqliteConnection:
    """`Connection` over the raw sqlite3 connection, used only on the database thread."""

    dialect: Dialect = "sqlite"

    def __init__(self, raw: sqlite3.Connection) -> None:
        self.raw = raw

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        with integrity_errors():
            cursor = self.raw.execute(sql, parameters)
            changed = cursor.rowcount
            cursor.close()
        return max(changed, 0)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with integrity_errors():
            self.raw.executemany(sql, rows).close()

    async def fetchone(self, sql: str, parameters: Sequence[Any] = ()) -> Row | None:
        with integrity_errors():
            cursor = self.raw.execute(sql, parameters)
            row: Row | None = cursor.fetchone()
            cursor.close()
        return row

    async def fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        with integrity_errors():
            rows: list[Row] = self.raw.execute(sql, parameters).fetchall()
        return rows

    async def lock(self, scope: LockScope, key: int) -> None:
        """Nothing to do: `BEGIN IMMEDIATE` holds the file's write lock for the whole transaction."""

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        self.raw.execute("SAVEPOINT store_savepoint")
        try:
            yield
        except BaseException:
            self.raw.execute("ROLLBACK TO store_savepoint")
            self.raw.execute("RELEASE store_savepoint")
            raise
        self.raw.execute("RELEASE store_savepoint")


class integrity_errors:
    """Turns sqlite3's IntegrityError into the store's own."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: object) -> None:
        if isinstance(error, sqlite3.IntegrityError):
            raise IntegrityError(str(error)) from error


def run_now(coroutine: Coroutine[Any, Any, T]) -> T:
    """The result of a coroutine that never suspends, run to its end here and now."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    coroutine.close()
    raise RuntimeError("A SQLite transaction awaited something other than its connection")


class SqliteDatabase(SingleStatements):
    """`Database` over one SQLite file."""

    dialect: Dialect = "sqlite"

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self._connection: SqliteConnection | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"sqlite:///{self.path}"

    async def open(self) -> None:
        """Connect on the database thread, set the pragmas and apply the migrations."""
        await self._call(self._open)

    def _open(self) -> None:
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        raw = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        raw.row_factory = sqlite3.Row
        for pragma in PRAGMAS:
            raw.execute(pragma).close()
        self._connection = SqliteConnection(raw)
        migrate(raw)

    async def _call(self, function: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, function)

    def _raw(self) -> SqliteConnection:
        if self._connection is None:
            raise RuntimeError("The database is closed")
        return self._connection

    async def read(self, work: Work[T]) -> T:
        return await self._call(lambda: run_now(work(self._raw())))

    async def write(self, work: Work[T]) -> T:
        # Shielded: once queued it runs to its commit or rollback even if the caller is cancelled.
        return await asyncio.shield(self._call(lambda: self._in_transaction(work)))

    def _in_transaction(self, work: Work[T]) -> T:
        connection = self._raw()
        connection.raw.execute("BEGIN IMMEDIATE")
        try:
            result = run_now(work(connection))
            connection.raw.commit()
        except BaseException as error:
            if connection.raw.in_transaction:  # a failed COMMIT leaves the transaction open
                connection.raw.rollback()
            if isinstance(error, sqlite3.IntegrityError):  # raised by the COMMIT itself
                raise IntegrityError(str(error)) from error
            raise
        return result

    async def run_raw(self, function: Callable[[sqlite3.Connection], T]) -> T:
        """`function(sqlite3 connection)` on the database thread: SQLite-only tools and tests (PRAGMAs)."""
        return await self._call(lambda: function(self._raw().raw))

    async def close(self) -> None:
        if self._connection is not None:
            connection, self._connection = self._connection, None
            await asyncio.get_running_loop().run_in_executor(self._executor, connection.raw.close)
        self._executor.shutdown(wait=False)


def migrate(raw: sqlite3.Connection) -> int:
    """Apply every migration newer than `PRAGMA user_version`, each in its own transaction. Returns the version."""
    row = raw.execute("PRAGMA user_version").fetchone()
    current = int(row[0]) if row else 0
    for version, sql in sqlite_migrations():
        if version <= current:
            continue
        # PRAGMA takes no bound parameters; the version is an int from a file name, never user input.
        script = f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {version:d};\nCOMMIT;"
        try:
            raw.executescript(script)
        except BaseException:
            if raw.in_transaction:
                raw.rollback()
            raise
        current = version
    return current
