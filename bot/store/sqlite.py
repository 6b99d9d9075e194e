"""The SQLite database through aiosqlite: a write connection and a read connection on one file, each an
aiosqlite connection with a thread of its own.

A read or a write is ONE trip to its connection's thread, however many statements it has: the whole work runs
there (`on_thread`), its statements plain sqlite3 calls that never wait for the event loop. So the file's write
lock is held only while that thread works, never while the busy event loop gets round to a statement's answer,
and the writes queued while the thread is busy go as one group: one transaction and one COMMIT, each write
under a savepoint of its own (`run_group`, bot.store.sqlite_writes). The price is a rule
for the work given to `read` and `write`: on SQLite it may await its connection only (anything else, a sleep or
an event, fails at once with a RuntimeError, nothing written); on PostgreSQL it would run as written.
- `BEGIN IMMEDIATE` is sqlite3's own before a transaction's first INSERT, UPDATE or DELETE (the write
  connection's isolation level); a transaction that reads first sends it before that read, so the read is under
  the write lock too. A write that ends up writing nothing sends nothing at all, not even a COMMIT.
- Reads go to the read connection: in WAL mode they never wait for a write in progress.
`BEGIN IMMEDIATE` takes the file's write lock up front, so a second process sharing the file (shards) waits (busy
timeout) instead of failing half way. `PRAGMA synchronous = FULL` puts every commit on disk before `write`
returns.
"""

from __future__ import annotations

import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal, TypeVar

import aiosqlite

from bot.store.backend import Dialect, LockScope, Row, SingleStatements, Statement, Work
from bot.store.errors import IntegrityError
from bot.store.migrations import sqlite_migrations
from bot.store.sqlite_writes import GroupedWrites, Outcome

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

#: The savepoint each write of a group runs under (bot.store.sqlite_writes).
_GROUP_SAVEPOINT = "store_group_write"

#: The statements before which sqlite3 begins the write connection's transaction itself (its rule: the first word).
_BEGINS_ITSELF = re.compile(r"\s*(?:INSERT|UPDATE|DELETE|REPLACE)\b", re.IGNORECASE)


async def on_thread(raw: aiosqlite.Connection, function: Callable[[sqlite3.Connection], T]) -> T:
    """`function(connection)` on the aiosqlite connection's own thread, after the calls queued before it.

    aiosqlite runs each of its calls this way (`_execute`, with the sqlite3 connection as `_conn`) but offers no
    public call for a function of our own; these two names are the whole of what the project uses of its inside,
    and tests/store/test_sqlite.py fails at once if an aiosqlite release drops them."""

    def call() -> T:
        return function(raw._conn)

    result: T = await raw._execute(call)  # type: ignore[no-untyped-call]
    return result


def finish(awaitable: Awaitable[T]) -> T:
    """The value of a work whose awaits never wait (each of its statements a plain sqlite3 call)."""
    steps = awaitable.__await__()
    try:
        steps.send(None)
    except StopIteration as done:
        value: T = done.value
        return value
    steps.close()
    raise RuntimeError("A database work on SQLite awaited something besides its connection (bot.store.sqlite)")


