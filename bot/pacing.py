"""The bot's requests to Discord kept under Discord's global limit.

Discord lets a bot make 50 requests a second (more where Discord has raised it for a large bot), counted over
every route and every process of the bot; answers to interactions, made with the interaction's own token, are
not counted. discord.py waits only once Discord has answered 429: in a burst of match starts (two requests each,
the thread and its first board) every waiting request retried at the same moment met the limit again, failed
after five 429s, and Discord bans an address that keeps receiving them. So each request made with the bot's token
first takes its turn in a leaky bucket whose burst and rate together stay under this process's share of the limit
in any second: a burst costs waiting, not failures.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any, Protocol

from aiolimiter import AsyncLimiter

#: The bucket's rate and burst as parts of the share: together nine tenths of it in any second, the last tenth a
#: margin for requests that reach Discord later than they left the bucket (discord.py's own per-route waits).
RATE_PART = 0.8
BURST_PART = 0.1


class Requests(Protocol):
    """What sends the bot's requests with its token: discord.py's HTTPClient (`bot.http`), whose every route goes
    through `request`."""

    def request(self, *args: Any, **kwargs: Any) -> Awaitable[Any]: ...


def pace(http: Requests, per_second: float) -> AsyncLimiter:
    """Make every request `http` sends wait for its turn, at most `per_second` in any second; the bucket."""
    burst = max(1.0, per_second * BURST_PART)
    limiter = AsyncLimiter(burst, burst / (per_second * RATE_PART))
    request = http.request

    async def paced(*args: Any, **kwargs: Any) -> Any:
        await limiter.acquire()
        return await request(*args, **kwargs)

    http.request = paced  # type: ignore[method-assign]
    return limiter
