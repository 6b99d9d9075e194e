"""Which board the drawing processes draw next: one that a click waits for before one drawn in the background.

The drawing processes take jobs first come, first served. Beside computer matches that put a person's
board behind the computer's boards: the computer answers in bursts, right after each of its opponents' clicks.
So only as many jobs as there are drawing processes (and one more, queued, so that a process never waits for
the event loop between two boards) go to the processes at a time; the others wait here, and a board drawn
`in_background()` (the computer's turns, timers) is handed a turn only when no board of a click is waiting, or
once it has waited BACKGROUND_PATIENCE: a steady stream of clicks (200 busy tables) must not hold the computer's
board back for seconds, since a person waits for it too (a world-class turn within 3 s).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextvars import ContextVar

#: Set by `in_background`: the boards of this task (and of the tasks it starts) are background work.
_background: ContextVar[bool] = ContextVar("drawing_in_background", default=False)

_CLICK, _BACKGROUND = 0, 1

#: Seconds a background board waits behind boards of clicks at most; then it is drawn next.
BACKGROUND_PATIENCE = 0.5


@contextlib.contextmanager
def in_background() -> Iterator[None]:
    """Boards drawn inside this block wait for every board a click is waiting for."""
    token = _background.set(True)
    try:
        yield
    finally:
        _background.reset(token)


class DrawingQueue:
    """At most `slots` jobs in the drawing processes at once; waiting jobs in order: clicks first, then arrival,
    except a background job that has waited `patience` seconds, which goes first."""

    def __init__(
        self, slots: int, patience: float = BACKGROUND_PATIENCE, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._free = slots
        self._waiting: list[tuple[int, int, float, asyncio.Future[None]]] = []  # rank, arrival, since, turn
        self._arrival = itertools.count()
        self._patience = patience
        self._clock = clock

    @property
    def waiting(self) -> int:
        return sum(1 for *_, turn in self._waiting if not turn.done())

    @contextlib.asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        """Wait for a free slot (as a click's board, or a background one inside `in_background`), hold it."""
        await self._acquire(_BACKGROUND if _background.get() else _CLICK)
        try:
            yield
        finally:
            self._release()

    async def _acquire(self, rank: int) -> None:
        if self._free > 0:  # (a released slot goes straight to a waiter, so none waits while one is free)
            self._free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (rank, next(self._arrival), self._clock(), turn))
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():  # handed the slot just as it was cancelled: pass it on
                self._release()
            raise

    def _release(self) -> None:
        while self._waiting:
            *_, turn = self._next()
            if not turn.done():  # skip waiters that were cancelled
                turn.set_result(None)
                return
        self._free += 1

    def _next(self) -> tuple[int, int, float, asyncio.Future[None]]:
        """The waiter to serve: the earliest background one that ran out of patience, else the heap's first."""
        now = self._clock()
        overdue = [entry for entry in self._waiting if entry[0] == _BACKGROUND and now - entry[2] >= self._patience]
        if not overdue:
            return heapq.heappop(self._waiting)
        entry = min(overdue)
        self._waiting.remove(entry)
        heapq.heapify(self._waiting)
        return entry
