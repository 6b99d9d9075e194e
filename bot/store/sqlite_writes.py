"""The write transactions of one SQLite connection, committed in groups.

Under a burst of writes (a few hundred matches starting at once) the write connection's thread spends most of a
transaction waiting for the GIL: every sqlite3 call lets it go, and while the event loop is busy each taking it
back can wait up to the interpreter's switch interval. A transaction's fixed part (its trip to the thread,
`BEGIN IMMEDIATE`, `COMMIT` and its fsync) is most of those calls. So the writes that arrive while the thread is
busy wait on the event loop's side and then go as one group: one trip, one transaction, one commit, each write
under a savepoint of its own. A write that raises is rolled back to its savepoint and raises for its caller
alone; the others are committed. A write alone in its group runs exactly as a transaction of its own.

Each caller is answered only once the group's COMMIT has returned: nothing is acknowledged before it is on disk.
A COMMIT that fails (an I/O error; the project declares no deferred constraint) fails every write of its group.
"""

from __future__ import annotations

import asyncio
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


Send = Callable[[list[Work[Any]]], Awaitable[list[Outcome[Any]]]]


@dataclass(slots=True)
class _Waiting:
    work: Work[Any]
    answer: asyncio.Future[Any]


class GroupedWrites:
    """The write transactions of one aiosqlite connection: each `write` waits for its group's commit."""

    def __init__(self, send: Send) -> None:
        self._send_group = send
        self._waiting: list[_Waiting] = []
        self._sending: asyncio.Task[None] | None = None

    async def write(self, work: Work[T]) -> T:
        """`work` in a transaction (maybe shared, see the module's docstring); runs to its commit or rollback even
        if the caller is cancelled."""
        answer: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._waiting.append(_Waiting(work, answer))
        if self._sending is None:
            self._sending = asyncio.ensure_future(self._send())
        return await asyncio.shield(answer)

    async def _send(self) -> None:
        group: list[_Waiting] = []
        try:
            while self._waiting:
                group, self._waiting = self._waiting[:MOST_IN_A_GROUP], self._waiting[MOST_IN_A_GROUP:]
                try:
                    outcomes = await self._send_group([waiting.work for waiting in group])
                except Exception as error:  # the connection closed under the group: each caller is told
                    outcomes = [Outcome(error=error)] * len(group)
                for waiting, outcome in zip(group, outcomes, strict=True):
                    if waiting.answer.done():
                        continue
                    if outcome.error is not None:
                        waiting.answer.set_exception(outcome.error)
                    else:
                        waiting.answer.set_result(outcome.value)
        except BaseException:  # cancelled with its event loop: nobody is left waiting for an answer
            for waiting in group + self._waiting:
                waiting.answer.cancel()
            self._waiting = []
            raise
        finally:
            self._sending = None

    async def finished(self) -> None:
        """Once every write asked for so far is committed or rolled back."""
        while self._sending is not None:
            await asyncio.shield(self._sending)
