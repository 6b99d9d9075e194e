"""Write transactions on the shared connection: `BEGIN IMMEDIATE ... COMMIT`, rolled back on any error.

The bot shares one aiosqlite connection between all its tasks, and SQLite transactions belong to the
connection, so two tasks must never interleave statements of two transactions: a per-connection asyncio
lock serialises them. `BEGIN IMMEDIATE` takes the file's write lock up front, so a second process sharing
the file waits (busy timeout) instead of failing on a lock upgrade half way through.
"""

from __future__ import annotations

import asyncio
import sqlite3
import weakref
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import aiosqlite

T = TypeVar("T")

_locks: weakref.WeakKeyDictionary[aiosqlite.Connection, asyncio.Lock] = weakref.WeakKeyDictionary()


def _lock_for(db: aiosqlite.Connection) -> asyncio.Lock:
    lock = _locks.get(db)
    if lock is None:
        lock = _locks[db] = asyncio.Lock()
    return lock


@asynccontextmanager
async def transaction(db: aiosqlite.Connection) -> AsyncIterator[aiosqlite.Connection]:
    """Run the body in one write transaction: committed when it returns, rolled back when it raises.

    With `PRAGMA synchronous = FULL` (set by open_database) the commit is on disk when this returns.
    """
    async with _lock_for(db):
        await db.execute("BEGIN IMMEDIATE")
        try:
            yield db
            await db.commit()
        except BaseException:
            # CancelledError included: a half-written transaction must never stay open on the shared connection.
            if db.in_transaction:
                await asyncio.shield(db.rollback())
            raise


async def on_connection_thread(db: aiosqlite.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run `work(connection)` on aiosqlite's own thread in one trip (inside `transaction()` for a write).

    Every awaited statement waits for a turn of the event loop; under load (issue 10) a turn takes milliseconds,
    and a transaction of five statements held the connection's lock for five turns. Statements run here back
    to back instead. `work` must use only the sqlite3 connection it is given, and must not block.
    """
    # aiosqlite's private queue of calls for its thread (stable since 0.17): the same path its execute() takes.
    execute: Callable[..., Any] = db._execute
    result: T = await execute(work, db._conn)
    return result


async def single_trip_transaction(db: aiosqlite.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """`BEGIN IMMEDIATE`, `work(connection)`, `COMMIT` (or `ROLLBACK` if it raises) in one trip to the thread.

    The same guarantees as `transaction()`. The thread runs its queue in order, one call at a time, so the
    transaction only has to be queued while no `transaction()` is open (it holds the lock from before its
    BEGIN until its COMMIT); it does not hold the lock while it waits, so single trips queue back to back.
    Once queued, it runs to its commit or rollback even if the caller is cancelled. aiosqlite's thread keeps
    the result of its previous call alive while it runs this one, so a cursor left with unread rows by the call
    just before (`await db.execute("PRAGMA ...")` with its row never fetched) makes the COMMIT fail with "SQL
    statements in progress": read rows with `execute_fetchall` or `async with db.execute(...)`.
    """
    lock = _lock_for(db)
    while lock.locked():
        async with lock:
            pass
    # No await between the check above and the queueing inside on_connection_thread: nothing can open a
    # transaction in between.
    return await on_connection_thread(db, lambda connection: _in_transaction(connection, work))


def _in_transaction(connection: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    connection.execute("BEGIN IMMEDIATE")
    try:
        result = work(connection)
        connection.commit()
    except BaseException:
        if connection.in_transaction:  # a failed COMMIT leaves the transaction open
            connection.rollback()
        raise
    return result
