"""Analyses as jobs: asked for (by /bg analyze, or automatically when a match ends), run in a worker process of
their own pool (bot.computer.pool, never on the event loop), stored, and finished after a restart. No Discord.

A pending row is written when an analysis is asked for (migration 012): for the automatic analysis in the
transaction that finishes the match (a match-finished hook of the game service), so either both are stored or
neither. `resume()` at start-up runs every pending analysis again and hands every finished, never posted one to
`on_done`, which posts it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import time
from collections.abc import Awaitable, Callable

from bot.analysis.evaluate import DEFAULT_LEVEL
from bot.analysis.figures import player_figures
from bot.analysis.result import MatchAnalysis
from bot.analysis.worker import analyse_in_worker
from bot.computer import sage
from bot.computer.pool import ComputerPool
from bot.service import GameService, MatchRecord
from bot.sharding import ShardSet
from bot.store import analysis as analysis_store
from bot.store.backend import Connection, Database

log = logging.getLogger(__name__)

#: The longest one analysis may take before its worker is replaced (a 25-point match takes about a minute).
TIMEOUT = 900.0
#: Seconds without an analysis after which the worker ends (setting ANALYSIS_IDLE_SECONDS; 0: it never does).
IDLE_SECONDS = 60.0
#: Analyses after which the worker is replaced by a fresh one (about 1 s to load bgsage again, against minutes of
#: analyses): whatever its memory gathered is given back.
ANALYSES_PER_WORKER = 25

#: Called with (match id, channel id, analysis) once an analysis nobody waits for is done: post it.
OnDone = Callable[[int, int, MatchAnalysis], Awaitable[None]]


def prs(analysis: MatchAnalysis) -> tuple[float | None, float | None]:
    """Each player's PR, None for a player without a rated decision."""
    figures = [player_figures(analysis, player) for player in (0, 1)]
    return tuple(f.pr if f.checker_decisions + f.cube_decisions else None for f in figures)  # type: ignore[return-value]


