"""Analyses as jobs: asked for (by /bg analyze, or automatically when a match ends), run in a worker process of
their own pool (bot.computer.pool, never on the event loop), stored, and finished after a restart. No Discord.

A pending row is written when an analysis is asked for: for the automatic analysis in the
transaction that finishes the match (a match-finished hook of the game service), so either both are stored or
neither. `resume()` at start-up runs every pending analysis again and hands every finished, never posted one to
`on_done`, which posts it.

Only a failure of the analysis itself marks it failed. A stop (or a pool that goes away) leaves it
pending for the next start; a worker that dies while the bot runs is replaced and the analysis tried again, up to
TRIES times. Automatic analyses run one after the other, at most QUEUE_LIMIT of them waiting in memory: the others
wait in the database, read again in their turn. An analysis is recorded posted only together with where its message
went (a later /bg analyze links to it, bot.analysis.requests), so that a stop at any moment leaves
it to the next start, which first looks for the message in its channel (sent just before the stop, its id not
stored) and adopts it instead of sending another.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import logging
import os
import signal
import time
from collections.abc import Awaitable, Callable, Iterator

from bot.analysis.evaluate import DEFAULT_LEVEL
from bot.analysis.figures import player_figures
from bot.analysis.result import MatchAnalysis
from bot.analysis.settings import auto_length
from bot.analysis.worker import analyse_in_worker
from bot.computer.pool import ComputerPool
from bot.service import GameService, MatchRecord
from bot.settings import DEFAULT_AUTO_LENGTH, Settings
from bot.sharding import ShardSet
from bot.store import analysis as analysis_store
from bot.store.backend import Connection, Database

log = logging.getLogger(__name__)

#: The longest one analysis may take before its worker is replaced (a 25-point match takes about a minute).
TIMEOUT = 900.0
#: Seconds without an analysis after which the worker ends (setting ANALYSIS_IDLE_SECONDS; 0: it never does).
IDLE_SECONDS: float = Settings.model_fields["analysis_idle_seconds"].default
#: Analyses after which the worker is replaced by a fresh one (about 1 s to load bgsage again, against minutes of
#: analyses): whatever its memory gathered is given back.
ANALYSES_PER_WORKER = 25
#: Tries of an analysis whose worker died (killed, crashed, out of memory) while the bot runs: each on a new worker;
#: after the last the analysis is failed, so that a match that kills its worker every time cannot loop.
TRIES = 3
#: Seconds before such a try. A stop of the whole service (systemd's control group, Ctrl-C in a terminal) signals
#: the workers too, and the bot's own stop follows a moment later: the pause lets it come first, so that the
#: analysis stays pending for the next start instead of spending its tries.
RETRY_DELAY = 2.0
#: Automatic analyses waiting in memory at most. One worker runs them one after the other (seconds for a short
#: match, a minute for a long one, more on a busy machine), so twenty are several minutes of work; the others stay
#: pending in the database and are read again, oldest first, when these are done (one query per twenty).
QUEUE_LIMIT = 20

#: Called with (match id, channel id, analysis) to post it (an analysis nobody waits for is done, or /bg analyze
#: posts one); returns where the message went, (channel id, message id).
OnDone = Callable[[int, int, MatchAnalysis], Awaitable[tuple[int, int]]]
#: Called with (match id, channel id) at a start, for a finished analysis never recorded posted: where its message
#: is, if it is in the channel (sent just before a stop); None when it is not.
FindPost = Callable[[int, int], Awaitable[tuple[int, int] | None]]


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
        find_post: FindPost | None = None,
        idle_seconds: float = IDLE_SECONDS,
        auto_length: int = DEFAULT_AUTO_LENGTH,
        threads: int = 1,
    ) -> None:
        """`auto_length`: the automatic analysis's length for servers that chose none (ANALYSIS_AUTO_LENGTH);
        `threads`: for each N-ply search in its worker (COMPUTER_THREADS)."""
        self.service = service
        self.threads = threads
        self.level = level
        self.idle_seconds = idle_seconds
        self.default_auto_length = auto_length
        self.on_done = on_done
        self.find_post = find_post
        self._pool = pool
        self._own_pool = pool is None  # made here on first use, and closed by close()
        self._tasks: dict[int, asyncio.Task[MatchAnalysis | None]] = {}  # running jobs
        self._posts: set[int] = set()  # matches whose running job posts its result
        self._sending: set[int] = set()  # matches whose message is being sent: a stop lets it go on
        self._queue: collections.deque[int] = collections.deque()  # automatic analyses waiting, oldest first
        self._active: asyncio.Task[MatchAnalysis | None] | None = None  # the automatic analysis running
        self._in_db = False  # pending analyses that did not fit in the queue: read again as it drains
        self._refill: asyncio.Task[None] | None = None
        self._guilds: ShardSet | None = None  # this process's guilds, known from resume()
        self._closing = False

    def pool(self) -> ComputerPool:
        if self._pool is None:
            self._pool = ComputerPool(
                1,
                timeout=TIMEOUT,
                retries=1,
                task=analyse_in_worker,
                tasks_per_worker=ANALYSES_PER_WORKER,
                idle_seconds=self.idle_seconds or None,
                threads=self.threads,
            )
        return self._pool

    def close(self) -> None:
        """Stop: running jobs are cut; their rows, like the queued ones, stay pending for the next start. A message
        being sent is let go on (cut, it would be neither sent nor sent again)."""
        self._closing = True
        self._queue.clear()
        for match_id, task in self._tasks.items():
            if match_id not in self._sending:
                task.cancel()
        if self._refill is not None:
            self._refill.cancel()
        if self._pool is not None and self._own_pool:
            for pid in self._pool.worker_pids():  # an analysis may run for seconds more: the bot stops now
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            self._pool.close()

    # --- asking ---------------------------------------------------------------------------------------------------

    async def on_match_finished(self, connection: Connection, record: MatchRecord) -> Callable[[], None] | None:
        """The game service's match-finished hook (registered where bgsage can run): inside the transaction that
        stores the result, a pending analysis for a finished match of at most the server's automatic length; it
        runs once that commits."""
        match = record.match
        if match.aborted or not match.options.length:
            return None
        longest = await analysis_store.auto_length(connection, record.guild_id, self.default_auto_length)
        if not 0 < match.options.length <= longest:
            return None
        await analysis_store.request(connection, record.id, self.level, record.channel_id, self.service.now())

        def start() -> None:  # once the match's end is committed
            self._enqueue(record.id)

        return start

    async def request(self, match_id: int, channel_id: int) -> analysis_store.StoredAnalysis:
        """A pending row for the match unless it has one (a finished one is returned as it is)."""
        return await self.service.db.write(
            lambda c: analysis_store.request(c, match_id, self.level, channel_id, self.service.now())
        )

    async def auto_length(self, guild_id: int, length: int | None = None) -> int:
        """The server's automatic analysis length (`/bgadmin analysis`); set first when `length` is given."""
        return await auto_length(self.service.db, guild_id, length, self.default_auto_length)

    async def stored(self, match_id: int) -> analysis_store.StoredAnalysis | None:
        return await self.service.db.read(lambda c: analysis_store.load(c, match_id))

    async def result(self, match_id: int, channel_id: int) -> MatchAnalysis | None:
        """The match's analysis: the stored one, else computed now (the caller posts it). None if it failed."""
        stored = await self.request(match_id, channel_id)
        if stored.status == "done" and stored.result is not None:
            return MatchAnalysis.from_json(stored.result)
        return await self._start(match_id, False)

    async def resume(self, guilds: ShardSet | None = None) -> int:
        """After a restart: run every pending analysis (queued from the database in order, QUEUE_LIMIT at a time),
        post every finished one that was not. Returns how many. `guilds`: only those of the guilds this process's
        shards serve."""
        self._guilds = guilds if guilds is not None else ShardSet.everything()
        unfinished = [
            stored
            for stored, guild_id in await self.service.db.read(analysis_store.unfinished)
            if self._guilds.serves(guild_id)
        ]
        self._in_db = True  # the pending ones are queued from the database, oldest first
        self._wake()
        for stored in unfinished:
            if stored.status == "done" and stored.result is not None and self.on_done is not None:
                analysis = MatchAnalysis.from_json(stored.result)
                await self._post(stored.match_id, stored.channel_id, analysis, look_back=True)
        return len(unfinished)

    async def settled(self) -> None:
        """Wait until every job started or queued so far has ended (tests, shutdown)."""
        while waiting := [t for t in (*self._tasks.values(), self._refill) if t is not None and not t.done()]:
            await asyncio.gather(*waiting, return_exceptions=True)

    def posting(self, match_id: int) -> asyncio.Task[MatchAnalysis | None] | None:
        """The running job of the match if it will post its result itself (automatic or resumed), else None."""
        task = self._tasks.get(match_id)
        return task if task is not None and not task.done() and match_id in self._posts else None

    def running(self) -> list[int]:
        return [match_id for match_id, task in self._tasks.items() if not task.done()]

    def queued(self) -> list[int]:
        """The automatic analyses waiting in memory, next first (others may wait in the database)."""
        return list(self._queue)

    # --- the automatic analyses' queue -----------------------------------------------------------------------------

    def _enqueue(self, match_id: int) -> None:
        """An automatic analysis, run after those asked for before it."""
        if self._closing or match_id in self._queue or self._is_running(match_id):
            return
        if self._in_db or self._refilling() or len(self._queue) >= QUEUE_LIMIT:
            self._in_db = True  # its row is read again in its turn
        else:
            self._queue.append(match_id)
        self._wake()

    def _wake(self) -> None:
        """Unless one runs: start the next automatic analysis of the queue, or read the next ones from the database."""
        if self._closing or self._refilling() or (self._active is not None and not self._active.done()):
            return
        if self._queue:
            self._active = self._start(self._queue.popleft(), True)
            self._active.add_done_callback(lambda _: self._wake())
        elif self._in_db and self._guilds is not None:  # before resume(), which reads them all
            self._refill = asyncio.get_running_loop().create_task(self._read_pending(), name="analysis-queue")
            self._refill.add_done_callback(lambda _: self._wake())

    def _refilling(self) -> bool:
        return self._refill is not None and not self._refill.done()

    async def _read_pending(self) -> None:
        """Queue the oldest pending analyses of this process's guilds (QUEUE_LIMIT at most)."""
        assert self._guilds is not None
        self._in_db = False  # one asked for during the read sets it again
        try:
            found = await self.service.db.read(analysis_store.pending)
        except Exception:
            log.exception("Reading the pending analyses failed; they are read again at the next start")
            return
        for match_id, guild_id in found:
            if not self._guilds.serves(guild_id) or match_id in self._queue or self._is_running(match_id):
                continue
            if len(self._queue) >= QUEUE_LIMIT:
                self._in_db = True
                break
            self._queue.append(match_id)

    # --- running --------------------------------------------------------------------------------------------------

    def _is_running(self, match_id: int) -> bool:
        task = self._tasks.get(match_id)
        return task is not None and not task.done()

    def _start(self, match_id: int, post: bool) -> asyncio.Task[MatchAnalysis | None]:
        task = self._tasks.get(match_id)
        if task is None or task.done():
            task = asyncio.get_running_loop().create_task(self._run(match_id, post), name=f"analysis-{match_id}")
            self._tasks[match_id] = task
            if post:
                self._posts.add(match_id)
            task.add_done_callback(functools.partial(self._ended, match_id))
        return task

    def _ended(self, match_id: int, task: asyncio.Task[MatchAnalysis | None]) -> None:
        if self._tasks.get(match_id) is task:  # forgotten, its result with it
            del self._tasks[match_id]
            self._posts.discard(match_id)
        if not task.cancelled() and (error := task.exception()) is not None:  # its row stays pending
            log.error("The analysis job of match #%d stopped", match_id, exc_info=error)

    async def _run(self, match_id: int, post: bool) -> MatchAnalysis | None:
        stored = await self.stored(match_id)
        if stored is None or stored.status != "pending":  # asked for in a transaction that rolled back
            return None if stored is None or stored.result is None else MatchAnalysis.from_json(stored.result)
        record = await self.service.match(match_id)  # over: an automatic job starts after the finishing commit
        started = time.monotonic()
        answer = await self._analyse(match_id, record.match.log.to_json(), stored.level)
        if answer is None:
            return None
        analysis = MatchAnalysis.from_json(answer)
        finished = await self.service.db.write(
            lambda c: analysis_store.finish(c, match_id, answer, prs(analysis), self.service.now())
        )
        if not finished:  # the request was rolled back meanwhile
            return None
        log.info(
            "Match #%d analysed in %.1f s (%d decisions)", match_id, time.monotonic() - started, len(analysis.decisions)
        )
        if post:
            await self._post(match_id, stored.channel_id, analysis)
        return analysis

    async def _analyse(self, match_id: int, log_json: str, level: str) -> str | None:
        """The analysis as JSON, from a worker; None when it failed (the row is marked failed) or the bot stops (the
        row stays pending: the next start runs it). A worker that dies meanwhile is replaced and the analysis tried
        again, TRIES times in all."""
        for attempt in range(1, TRIES + 1):
            try:
                answer = await self.pool().run(log_json, level)
            except Exception as error:  # the pool's: the worker died or overran, or the pool is closed
                if self._closing:
                    log.info("The analysis of match #%d was cut by the stop; the next start runs it", match_id)
                    return None
                if isinstance(error, TimeoutError):
                    log.error("The analysis of match #%d failed: it took over %.0f s", match_id, self.pool().timeout)
                    break
                log.warning("The analysis worker died (match #%d, try %d of %d): %r", match_id, attempt, TRIES, error)
                if attempt < TRIES:
                    await asyncio.sleep(RETRY_DELAY)
                continue
            if "error" in answer:  # the analysis itself failed: trying again would fail again
                log.error("The analysis of match #%d failed:\n%s", match_id, answer["error"])
                break
            return str(answer["analysis"])
        else:
            log.error("The analysis of match #%d failed: its worker died %d times", match_id, TRIES)
        await self.service.db.write(lambda c: analysis_store.fail(c, match_id, self.service.now()))
        return None

    async def _post(self, match_id: int, channel_id: int, analysis: MatchAnalysis, look_back: bool = False) -> None:
        """Send the message unless it is posted or being posted, and record where it went. Nothing is recorded
        before: a stop at any moment (or a failed send) leaves it to the next start, which first looks for it in
        the channel (`look_back`) and adopts the message found instead of sending another."""
        if self.on_done is None:
            return
        with self.sending(match_id) as mine:
            stored = await self.stored(match_id) if mine else None
            if stored is None or stored.posted:
                return
            try:
                if not look_back or await self.adopt(match_id, channel_id) is None:
                    await self.send(match_id, channel_id, analysis)
            except Exception:
                log.exception(
                    "The analysis of match #%d could not be posted; it is tried again at the next start", match_id
                )

    async def adopt(self, match_id: int, channel_id: int) -> tuple[int, int] | None:
        """The analysis's message if it is in the channel already (sent just before a stop, its id never stored),
        recorded as its post; None when it is not there (the caller holds `sending`)."""
        found = None if self.find_post is None else await self.find_post(match_id, channel_id)
        if found is not None:
            await self.service.db.write(lambda c: analysis_store.record_post(c, match_id, *found))
            log.info("The analysis of match #%d was sent before a stop: message %d adopted", match_id, found[1])
        return found

    async def send(self, match_id: int, channel_id: int, analysis: MatchAnalysis) -> tuple[int, int]:
        """Post the message (the caller holds `sending`) and record where it went; the sender's error if not."""
        if self.on_done is None:
            raise RuntimeError("Nothing posts analyses here")
        where = await self.on_done(match_id, channel_id, analysis)
        await self.service.db.write(lambda c: analysis_store.record_post(c, match_id, *where))
        return where

    @contextlib.contextmanager
    def sending(self, match_id: int) -> Iterator[bool]:
        """Hold the match's message while it is sent: True for the one caller that may send it, False while another
        does. A stop lets a held message go on; a request says it is on its way."""
        if match_id in self._sending:
            yield False
            return
        self._sending.add(match_id)
        try:
            yield True
        finally:
            self._sending.discard(match_id)

    def is_sending(self, match_id: int) -> bool:
        return match_id in self._sending


# --- for /stats and /history ------------------------------------------------------------------------------------

#: How many analysed matches /stats averages.
RECENT = 10


async def recent_prs(db: Database, user_id: int, guild_id: int) -> list[float]:
    """The player's PR in their last RECENT analysed matches of the server, newest first."""
    found = await db.read(lambda c: analysis_store.recent_prs(c, user_id, guild_id, RECENT))
    return [entry.pr for entry in found]


async def prs_of_matches(db: Database, user_id: int, match_ids: list[int]) -> dict[int, float]:
    return await db.read(lambda c: analysis_store.prs_of_matches(c, user_id, match_ids))
