"""The bot's requests to Discord kept under Discord's global limit.

Discord lets a bot make 50 requests a second (more where Discord has raised it for a large bot), counted over
every route and every process of the bot; answers to interactions, made with the interaction's own token, are
not counted. discord.py waits only once Discord has answered 429: in a burst of match starts (two requests each,
the thread and its first board) every waiting request retried at the same moment met the limit again, failed
after five 429s, and Discord bans an address that keeps receiving them. So each request made with the bot's token
first takes its turn under a moving window: at most nine tenths of this process's share of the limit in any
second, a cluster of starts let through at once as long as the second's count allows it. A burst past the limit
costs waiting, not failures.

A request that a press waits for before it can be answered (an accept opens its match's thread first), made
`before_the_answer`, goes ahead of the others: they join the line one at a time, so that such a request waits
behind one of them at most, however long their backlog (a tournament's round posting its boards). Such requests
still queue among themselves: some 135 accepts within Discord's 3 s would not all be answered in time.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Iterator
from contextvars import ContextVar
from typing import Any, Protocol

from limits import RateLimitItemPerSecond
from limits.aio.storage import MemoryStorage
from limits.aio.strategies import MovingWindowRateLimiter

#: The part of the share the window lets through: the last tenth is a margin for requests that reach Discord
#: later than they left the line (discord.py's own per-route waits).
WINDOW_PART = 0.9

_ANSWER_WAITS: ContextVar[bool] = ContextVar("answer_waits", default=False)


@contextlib.contextmanager
def before_the_answer() -> Iterator[None]:
    """Around requests that a press's answer waits for: they pass the bot's other requests in the line."""
    token = _ANSWER_WAITS.set(True)
    try:
        yield
    finally:
        _ANSWER_WAITS.reset(token)


class Requests(Protocol):
    """What sends the bot's requests with its token: discord.py's HTTPClient (`bot.http`), whose every route goes
    through `request`."""

    def request(self, *args: Any, **kwargs: Any) -> Awaitable[Any]: ...


def pace(http: Requests, per_second: float) -> None:
    """Make every request `http` sends wait for its turn: at most `per_second` in any second, less the margin."""
    window = MovingWindowRateLimiter(MemoryStorage())
    allowed = RateLimitItemPerSecond(max(1, int(per_second * WINDOW_PART)))
    request = http.request
    line = asyncio.Lock()  # one request at a time waits for room in the window, the rest in the order they came
    others = asyncio.Lock()  # the requests no answer waits for join the line one at a time

    async def turn() -> None:
        async with line:
            while not await window.hit(allowed):
                room_at, _ = await window.get_window_stats(allowed)
                await asyncio.sleep(max(0.001, room_at - time.time()))

    async def paced(*args: Any, **kwargs: Any) -> Any:
        if _ANSWER_WAITS.get():
            await turn()
        else:
            async with others:
                await turn()
        return await request(*args, **kwargs)

    http.request = paced  # type: ignore[method-assign]