class AnalysisJobs:
    def __init__(
        self,
        service: GameService,
        *,
        pool: ComputerPool | None = None,
        level: str = DEFAULT_LEVEL,
        on_done: OnDone | None = None,
        idle_seconds: float = IDLE_SECONDS,
    ) -> None:
        self.service = service
        self.level = level
        self.idle_seconds = idle_seconds
        self.on_done = on_done
        self._pool = pool
        self._own_pool = pool is None  # made here on first use, and closed by close()
        self._tasks: dict[int, asyncio.Task[MatchAnalysis | None]] = {}
        self._posts: set[int] = set()  # matches whose running job posts its result

    def pool(self) -> ComputerPool:
        if self._pool is None:
            self._pool = ComputerPool(
                1,
                timeout=TIMEOUT,
                retries=1,
                task=analyse_in_worker,
                tasks_per_worker=ANALYSES_PER_WORKER,
                idle_seconds=self.idle_seconds or None,
            )
        return self._pool

    def close(self) -> None:
        """Stop: running jobs are cut (their rows stay pending for the next start)."""
        for task in self._tasks.values():
            task.cancel()
        if self._pool is not None and self._own_pool:
            for pid in self._pool.worker_pids():  # an analysis may run for seconds more: the bot stops now
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            self._pool.close()

    # --- asking ---------------------------------------------------------------------------------------------------

    async def on_match_finished(self, connection: Connection, record: MatchRecord) -> Callable[[], None] | None:
        """The game service's match-finished hook: inside the transaction that stores the result, a pending
        analysis for a finished match of at most the server's automatic length; it runs once that commits."""
        match = record.match
        if not sage.available() or match.aborted or not match.options.length:
            return None
        if not 0 < match.options.length <= await analysis_store.auto_length(connection, record.guild_id):
            return None
        await analysis_store.request(connection, record.id, self.level, record.channel_id, self.service.now())

        def start() -> None:  # once the match's end is committed
            self._start(record.id, True)

        return start

    async def request(self, match_id: int, channel_id: int) -> analysis_store.StoredAnalysis:
        """A pending row for the match unless it has one (a finished one is returned as it is)."""
        return await self.service.db.write(
            lambda c: analysis_store.request(c, match_id, self.level, channel_id, self.service.now())
        )

    async def stored(self, match_id: int) -> analysis_store.StoredAnalysis | None:
        return await self.service.db.read(lambda c: analysis_store.load(c, match_id))

    async def result(self, match_id: int, channel_id: int) -> MatchAnalysis | None:
        """The match's analysis: the stored one, else computed now (the caller posts it). None if it failed."""
        stored = await self.request(match_id, channel_id)
        if stored.status == "done" and stored.result is not None:
            return MatchAnalysis.from_json(stored.result)
        return await self._start(match_id, False)

    async def mark_posted(self, match_id: int) -> None:
        await self.service.db.write(lambda c: analysis_store.mark_posted(c, match_id))

    async def resume(self, guilds: ShardSet | None = None) -> int:
        """After a restart: run every pending analysis, post every finished one that was not. Returns how many.
        `guilds`: only those of the guilds this process's shards serve (issue 19)."""
        unfinished = [
            stored
            for stored, guild_id in await self.service.db.read(analysis_store.unfinished)
            if guilds is None or guilds.serves(guild_id)
        ]
        for stored in unfinished:
            if stored.status == "pending":
                self._start(stored.match_id, True)
            elif stored.status == "done" and stored.result is not None and self.on_done is not None:
                await self._post(stored.match_id, stored.channel_id, MatchAnalysis.from_json(stored.result))
        return len(unfinished)

    async def settled(self) -> None:
        """Wait until every job started so far has ended (tests, shutdown)."""
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    def posting(self, match_id: int) -> asyncio.Task[MatchAnalysis | None] | None:
        """The running job of the match if it will post its result itself (automatic or resumed), else None."""
        task = self._tasks.get(match_id)
        return task if task is not None and not task.done() and match_id in self._posts else None

    def running(self) -> list[int]:
        return [match_id for match_id, task in self._tasks.items() if not task.done()]

    # --- running --------------------------------------------------------------------------------------------------

    def _start(self, match_id: int, post: bool) -> asyncio.Task[MatchAnalysis | None]:
        task = self._tasks.get(match_id)
        if task is None or task.done():
            task = asyncio.get_running_loop().create_task(self._run(match_id, post), name=f"analysis-{match_id}")
            self._tasks[match_id] = task
            if post:
                self._posts.add(match_id)
                task.add_done_callback(lambda _: self._posts.discard(match_id))
        return task

    async def _run(self, match_id: int, post: bool) -> MatchAnalysis | None:
        stored = await self.stored(match_id)
        if stored is None or stored.status != "pending":  # asked for in a transaction that rolled back
            return None if stored is None or stored.result is None else MatchAnalysis.from_json(stored.result)
        record = await self.service.match(match_id)  # over: an automatic job starts after the finishing commit
        started = time.monotonic()
        try:
            answer = await self.pool().run(record.match.log.to_json(), stored.level)
        except Exception:
            log.exception("The analysis of match #%d failed", match_id)
            await self.service.db.write(lambda c: analysis_store.fail(c, match_id, self.service.now()))
            return None
        analysis = MatchAnalysis.from_json(answer["analysis"])
        finished = await self.service.db.write(
            lambda c: analysis_store.finish(c, match_id, answer["analysis"], prs(analysis), self.service.now())
        )
        if not finished:  # the request was rolled back meanwhile
            return None
        log.info(
            "Match #%d analysed in %.1f s (%d decisions)", match_id, time.monotonic() - started, len(analysis.decisions)
        )
        if post:
            await self._post(match_id, stored.channel_id, analysis)
        return analysis

    async def _post(self, match_id: int, channel_id: int, analysis: MatchAnalysis) -> None:
        if self.on_done is None:
            return
        try:
            await self.on_done(match_id, channel_id, analysis)
        except Exception:
            log.exception(
                "The analysis of match #%d could not be posted; it is tried again at the next start", match_id
            )
            return
        await self.mark_posted(match_id)


# --- for /stats and /history ------------------------------------------------------------------------------------

#: How many analysed matches /stats averages.
RECENT = 10


async def recent_prs(db: Database, user_id: int, guild_id: int) -> list[float]:
    """The player's PR in their last RECENT analysed matches of the server, newest first."""
    found = await db.read(lambda c: analysis_store.recent_prs(c, user_id, guild_id, RECENT))
    return [entry.pr for entry in found]


async def prs_of_matches(db: Database, user_id: int, match_ids: list[int]) -> dict[int, float]:
    return await db.read(lambda c: analysis_store.prs_of_matches(c, user_id, match_ids))
