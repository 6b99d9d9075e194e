"""The PostgreSQL database: an asyncpg pool, the same store functions, transactions across processes.

Every write is one transaction on a pooled connection (READ COMMITTED). The optimistic version check (`UPDATE
... WHERE version = ?`) works as on SQLite: a second writer of the same snapshot row waits for the first one's
commit, then finds the version changed and writes nothing. `lock_match` adds a transaction-scoped advisory lock,
so the service's per-match lock holds across bot processes, not only between the tasks of one (and the same for
the other read-check-write steps: an accept, a member's new challenge, a tournament's changes).
When the server goes away (a restart), the pool drops the broken connections and makes new ones at the next
use; meanwhile every call raises StoreUnavailableError (the caller says "try again in a moment").
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import asyncpg

from bot.store.backend import Dialect, LockScope, Row, SingleStatements, Statement, Work, numbered_placeholders
from bot.store.errors import IntegrityError, StoreUnavailableError
from bot.store.migrations import postgres_migrations

T = TypeVar("T")

#: The advisory lock key migrations take, so that two processes starting at once migrate one after the other.
_MIGRATION_LOCK = 0x6761_6D6D_6F6E  # "gammon"
#: The first key of each scope's advisory locks (the second is the id), apart from any other advisory lock.
_LOCK_CLASSES: dict[LockScope, int] = {
    "match": 1_936_001,
    "challenge": 1_936_002,
    "member": 1_936_003,
    "tournament": 1_936_004,
}

#: An unreachable server is reported after this long (a player is waiting), a stuck statement after that long.
_CONNECT_SECONDS = 5.0
_STATEMENT_SECONDS = 30.0

#: Errors that mean "the server is not there right now", as opposed to a bad statement.
_UNAVAILABLE: tuple[type[BaseException], ...] = (
    OSError,
    asyncio.TimeoutError,
    asyncpg.exceptions.PostgresConnectionError,
    asyncpg.exceptions.ConnectionDoesNotExistError,
    asyncpg.exceptions.InterfaceError,
    asyncpg.exceptions.CannotConnectNowError,
    asyncpg.exceptions.AdminShutdownError,
    asyncpg.exceptions.CrashShutdownError,
)


def _changed(status: str) -> int:
    """Rows changed, from a command status such as `UPDATE 3` or `INSERT 0 1`."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresConnection:
    """`Connection` over one asyncpg connection (inside a transaction, or for one read)."""

    dialect: Dialect = "postgresql"

    def __init__(self, raw: asyncpg.Connection) -> None:
        self.raw = raw

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        with _translated():
            status = await self.raw.execute(numbered_placeholders(sql), *parameters)
        return _changed(status)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = [tuple(row) for row in rows]
        if rows:
            with _translated():
                await self.raw.executemany(numbered_placeholders(sql), rows)

    async def execute_in_turn(self, statements: Sequence[Statement]) -> list[int]:
        """One statement after the other: asyncpg answers each before the next is sent."""
        changed = []
        for statement in statements:
            if statement.rows is not None:
                await self.executemany(statement.sql, statement.rows)
                changed.append(0)
            else:
                changed.append(await self.execute(statement.sql, statement.parameters))
        return changed

    async def fetchone(self, sql: str, parameters: Sequence[Any] = ()) -> Row | None:
        with _translated():
            row: Row | None = await self.raw.fetchrow(numbered_placeholders(sql), *parameters)
        return row

    async def fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        with _translated():
            rows: list[Row] = await self.raw.fetch(numbered_placeholders(sql), *parameters)
        return rows

    async def lock(self, scope: LockScope, key: int) -> None:
        with _translated():  # the two-key form: (scope, key folded to 32 bits)
            await self.raw.execute("SELECT pg_advisory_xact_lock($1, $2)", _LOCK_CLASSES[scope], (key % 2**32) - 2**31)

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        with _translated():
            async with self.raw.transaction():  # nested inside the write's transaction: a savepoint
                yield


class _translated:
    """Turns asyncpg's errors into the store's own."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: object) -> None:
        if isinstance(error, asyncpg.exceptions.IntegrityConstraintViolationError):
            raise IntegrityError(str(error)) from error
        if isinstance(error, _UNAVAILABLE):
            raise StoreUnavailableError(f"PostgreSQL is not reachable: {error}") from error


class PostgresDatabase(SingleStatements):
    """`Database` over a PostgreSQL server (asyncpg pool)."""

    dialect: Dialect = "postgresql"

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 10) -> None:
        self._url = url
        self._sizes = (min_size, max_size)
        self._pool: asyncpg.Pool | None = None

    @property
    def url(self) -> str:
        return self._url

    async def open(self) -> None:
        """Create the pool (the server must be reachable now) and apply the migrations."""
        try:
            self._pool = await asyncpg.create_pool(
                self._url,
                min_size=self._sizes[0],
                max_size=self._sizes[1],
                command_timeout=_STATEMENT_SECONDS,
                timeout=_CONNECT_SECONDS,
            )
        except _UNAVAILABLE as error:
            raise StoreUnavailableError(f"PostgreSQL is not reachable: {error}") from error
        await self.write(_migrate)

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[asyncpg.Connection]:
        if self._pool is None:
            raise RuntimeError("The database is closed")
        try:
            async with self._pool.acquire() as raw:
                yield raw
        except _UNAVAILABLE as error:
            raise StoreUnavailableError(f"PostgreSQL is not reachable: {error}") from error

    async def read(self, work: Work[T]) -> T:
        async with self._connection() as raw:
            return await work(PostgresConnection(raw))

    async def write(self, work: Work[T]) -> T:
        # Shielded: once started, the transaction ends in a commit or a rollback even if the caller is cancelled.
        return await asyncio.shield(self._write(work))

    async def _write(self, work: Work[T]) -> T:
        async with self._connection() as raw:
            with _translated():
                async with raw.transaction():
                    return await work(PostgresConnection(raw))

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()


async def _migrate(connection: Any) -> int:
    """Apply every PostgreSQL migration newer than the stored version, in the caller's transaction."""
    assert isinstance(connection, PostgresConnection)
    raw = connection.raw
    await raw.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
    await raw.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    current = await raw.fetchval("SELECT MAX(version) FROM schema_version") or 0
    for version, sql in postgres_migrations():
        if version <= current:
            continue
        await raw.execute(sql)
        await raw.execute("INSERT INTO schema_version (version) VALUES ($1)", version)
        current = version
    return int(current)