class SqliteConnection:
    """`Connection` over a sqlite3 connection, used on its aiosqlite thread (`on_thread`): every method runs its
    statement at once. On the write connection the first statement begins the transaction (see the module's
    docstring)."""

    dialect: Dialect = "sqlite"

    def __init__(self, raw: sqlite3.Connection, *, writes: bool) -> None:
        self.raw = raw
        self.writes = writes

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        return self._execute(sql, parameters)

    def _execute(self, sql: str, parameters: Sequence[Any]) -> int:
        begins = self._begin(sql)
        with integrity_errors():
            cursor = self.raw.execute(sql, parameters)
            if cursor.description is not None:  # rows left unread (RETURNING): done with them
                cursor.fetchall()
        self._check_begun(begins)
        return max(cursor.rowcount, 0)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._executemany(sql, list(rows))

    def _executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        begins = self._begin(sql)
        with integrity_errors():
            self.raw.executemany(sql, rows)
        self._check_begun(begins)

    async def execute_in_turn(self, statements: Sequence[Statement]) -> list[int]:
        changed = []
        for statement in statements:
            if statement.rows is None:
                changed.append(self._execute(statement.sql, statement.parameters))
            else:
                self._executemany(statement.sql, statement.rows)
                changed.append(0)
        return changed

    async def fetchone(self, sql: str, parameters: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetchall(sql, parameters)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        begins = self._begin(sql)
        with integrity_errors():
            rows: list[Row] = self.raw.execute(sql, parameters).fetchall()
        self._check_begun(begins)
        return rows

    async def lock(self, scope: LockScope, key: int) -> None:
        """Nothing to send: the transaction holds the file's write lock from its first statement to its end."""

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        self._begin("SAVEPOINT")  # outside a transaction, a SAVEPOINT would begin a deferred one
        self.raw.execute("SAVEPOINT store_savepoint")
        try:
            yield
        except BaseException:
            self.raw.execute("ROLLBACK TO store_savepoint")
            self.raw.execute("RELEASE store_savepoint")
            raise
        self.raw.execute("RELEASE store_savepoint")

    def _begin(self, sql: str) -> bool:
        """Before `sql` on the write connection outside its transaction: `BEGIN IMMEDIATE`, unless sqlite3 sends it
        itself with `sql` (then True)."""
        if not self.writes or self.raw.in_transaction:
            return False
        if _BEGINS_ITSELF.match(sql):
            return True
        self.raw.execute("BEGIN IMMEDIATE")
        return False

    def _check_begun(self, begins: bool) -> None:
        if begins and not self.raw.in_transaction:  # sqlite3's rule would have changed: never write unlocked
            raise RuntimeError("sqlite3 did not begin the write transaction before an INSERT, UPDATE or DELETE")


def run_read(raw: sqlite3.Connection, work: Work[T]) -> T:
    return finish(work(SqliteConnection(raw, writes=False)))


def run_part(raw: sqlite3.Connection, work: Work[T]) -> T:
    """`work` on the write connection, in the transaction open or one it begins."""
    return finish(work(SqliteConnection(raw, writes=True)))


def run_transaction(raw: sqlite3.Connection, work: Work[T]) -> T:
    """`work` in one transaction: committed when it returns (if it wrote), rolled back when it raises."""
    try:
        result = run_part(raw, work)
        if raw.in_transaction:
            with integrity_errors():  # a COMMIT can fail a deferred check
                raw.commit()
    except BaseException:
        if raw.in_transaction:
            raw.rollback()
        raise
    return result


def run_group(raw: sqlite3.Connection, works: list[Work[Any]]) -> list[Outcome[Any]]:
    """`works` in one transaction, each under a savepoint of its own, then one COMMIT (see bot.store.sqlite_writes);
    one work alone in a transaction of its own."""
    if len(works) == 1:
        try:
            return [Outcome(value=run_transaction(raw, works[0]))]
        except BaseException as error:  # handed to the caller, who raises it
            return [Outcome(error=error)]
    outcomes: list[Outcome[Any]] = []
    try:
        raw.execute("BEGIN IMMEDIATE")
        for work in works:
            raw.execute(f"SAVEPOINT {_GROUP_SAVEPOINT}")
            try:
                outcomes.append(Outcome(value=run_part(raw, work)))
            except BaseException as error:  # handed to its caller
                outcomes.append(Outcome(error=error))
                if not raw.in_transaction:  # SQLite ended the transaction itself (an I/O error, a full disk)
                    raise
                raw.execute(f"ROLLBACK TO {_GROUP_SAVEPOINT}")
        with integrity_errors():
            raw.commit()
    except BaseException as error:  # every write of the group fails with it
        if raw.in_transaction:
            raw.rollback()
        failed = Outcome[Any](error=error)
        done = [outcome if outcome.error is not None else failed for outcome in outcomes]
        return done + [failed] * (len(works) - len(done))
    return outcomes


class integrity_errors:
    """Turns sqlite3's IntegrityError into the store's own."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: object) -> None:
        if isinstance(error, sqlite3.IntegrityError):
            raise IntegrityError(str(error)) from error


class SqliteDatabase(SingleStatements):
    """`Database` over one SQLite file: a write connection and a read connection, each work one trip to its
    connection's thread (see the module's docstring)."""

    dialect: Dialect = "sqlite"

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._writer: aiosqlite.Connection | None = None
        self._reader: aiosqlite.Connection | None = None
        self._writes = GroupedWrites(self._on_writer, run_group)

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
        self._writer = await self._connect("IMMEDIATE")
        await migrate(self._writer)
        if not self._in_memory:  # an in-memory database exists once per connection: there, reads are writes
            self._reader = await self._connect(None)

    async def _connect(self, isolation_level: Literal["IMMEDIATE"] | None) -> aiosqlite.Connection:
        raw = await aiosqlite.connect(self.path, isolation_level=isolation_level)
        try:
            raw.row_factory = sqlite3.Row
            await raw.executescript(";\n".join(PRAGMAS) + ";")  # one trip for all of them
        except BaseException:
            await raw.close()
            raise
        return raw

    def _open(self, connection: aiosqlite.Connection | None) -> aiosqlite.Connection:
        if connection is None:
            raise RuntimeError("The database is closed")
        return connection

    async def read(self, work: Work[T]) -> T:
        if self._reader is None and self._writer is not None:  # in memory
            return await self.write(work)
        return await on_thread(self._open(self._reader), lambda raw: run_read(raw, work))

    async def write(self, work: Work[T]) -> T:
        return await self._writes.write(work)

    async def _on_writer(self, function: Callable[[sqlite3.Connection], T]) -> T:
        return await on_thread(self._open(self._writer), function)

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        """One statement in a write transaction of its own: the read connection never writes, so a read never
        waits for the file's write lock."""
        return await self.write(lambda c: c.execute(sql, parameters))

    async def migrate(self) -> int:
        """Apply the migrations not applied yet (`open` does); returns the schema's version."""
        return await migrate(self._open(self._writer))

    async def close(self) -> None:
        """Close both connections; the works queued on a connection's thread run first."""
        await self._writes.finished()
        reader, writer = self._reader, self._writer
        self._reader = self._writer = None
        if reader is not None:
            await reader.close()
        if writer is not None:
            await writer.close()


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
