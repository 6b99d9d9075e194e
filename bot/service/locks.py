"""One asyncio lock per match, created on demand and dropped when nobody holds or waits for it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class KeyedLocks:
    """`async with locks.hold(match_id):` serialises the coroutines of this process that act on one match.

    Two bot processes sharing the file are kept apart by the version check in the snapshot UPDATE instead.
    """

    def __init__(self) -> None:
        self._locks: dict[int, asyncio.Lock] = {}
        self._users: dict[int, int] = {}

    @asynccontextmanager
    async def hold(self, key: int) -> AsyncIterator[None]:
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._users[key] = self._users.get(key, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self._users[key] -= 1
            if not self._users[key]:
                del self._users[key], self._locks[key]

    def __len__(self) -> int:
        """How many matches have a lock in use (for tests: no lock is kept after use)."""
        return len(self._locks)
