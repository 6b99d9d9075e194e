"""Requests are bounded per address: a token bucket each, `per_minute` tokens refilled evenly over a
minute, holding at most a minute's worth. The table of addresses is bounded too: the fullest buckets (addresses
idle the longest) are forgotten first."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

#: Addresses remembered at most; an address forgotten starts again with a full bucket.
MAX_ADDRESSES = 50_000


class RateLimit:
    def __init__(self, per_minute: int, *, clock: Callable[[], float] = time.monotonic) -> None:
        if per_minute < 1:
            raise ValueError("per_minute must be at least 1")
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0
        self._clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # address -> (tokens, at)

    def allow(self, address: str) -> bool:
        """Take one token for `address`; False when it has none left (the request is refused)."""
        now = self._clock()
        tokens, at = self._buckets.pop(address, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - at) * self.rate)
        allowed = tokens >= 1.0
        self._buckets[address] = (tokens - 1.0 if allowed else tokens, now)
        while len(self._buckets) > MAX_ADDRESSES:
            self._buckets.popitem(last=False)
        return allowed
