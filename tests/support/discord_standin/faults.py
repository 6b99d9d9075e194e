"""Discord failing on purpose, at a chosen request: held requests (to kill the bot at an exact moment) and errors.

A `Hold` stops the bot's next matching REST request at the stand-in until the test releases it, so that a test
can SIGKILL the bot while, say, the new board is being posted: deterministic, unlike a kill after a sleep. A
held request's body is read first, so one released after the bot died is either answered without being carried
out (`release(carry_out=False)`: it never reached Discord) or carried out all the same (Discord created the
message, and the bot never heard: issue 31); nobody is listening to the answer.

A `Failure` answers matching requests with an error instead of carrying them out: a 503 once, a run of 502s
for 30 seconds (discord.py retries those for about 25 s, then gives up), or a 403 "Missing Permissions" while
a permission is taken away.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field

from aiohttp import web

from tests.support.discord_standin.rest_io import is_multipart


def _matches(method: str, path_part: str, request: web.Request) -> bool:
    return request.path.startswith("/api/") and request.method == method and path_part in request.path


@dataclass
class Hold:
    """The next `count` requests of `method` whose path contains `path_part` wait here until `release()`."""

    method: str
    path_part: str
    count: int = 1
    carry_out: bool = True
    held: list[str] = field(default_factory=list)
    reached: asyncio.Event = field(default_factory=asyncio.Event)
    _released: asyncio.Event = field(default_factory=asyncio.Event)

    def applies(self, request: web.Request) -> bool:
        if len(self.held) >= self.count or not _matches(self.method, self.path_part, request):
            return False
        self.held.append(request.path)
        return True

    async def wait_reached(self, timeout: float = 15.0) -> None:
        """Until a matching request is being held."""
        await asyncio.wait_for(self.reached.wait(), timeout)

    def release(self, *, carry_out: bool = True) -> None:
        """Let the held requests go: carried out as usual, or (after the bot was killed) only answered."""
        self.carry_out = carry_out
        self._released.set()

    async def wait(self) -> bool:
        """Called by the stand-in for a held request: whether to carry it out once released."""
        self.reached.set()
        await self._released.wait()
        return self.carry_out


@dataclass
class Failure:
    """Answer matching requests with `status` (Discord's JSON error body with `code`) `count` times (None: no
    limit) until `until` (monotonic seconds; None: no limit), or until the stand-in's failures are stopped."""

    method: str
    path_part: str
    status: int
    code: int = 0
    message: str = "Service Unavailable"
    count: int | None = 1
    until: float | None = None
    with_files: bool = False  # only requests that upload files (a lost Attach Files permission)
    answered: int = 0

    def applies(self, request: web.Request) -> bool:
        if not _matches(self.method, self.path_part, request):
            return False
        if self.with_files and not is_multipart(request):
            return False
        if self.count is not None and self.answered >= self.count:
            return False
        if self.until is not None and time.monotonic() >= self.until:
            return False
        self.answered += 1
        return True

    def response(self) -> web.Response:
        """Labelled bare JSON as Discord's errors are (discord.py reads no error code from "; charset=utf-8")."""
        body = json.dumps({"message": self.message, "code": self.code}).encode()
        return web.Response(body=body, status=self.status, content_type="application/json")


@dataclass
class RateLimitRule:
    """429 with `retry_after` for every `every`-th REST request whose path contains `path_part`, `remaining` times
    (None: until `stop_rate_limits()`)."""

    path_part: str
    remaining: int | None
    retry_after: float
    every: int = 1
    seen: int = 0

    def applies(self, path: str) -> bool:
        if self.remaining == 0 or self.path_part not in path or not path.startswith("/api/"):
            return False
        self.seen += 1
        if self.seen % self.every:
            return False
        if self.remaining is not None:
            self.remaining -= 1
        return True


MISSING_PERMISSIONS = 50013
