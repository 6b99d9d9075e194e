"""The write transactions of one SQLite connection, committed in groups.

Under a burst of writes (a few hundred matches starting at once) the write connection's thread spends most of a
transaction waiting for the GIL: every sqlite3 call lets it go, and while the event loop is busy each taking it
back can wait up to the interpreter's switch interval. A transaction's fixed part (its trip to the thread,
`BEGIN IMMEDIATE`, `COMMIT` and its fsync) is most of those calls. So each write is queued here and a call to
take the queue is sent to the thread: the thread, when it gets to that call, takes every write still queued (those
taken by an earlier call are done) and runs them as one group, one transaction and one commit, each write under a
savepoint of its own. The thread goes from one group to the next without waiting for the event loop. A write that
raises is rolled back to its savepoint and raises for its caller alone; the others are committed. A write alone in
its group runs exactly as a transaction of its own.

Each caller is answered only once the group's COMMIT has returned: nothing is acknowledged before it is on disk.
A COMMIT that fails (an I/O error; the project declares no deferred constraint) fails every write of its group.
"""

from __future__ import annotations

import asyncio
import collections
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from bot.store.backend import Work

T = TypeVar("T")

#: At most this many writes share a transaction (each holds a savepoint until the commit).
MOST_IN_A_GROUP = 64


@dataclass(slots=True)
class Outcome(Generic[T]):
    """What one write of a group gave: its value, or what it raised."""

    value: T | None = None
    error: BaseException | None = None


@dataclass(slots=True)
class _Waiting:
    work: Work[Any]
    answer: asyncio.Future[Any]


Taken = list[tuple[_Waiting, Outcome[Any]]]
#: Runs a function of the sqlite3 connection on the connection's thread (bot.store.sqlite.on_thread).
OnThread = Callable[[Callable[[sqlite3.Connection], Taken]], Awaitable[Taken]]
#: Runs works as one group on the thread (bot.store.sqlite.run_group).
RunGroup = Callable[[sqlite3.Connection, list[Work[Any]]], list[Outcome[Any]]]


class GroupedWrites:
    """The write transactions of one aiosqlite connection: each `write` waits for its group's commit."""

    def __init__(self, on_thread: OnThread, run_group: RunGroup) -> None:
        self._on_thread = on_thread
        self._run_group = run_group
        self._waiting: collections.deque[_Waiting] = collections.deque()  # appended here, taken by the thread
        self._sent: set[asyncio.Future[Taken]] = set()

    async def write(self, work: Work[T]) -> T:
        """`work` in a transaction (maybe shared, see the module's docstring); runs to its commit or rollback even
        if the caller is cancelled."""
        answer: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._waiting.append(_Waiting(work, answer))
        sent = asyncio.ensure_future(self._on_thread(self._take))
        self._sent.add(sent)
        sent.add_done_callback(self._answer)
        return await asyncio.shield(answer)

    def _take(self, raw: sqlite3.Connection) -> Taken:
        """On the connection's thread: the writes queued now, run as one group (none: an earlier call took them)."""
        group: list[_Waiting] = []
        while self._waiting and len(group) < MOST_IN_A_GROUP:
            group.append(self._waiting.popleft())
        if not group:
            return []
        return list(zip(group, self._run_group(raw, [waiting.work for waiting in group]), strict=True))

    def _answer(self, sent: asyncio.Future[Taken]) -> None:
        """On the event loop: each write the call took gets its outcome. A call that never ran (the connection
        closed) fails every write still queued: no later call would run either."""
        self._sent.discard(sent)
        if sent.cancelled():  # with its event loop: nobody is left to answer
            while self._waiting:
                self._waiting.popleft().answer.cancel()
            return
        error = sent.exception()
        if error is None:
            taken = sent.result()
        else:
            taken = []
            while self._waiting:
                taken.append((self._waiting.popleft(), Outcome[Any](error=error)))
        for waiting, outcome in taken:
            if waiting.answer.done():
                continue
            if outcome.error is not None:
                waiting.answer.set_exception(outcome.error)
            else:
                waiting.answer.set_result(outcome.value)

    async def finished(self) -> None:
        """Once every write asked for so far is committed or rolled back."""
        while self._sent:
            await asyncio.wait(list(self._sent))
