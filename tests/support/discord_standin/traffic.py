"""What happens to a REST request before its route: it is logged (`requests`), counted against Discord's global
limit and its per-channel limit on new messages, and answered by the faults a test scripted (429s, held requests,
errors)."""

from __future__ import annotations

import re
import time
from collections import deque
from typing import Any

from aiohttp import web

from .faults import Failure, Hold, RateLimitRule
from .rest_io import HELD_BODY, json_response

#: Discord's global limit on a bot's requests a second (its rate-limits page: 50; Discord raises it for large bots
#: on request).
GLOBAL_LIMIT = 50
_CREATE_MESSAGE = re.compile(r"/api/v\d+/channels/(\d+)/messages")


class Traffic:
    """The REST requests' log, Discord's per-channel bucket for new messages, and the scripted faults."""

    def _init_traffic(self) -> None:
        self.requests: list[tuple[str, str]] = []
        self.rate_limits: list[RateLimitRule] = []
        self.rate_limited = 0
        #: Discord's per-channel limit on new messages (issue 33): at most `channel_burst` per channel in each
        #: window of `channel_window` seconds. The X-RateLimit headers tell the bot, as Discord's do; a create past
        #: the limit answers 429 and is listed in `channel_limited`, and each create that took a window's last
        #: slot (the bot must then wait before its next one there) in `channel_buckets_emptied`.
        self.channel_burst = 5
        self.channel_window = 5.0
        self.channel_buckets: dict[int, tuple[float, int]] = {}  # channel id -> (window start, creates in it)
        self.channel_limited: list[int] = []
        self.channel_buckets_emptied: list[int] = []
        #: Discord's global limit: at most `global_limit` requests made with the bot's token in any second, whichever
        #: the routes and however many processes make them (interaction callbacks and follow-ups, made with the
        #: interaction's token, are not counted). One more answers 429 with `global` and is listed in
        #: `global_limited`; Discord takes repeated 429s for abuse and bans the bot's address for a while.
        self.global_limit = GLOBAL_LIMIT
        self.global_window: deque[float] = deque()  # when each request counted in the last second arrived
        self.global_limited: list[tuple[str, str]] = []
        self.holds: list[Hold] = []
        self.failures: list[Failure] = []

    def rate_limit(
        self, path_part: str = "", *, count: int | None = 1, retry_after: float = 0.2, every: int = 1
    ) -> None:
        """Answer REST requests whose path contains `path_part` with 429 and `retry_after`: every `every`-th one,
        `count` times (None: until `stop_rate_limits()`). The bot must wait and retry, as discord.py does."""
        self.rate_limits.append(RateLimitRule(path_part, count, retry_after, every))

    def stop_rate_limits(self) -> None:
        self.rate_limits.clear()

    def hold(self, method: str, path_part: str, *, count: int = 1) -> Hold:
        """Hold the bot's next `count` REST requests of `method` whose path contains `path_part` (faults.Hold)."""
        hold = Hold(method, path_part, count)
        self.holds.append(hold)
        return hold

    def fail(
        self,
        method: str,
        path_part: str,
        *,
        status: int = 503,
        code: int = 0,
        message: str = "",
        count: int | None = 1,
        seconds: float | None = None,
        with_files: bool = False,
    ) -> Failure:
        """Answer the bot's matching REST requests with an error (faults.Failure): `count` times, or every one
        for `seconds`; with `with_files`, only those that upload files."""
        failure = Failure(
            method,
            path_part,
            status,
            code,
            message or f"{status}: Discord is unavailable",
            None if seconds is not None else count,
            None if seconds is None else time.monotonic() + seconds,
            with_files,
        )
        self.failures.append(failure)
        return failure

    def stop_faults(self) -> None:
        """Release every held request (carried out) and stop every failure."""
        for hold in self.holds:
            hold.release()
        self.holds.clear()
        self.failures.clear()

    def channel_bucket(self, request: web.Request) -> tuple[dict[str, str], bool] | None:
        """For a new message in a channel: take a slot of its per-channel bucket, and return the X-RateLimit
        headers of the answer and whether it is over the limit; None when the request is no message create."""
        found = _CREATE_MESSAGE.fullmatch(request.path)
        if request.method != "POST" or found is None:
            return None
        channel_id, now = int(found[1]), time.monotonic()
        start, used = self.channel_buckets.get(channel_id, (now, 0))
        if now - start >= self.channel_window:
            start, used = now, 0
        used += 1
        self.channel_buckets[channel_id] = (start, used)
        reset_after = max(0.0, self.channel_window - (now - start))
        limited = used > self.channel_burst
        if limited:
            self.channel_limited.append(channel_id)
        elif used == self.channel_burst:
            self.channel_buckets_emptied.append(channel_id)
        headers = {
            "X-RateLimit-Limit": str(self.channel_burst),
            "X-RateLimit-Remaining": str(max(0, self.channel_burst - used)),
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Bucket": f"standin-channel-{channel_id}",
        }
        return headers, limited

    def global_wait(self, request: web.Request) -> float | None:
        """For a request made with the bot's token: None when it fits in Discord's global limit (and is counted),
        else the seconds until it would."""
        if request.headers.get("Authorization") != f"Bot {self.token}":
            return None
        now, window = time.monotonic(), self.global_window
        while window and now - window[0] >= 1.0:
            window.popleft()
        if len(window) >= self.global_limit:
            return window[0] + 1.0 - now
        window.append(now)
        return None

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        self.requests.append((request.method, request.path))
        wait = self.global_wait(request)
        if wait is not None:
            self.global_limited.append((request.method, request.path))
            return _rate_limited(round(wait, 3), "global", {"X-RateLimit-Global": "true"})
        bucket = self.channel_bucket(request)
        if bucket is not None and bucket[1]:
            return _rate_limited(float(bucket[0]["X-RateLimit-Reset-After"]), "user", bucket[0])
        for rule in self.rate_limits:
            if rule.applies(request.path):
                self.rate_limited += 1
                headers = {
                    "X-RateLimit-Limit": "5",
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset-After": str(rule.retry_after),
                    "X-RateLimit-Bucket": "standin",
                }
                return _rate_limited(rule.retry_after, "user", headers)
        for failure in self.failures:
            if failure.applies(request):
                return failure.response()
        for hold in self.holds:
            if not hold.applies(request):
                continue
            request[HELD_BODY] = await request.read()  # whole before the bot can die: it may be carried out after
            if not await hold.wait():
                return json_response({"message": "503: the bot was gone", "code": 0}, status=503)
        response: web.StreamResponse = await handler(request)
        if bucket is not None:
            response.headers.update(bucket[0])
        return response


def _rate_limited(retry_after: float, scope: str, headers: dict[str, str]) -> web.Response:
    """Discord's 429: how long to wait, whether the limit was the bot's global one, and its headers. With Via, as
    Discord's own 429s carry it (discord.py takes a 429 without it for a Cloudflare ban: no retry)."""
    body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": scope == "global"}
    headers = headers | {
        "Via": "1.1 google",
        "Retry-After": str(max(1, round(retry_after))),
        "X-RateLimit-Scope": scope,
    }
    return json_response(body, status=429, headers=headers)
