"""The storage interface every user of the database depends on, whichever database is behind it.

Store functions are written once, as coroutines over a `Connection`, with `?` placeholders and SQL both SQLite
and PostgreSQL accept (`ON CONFLICT ... DO NOTHING`, `IS DISTINCT FROM`, `CASE` rather than two-argument
`MAX`). `Database.write(work)` runs `work` in ONE transaction, committed when it returns and rolled back when it
raises. On SQLite the whole work runs on the write connection's aiosqlite thread, and may await nothing but its
connection (`bot.store.sqlite`); on PostgreSQL on a pooled asyncpg connection. Errors are the
driver-neutral ones in `bot.store.errors`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Coroutine, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, Protocol, TypeVar, runtime_checkable

T = TypeVar("T")

Dialect = Literal["sqlite", "postgresql"]
LockScope = Literal["match", "challenge", "member", "tournament"]


class Row(Protocol):
    """A result row: by position (`row[0]`) or by column name (`row["id"]`), and iterable (sqlite3.Row, asyncpg's
    Record)."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[Any]: ...

    def keys(self) -> Any: ...


class Queries(Protocol):
    """Statements with `?` placeholders: on a transaction's connection, or on the database (one statement each)."""

    @property
    def dialect(self) -> Dialect: ...

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        """Run one statement; returns how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetchone(self, sql: str, parameters: Sequence[Any] = ()) -> Row | None: ...

    async def fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]: ...


@dataclass(frozen=True, slots=True)
class Statement:
    """One statement of `Connection.execute_in_turn`: with `parameters`, or run once for each of `rows`."""

    sql: str
    parameters: Sequence[Any] = ()
    rows: Sequence[Sequence[Any]] | None = None


class Connection(Queries, Protocol):
    """The connection of one transaction (or one read)."""

    async def execute_in_turn(self, statements: Sequence[Statement]) -> list[int]:
        """Run the statements in order, all sent before the first answer where that saves waiting (PostgreSQL);
        how many rows each changed (0 for one run for `rows`). A failed statement raises, and the transaction is
        rolled back; so is it when the caller finds a count it did not expect and raises."""
        ...

    async def lock(self, scope: LockScope, key: int) -> None:
        """Hold the lock of one match (challenge, member, tournament) until the transaction ends, across
        processes: PostgreSQL takes an advisory transaction lock, so writes that read, check and then write one
        thing queue as they do on SQLite, whose `BEGIN IMMEDIATE` holds the whole file's write lock. Take
        them in the order match, then tournament (a finished match's hook advances its tournament)."""
        ...

    def savepoint(self) -> AbstractAsyncContextManager[None]:
        """`async with connection.savepoint():` statements that may fail with an IntegrityError the caller
        handles: their changes are undone and the transaction goes on (PostgreSQL would otherwise refuse every
        later statement of a transaction in which one failed)."""
        ...


Work = Callable[[Connection], Coroutine[Any, Any, T]]


@runtime_checkable
class Database(Queries, Protocol):
    """An open database: SQLite (`bot.store.sqlite`) or PostgreSQL (`bot.store.postgres`)."""

    @property
    def url(self) -> str: ...

    async def read(self, work: Work[T]) -> T:
        """Run `work` on one connection without a write transaction (reads). On SQLite it runs on the connection's
        thread: it may await nothing but its connection."""
        ...

    async def write(self, work: Work[T]) -> T:
        """Run `work` in one write transaction: committed when it returns, rolled back when it raises. Once
        started it runs to its commit or rollback even if the caller is cancelled. On SQLite it runs on the
        connection's thread: it may await nothing but its connection (a RuntimeError otherwise, nothing written)."""
        ...

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        """`fetchall` (the name aiosqlite gave it, kept for tests and tools)."""
        ...

    async def close(self) -> None: ...


class SingleStatements:
    """`Queries` on a whole database, one statement each: a read (or, for `executemany`, a write) of its own.
    A base of both databases, which give `read` and `write`."""

    async def read(self, work: Work[T]) -> T:
        raise NotImplementedError

    async def write(self, work: Work[T]) -> T:
        raise NotImplementedError

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        return await self.read(lambda c: c.execute(sql, parameters))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        await self.write(lambda c: c.executemany(sql, rows))

    async def fetchone(self, sql: str, parameters: Sequence[Any] = ()) -> Row | None:
        return await self.read(lambda c: c.fetchone(sql, parameters))

    async def fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        return await self.read(lambda c: c.fetchall(sql, parameters))

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        return await self.fetchall(sql, parameters)


_PLACEHOLDER = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|--[^\n]*|\?")


@lru_cache(maxsize=1024)
def numbered_placeholders(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2, ...` (a `?` inside quotes or a comment is left alone)."""
    count = 0

    def number(found: re.Match[str]) -> str:
        nonlocal count
        if found.group(0) != "?":
            return found.group(0)
        count += 1
        return f"${count}"

    return _PLACEHOLDER.sub(number, sql)
