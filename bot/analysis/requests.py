"""`/bg analyze`: a match's analysis is posted once, in the channel where the match was played; a later
request gets a link to that message (posted again, once, only when the message is gone; a private copy when the
match's channel takes no message), and a member asks at most once every COOLDOWN_SECONDS. No Discord: whether a
message still exists is asked of the caller.
"""

from __future__ import annotations

import asyncio
import enum
import logging
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.analysis.jobs import AnalysisJobs
from bot.analysis.result import MatchAnalysis
from bot.i18n import N_
from bot.service.errors import ServiceError
from bot.service.locks import KeyedLocks

log = logging.getLogger(__name__)

#: Seconds between two analysis requests of one member (each may post pictures, or run a worker for a minute).
COOLDOWN_SECONDS = 30.0
FAILED = N_("The analysis failed; the error is logged. Try again later.")

#: (channel id, message id) -> whether that message still exists.
StillThere = Callable[[int, int], Awaitable[bool]]


class Shown(enum.Enum):
    POSTED = "posted now"
    POSTED_BEFORE = "posted before"
    BEING_POSTED = "being posted"
    PRIVATE = "a private copy"


@dataclass(frozen=True, slots=True)
class Answer:
    """What a request got: the message (POSTED, POSTED_BEFORE), the channel it is on its way to (BEING_POSTED), or
    the analysis to show privately (PRIVATE: the match's channel refused the message)."""

    shown: Shown
    channel_id: int
    message_id: int | None = None
    analysis: MatchAnalysis | None = None


class AnalysisRequests:
    """The answers to `/bg analyze`, over the jobs that compute, store and post analyses."""

    def __init__(
        self, jobs: AnalysisJobs, *, cooldown: float = COOLDOWN_SECONDS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.jobs = jobs
        self.cooldown = cooldown
        self._clock = clock
        self._asked: dict[int, float] = {}  # member -> when they last asked
        self._locks = KeyedLocks()  # one request per match at a time decides and posts

    def admit(self, user_id: int) -> None:
        """Count a request of the member, or refuse it (ServiceError) with the seconds left to wait."""
        now = self._clock()
        last = self._asked.get(user_id)
        if last is not None and now - last < self.cooldown:
            left = math.ceil(self.cooldown - (now - last))
            raise ServiceError(
                N_("You asked for an analysis a moment ago: try again in {seconds} seconds."), seconds=left
            )
        if len(self._asked) > 1000:  # forget the members who may ask again anyway
            self._asked = {user: at for user, at in self._asked.items() if now - at < self.cooldown}
        self._asked[user_id] = now

    async def ask(self, match_id: int, channel_id: int, still_there: StillThere) -> Answer:
        """The analysis of a finished match played in `channel_id`: posted there unless it was; where it is."""
        running = self.jobs.posting(match_id)
        if running is not None:  # the automatic analysis posts it when done: wait, then link to it
            await asyncio.wait([running])
        async with self._locks.hold(match_id):
            stored = await self.jobs.stored(match_id)
            if stored is None or not stored.posted or stored.status != "done" or stored.result is None:
                finished = stored is not None and stored.status == "done"  # so maybe sent just before a stop
                analysis = await self.jobs.result(match_id, channel_id)
                if analysis is None:
                    raise ServiceError(FAILED)
                return await self._post(match_id, channel_id, analysis, None, look_back=finished)
            if self.jobs.is_sending(match_id):
                return Answer(Shown.BEING_POSTED, channel_id)
            if stored.message is not None and await still_there(*stored.message):
                return Answer(Shown.POSTED_BEFORE, *stored.message)
            # deleted, or not known (posted before its message was stored): posted again
            return await self._post(match_id, channel_id, MatchAnalysis.from_json(stored.result), stored.message)

    async def _post(
        self,
        match_id: int,
        channel_id: int,
        analysis: MatchAnalysis,
        replaced: tuple[int, int] | None,
        look_back: bool = False,
    ) -> Answer:
        """Post it once: only while no other caller sends it, and only if its stored message is still `replaced`
        (None: a first post), so that neither the automatic analysis nor another request posts it as well.
        `look_back`: first look for it in the channel (sent just before a stop, before the start posted it)."""
        with self.jobs.sending(match_id) as mine:
            stored = await self.jobs.stored(match_id) if mine else None
            if stored is None or stored.message != replaced:
                if stored is not None and stored.message is not None:
                    return Answer(Shown.POSTED_BEFORE, *stored.message)
                return Answer(Shown.BEING_POSTED, channel_id)
            try:
                found = await self.jobs.adopt(match_id, channel_id) if look_back else None
                if found is not None:
                    return Answer(Shown.POSTED_BEFORE, *found)
                where = await self.jobs.send(match_id, channel_id, analysis)
            except Exception:  # nothing recorded: the next request (or start) tries again
                log.exception("The analysis of match #%d could not be posted in channel %d", match_id, channel_id)
                return Answer(Shown.PRIVATE, channel_id, analysis=analysis)
        return Answer(Shown.POSTED, *where)
