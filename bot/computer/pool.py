"""The computer thinks in worker processes, never on the event loop's thread.

`ComputerPool(workers)` keeps `workers` processes (setting COMPUTER_WORKERS), each a single-process executor
of its own, so that one that dies or overruns can be killed and replaced without touching the others; the
decision is then asked again. After `retries` failed tries at the match's level the pool answers at the
cheapest one (1-ply), so a computer match never stalls. Workers get the match's action log (JSON), replay
it and return the action as JSON: small messages, and the same code path as tests and benchmarks
(`bot.computer.choose_action`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.engine.actions import Action, action_from_json, action_to_json
from bot.engine.match import Match
from bot.engine.match_log import MatchLog
from bot.processes import exit_with, forkserver

log = logging.getLogger(__name__)

#: Longest a decision may take before its worker is replaced (world-class searches take a few seconds at most).
DEFAULT_TIMEOUT = 60.0
#: The level of the last try after overruns: the clean 1-ply net, as cheap as any level (a few ms a decision).
FALLBACK_LEVEL = "expert"
#: How much nicer than the bot its workers run: the computer (and the analysis) think on the CPU that the event
#: loop and the drawing processes leave, so that people's clicks are not answered later for them.
WORKER_NICENESS = 10

Task = Callable[..., dict[str, Any]]  # (log JSON, level or argument, keywords) -> JSON


def think(log_json: str, level: str, seconds: float | None = None) -> dict[str, Any]:
    """In a worker: the action the match waits for, at `level`, as JSON (bot.engine.actions); `seconds` bounds
    a deep search (bot.computer.search)."""
    from bot.computer.decide import choose_action

    match = Match.replay(MatchLog.from_json(log_json))
    return action_to_json(choose_action(match, level, seconds=seconds))


def _start_worker(parent: int, when_idle: bool, threads: int) -> None:
    """In each worker: load the engine at once (its searches on `threads` threads), and exit when the bot has
    ended (a killed bot cannot stop its pool, and its workers would wait forever)."""
    import bot.computer.decide  # noqa: F401  (loads bgsage before the first turn)
    from bot.computer import sage

    sage.use_threads(threads)

    os.nice(WORKER_NICENESS)
    if when_idle:
        run_when_idle()
    exit_with(parent)


def run_when_idle() -> None:
    """Put this process in Linux's SCHED_IDLE class: it runs on CPU that nothing else wants, and any other process
    that wakes takes its core at once. Niceness alone does not promise that: the scheduler (EEVDF) may let a running
    task finish its slice, ~3 ms, before a woken one preempts it, however nice it is, so with both cores busy a
    click could wait behind the computer's search (the load comparison could not tell the difference
    within its noise). Where there is no such class (not Linux), or it is refused, the niceness stays."""
    policy = getattr(os, "SCHED_IDLE", None)
    if policy is None or not hasattr(os, "sched_setscheduler"):
        return
    with contextlib.suppress(OSError):
        os.sched_setscheduler(0, policy, os.sched_param(0))


class WorkerFailedError(RuntimeError):
    """Every try failed, the fallback level too (the computer is broken here; the caller logs it)."""


class _Slot:
    """One worker process in an executor of its own, started on first use (again after `stop()`)."""

    def __init__(self, context: Any, when_idle: bool, threads: int) -> None:
        self._context = context
        self.when_idle = when_idle  # SCHED_IDLE for the workers it starts (`run_when_idle`)
        self.threads = threads  # for each N-ply search (sage.use_threads)
        self._executor: ProcessPoolExecutor | None = None
        self.tasks = 0  # tasks run by the current worker
        self.busy = False
        self.last_used = time.monotonic()

    @property
    def executor(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = self._new()
            self.tasks = 0
        return self._executor

    def _new(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            1,
            mp_context=self._context,
            initializer=_start_worker,
            initargs=(os.getpid(), self.when_idle, self.threads),
        )

    def pids(self) -> list[int]:
        processes = getattr(self._executor, "_processes", None) or {}
        return [pid for pid in processes if pid is not None]

    def replace(self) -> None:
        """Kill the worker (it may be stuck in a search); the next task starts a fresh one."""
        if self._executor is None:
            return
        processes = dict(getattr(self._executor, "_processes", None) or {})
        for process in processes.values():
            if process.is_alive():
                process.kill()
        self._executor.shutdown(wait=False, cancel_futures=True)
        for process in processes.values():
            process.join(timeout=5)
        self._executor = None

    def stop(self) -> None:
        """Let the idle worker end (it exits and is reaped by its executor); the next task starts a fresh one."""
        if self._executor is not None:
            self._executor.shutdown(wait=False)
            self._executor = None

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)


class ComputerPool:
    """Worker processes that run the computer's decisions; `await pool.choose(match, level)`."""

    def __init__(
        self,
        workers: int = 1,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        retries: int = 2,
        task: Task = think,
        tasks_per_worker: int | None = None,
        idle_seconds: float | None = None,
        when_idle: bool = False,
        threads: int = 1,
    ) -> None:
        """`tasks_per_worker`: a worker is replaced by a fresh one after that many tasks (its memory starts
        anew); `idle_seconds`: a worker idle that long ends, and the next task starts a new one. None: never
        (the computer opponent's workers, warm for the next turn). `when_idle`: the workers run only on CPU
        nothing else wants (`run_when_idle`: the computer opponent, whose decisions take milliseconds; the
        analysis's minutes-long jobs stay merely nicer, so that a busy bot still finishes them). `threads`: for
        each N-ply search in a worker (the setting COMPUTER_THREADS)."""
        if workers < 1:
            raise ValueError("The computer needs at least one worker process.")
        context = forkserver()
        self._slots = [_Slot(context, when_idle, threads) for _ in range(workers)]
        self._free: asyncio.Queue[_Slot] | None = None
        self.timeout = timeout
        self.retries = retries
        self._task = task
        self.tasks_per_worker = tasks_per_worker
        self.idle_seconds = idle_seconds
        self.replaced = 0  # workers killed and replaced so far (for logs and tests)
        self.recycled = 0  # workers ended after tasks_per_worker tasks
        self.stopped_idle = 0  # workers ended after idle_seconds without a task

    def _queue(self) -> asyncio.Queue[_Slot]:
        if self._free is None:
            self._free = asyncio.Queue()
            for slot in self._slots:
                self._free.put_nowait(slot)
        return self._free

    def worker_pids(self) -> list[int]:
        return [pid for slot in self._slots for pid in slot.pids()]

    async def choose(self, match: Match, level: str, *, deadline: float | None = None) -> Action:
        """The computer's action for the side the match waits for, its deep search ending by `deadline`
        (time.monotonic(); None: no limit); retried on a fresh worker when one dies or overruns, then at the
        fallback level."""
        log_json = match.log.to_json()
        tries = [level] * self.retries + [FALLBACK_LEVEL]
        for attempt, tried_level in enumerate(tries, start=1):
            try:
                return action_from_json(await self._run(log_json, tried_level, deadline))
            except (BrokenProcessPool, TimeoutError) as error:
                what = "overran" if isinstance(error, TimeoutError) else "died"
                log.error(
                    "A computer worker %s (try %d of %d, level %s); it was replaced",
                    what,
                    attempt,
                    len(tries),
                    tried_level,
                )
        raise WorkerFailedError("The computer could not decide: every worker it tried failed.")

    async def _run(self, log_json: str, level: str, deadline: float | None = None) -> dict[str, Any]:
        def job() -> Callable[[], dict[str, Any]]:
            # The time left once a worker is free, as seconds (a deadline means nothing in another process's clock).
            extra = {} if deadline is None else {"seconds": max(0.0, deadline - time.monotonic())}
            return functools.partial(self._task, log_json, level, **extra)

        return await self._on_free_worker(job, self.timeout)

    async def call(self, task: Task, *arguments: Any, timeout: float | None = None) -> dict[str, Any]:
        """One run of another task than the pool's own (the tutor's judgement, a hint: a few milliseconds) on the
        next free worker, whose engine is loaded already; a worker that dies or overruns `timeout` (default: the
        pool's) is replaced and the error raised (BrokenProcessPool, TimeoutError), not retried."""
        return await self._on_free_worker(lambda: functools.partial(task, *arguments), timeout or self.timeout)

    async def _on_free_worker(self, job: Callable[[], Callable[[], dict[str, Any]]], timeout: float) -> dict[str, Any]:
        """`job()` (made once a worker is free) run on that worker, within `timeout` seconds."""
        free = self._queue()
        slot = await free.get()
        slot.busy = True
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(slot.executor, job())
            try:
                return await asyncio.wait_for(future, timeout)
            except (BrokenProcessPool, TimeoutError) as error:
                await loop.run_in_executor(None, slot.replace)
                self.replaced += 1
                if isinstance(error, TimeoutError) and slot.when_idle:
                    # Stuck, or starved: on a machine busy to its last core an idle-class worker gets almost no
                    # CPU. Its replacements run merely niced, so that the computer's matches still go on.
                    slot.when_idle = False
                    log.warning(
                        "A computer worker overran in the idle scheduling class; its replacement runs niced instead"
                    )
                raise
        finally:
            self._done(slot, loop)
            free.put_nowait(slot)

    def _done(self, slot: _Slot, loop: asyncio.AbstractEventLoop) -> None:
        """After a task: recycle the worker once it has run `tasks_per_worker` tasks (by hand: ProcessPoolExecutor's
        max_tasks_per_child can hang on Python 3.11-3.13, CPython gh-115634), and watch it for idleness."""
        slot.busy = False
        slot.last_used = time.monotonic()
        slot.tasks += 1
        if self.tasks_per_worker is not None and slot.tasks >= self.tasks_per_worker and slot.pids():
            slot.stop()
            self.recycled += 1
        if self.idle_seconds is not None:
            loop.call_later(self.idle_seconds, self._stop_if_idle, slot)

    def _stop_if_idle(self, slot: _Slot) -> None:
        assert self.idle_seconds is not None
        if not slot.busy and time.monotonic() - slot.last_used >= self.idle_seconds * 0.99 and slot.pids():
            log.info("Ending an idle worker (process %s)", " ".join(map(str, slot.pids())))
            slot.stop()
            self.stopped_idle += 1

    async def warm_up(self) -> None:
        """Start every worker now (their first task would otherwise pay for loading bgsage)."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(slot.executor, os.getpid) for slot in self._slots))

    def close(self) -> None:
        for slot in self._slots:
            slot.close()

    async def run(self, log_json: str, argument: str) -> dict[str, Any]:
        """One run of the pool's task (a match analysis) on a free worker; a worker that dies or
        overruns is replaced and the error raised (BrokenProcessPool, TimeoutError), not retried."""
        return await self._run(log_json, argument)
