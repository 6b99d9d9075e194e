"""The bot's requests to Discord kept under Discord's global limit.

Discord lets a bot make 50 requests a second (more where Discord has raised it for a large bot), counted over
every route and every process of the bot; answers to interactions, made with the interaction's own token, are
not counted. discord.py waits only once Discord has answered 429: in a burst of match starts (two requests each,
the thread and its first board) every waiting request retried at the same moment met the limit again, failed
after five 429s, and Discord bans an address that keeps receiving them. So each request made with the bot's token
first takes its turn in a leaky bucket whose burst and rate together stay under this process's share of the limit
in any second: a burst costs waiting, not failures.

A request that a press waits for before it can be answered (an accept opens its match's thread first), made
`before_the_answer`, goes ahead of the others: they enter the bucket's queue one at a time, so that such a request
waits behind one of them at most, however long their backlog (a tournament's round posting its boards). Such
requests still queue among themselves: some 120 accepts within Discord's 3 s would not all be answered in time.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Iterator
from contextvars import ContextVar
from typing import Any, Protocol

from aiolimiter import AsyncLimiter

#: The bucket's rate and burst as parts of the share: together nine tenths of it in any second, the last tenth a
#: margin for requests that reach Discord later than they left the bucket (discord.py's own per-route waits).
RATE_PART = 0.8
BURST_PART = 0.1


_ANSWER_WAITS: ContextVar[bool] = ContextVar("answer_waits", default=False)


@contextlib.contextmanager
def before_the_answer() -> Iterator[None]:
    """Around requests that a press's answer waits for: they pass the bot's other requests in the bucket's queue."""
    token = _ANSWER_WAITS.set(True)
    try:
        yield
    finally:
        _ANSWER_WAITS.reset(token)


class Requests(Protocol):
    """What sends the bot's requests with its token: discord.py's HTTPClient (`bot.http`), whose every route goes
    through `request`."""

    def request(self, *args: Any, **kwargs: Any) -> Awaitable[Any]: ...


def pace(http: Requests, per_second: float) -> AsyncLimiter:
    """Make every request `http` sends wait for its turn, at most `per_second` in any second; the bucket."""
    burst = max(1.0, per_second * BURST_PART)
    limiter = AsyncLimiter(burst, burst / (per_second * RATE_PART))
    request = http.request
    others = asyncio.Lock()  # the requests no answer waits for, one at a time in the bucket's queue

    async def paced(*args: Any, **kwargs: Any) -> Any:
        if _ANSWER_WAITS.get():
            await limiter.acquire()
        else:
            async with others:
                await limiter.acquire()
        return await request(*args, **kwargs)

    http.request = paced  # type: ignore[method-assign]
    return limiter
