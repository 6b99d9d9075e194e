"""Write transactions on the shared connection: `BEGIN IMMEDIATE ... COMMIT`, rolled back on any error.

The bot shares one aiosqlite connection between all its tasks, and SQLite transactions belong to the
connection, so two tasks must never interleave statements of two transactions: a per-connection asyncio
lock serialises them. `BEGIN IMMEDIATE` takes the file's write lock up front, so a second process sharing
the file waits (busy timeout) instead of failing on a lock upgrade half way through.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import aiosqlite

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
