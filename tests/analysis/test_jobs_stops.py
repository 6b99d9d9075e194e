"""Issue 31: a stop or a dying worker never loses an analysis. Only a failure of the analysis itself marks it failed;
a stop leaves it pending (run and posted once at the next start), a worker killed while the bot runs is replaced
and the analysis tried again (TRIES times), a message is never posted twice, and the automatic analyses waiting in
memory are bounded (the others wait in the database)."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Callable, Iterator
from typing import cast

import pytest

from bot.analysis import jobs
from bot.analysis.jobs import AnalysisJobs, analyse_in_worker
from bot.computer import sage
from bot.computer.pool import ComputerPool
from bot.engine import MatchOptions
from bot.service import GameService
from bot.store import analysis as analysis_store
from bot.store.backend import Database
from tests.analysis.test_jobs import Posts, short_match, stored
from tests.analysis.workers import HeldPool, exit_at_once

pytestmark = pytest.mark.skipif(not sage.available(), reason="bgsage is not installed")
#: Worker processes killed and started: nothing there depends on the database (the SQL is checked on both by the
#: other tests), and the suite must stay short.
SQLITE_ONLY = pytest.mark.parametrize("db", ["sqlite"], indirect=True)


@pytest.fixture(scope="module")
def pool() -> Iterator[ComputerPool]:
    """A pool for the jobs of "the next start" (a job that owns its pool kills its worker when it stops)."""
    analysis_pool = ComputerPool(1, timeout=300, retries=1, task=analyse_in_worker)
    yield analysis_pool
    analysis_pool.close()


async def until(condition: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        await asyncio.sleep(0.01)


async def worker_of(job: AnalysisJobs) -> int:
    """The process id of the worker the job's analysis runs in, as soon as it is started."""
    await until(lambda: bool(job.pool().worker_pids()))
    [pid] = job.pool().worker_pids()
    return pid


@SQLITE_ONLY
async def test_a_stop_after_the_worker_died_leaves_the_analysis_pending_then_it_is_posted_once(
    service: GameService, db: Database, pool: ComputerPool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's stop: the service manager signals the worker too, and the bot sees it die before its own stop
    comes (it then logged BrokenProcessPool and marked the analysis failed and posted: never run again)."""
    monkeypatch.setattr(jobs, "RETRY_DELAY", 30.0)  # the stop comes in the pause before the next try
    before = AnalysisJobs(service)  # its own pool, as in the bot
    service.add_match_finished_hook(before.on_match_finished)
    match_id = await short_match(service, 30, MatchOptions(1), seed=3)
    os.kill(await worker_of(before), signal.SIGTERM)
    await until(lambda: before.pool().replaced == 1)  # the job saw its worker die
    before.close()
    await asyncio.wait_for(before.settled(), 10)
    row = await stored(db, match_id)
    assert row is not None and (row.status, row.posted) == ("pending", False)

    posts = Posts()
    after = AnalysisJobs(service, pool=pool, on_done=posts)  # the next start
    assert await after.resume() == 1
    await asyncio.wait_for(after.settled(), 300)
    assert [(m, c) for m, c, _ in posts.posted] == [(match_id, 30)]
    row = await stored(db, match_id)
    assert row is not None and (row.status, row.posted) == ("done", True)
    again = Posts()
    assert await AnalysisJobs(service, pool=pool, on_done=again).resume() == 0  # and the one after: nothing
    assert again.posted == []


@SQLITE_ONLY
async def test_a_worker_killed_while_the_bot_runs_is_replaced_and_the_analysis_tried_again(
    service: GameService, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(jobs, "RETRY_DELAY", 0.01)
    posts = Posts()
    job = AnalysisJobs(service, on_done=posts)
    service.add_match_finished_hook(job.on_match_finished)
    match_id = await short_match(service, 31, MatchOptions(1), seed=3)
    os.kill(await worker_of(job), signal.SIGKILL)
    try:
        await asyncio.wait_for(job.settled(), 300)
        assert job.pool().replaced == 1
    finally:
        job.close()
    assert [m for m, _, _ in posts.posted] == [match_id]
    row = await stored(db, match_id)
    assert row is not None and (row.status, row.posted) == ("done", True)


@SQLITE_ONLY
async def test_an_analysis_whose_worker_dies_every_time_fails_after_its_tries(
    service: GameService, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(jobs, "RETRY_DELAY", 0.01)
    dying = ComputerPool(1, timeout=60, task=exit_at_once)
    posts = Posts()
    job = AnalysisJobs(service, pool=dying, on_done=posts)
    service.add_match_finished_hook(job.on_match_finished)
    try:
        match_id = await short_match(service, 32, MatchOptions(1), seed=3)
        await asyncio.wait_for(job.settled(), 120)
    finally:
        dying.close()
    assert dying.replaced == jobs.TRIES and posts.posted == []
    row = await stored(db, match_id)
    assert row is not None and row.status == "failed"  # not tried again at the next start
    assert await AnalysisJobs(service, pool=dying).resume() == 0


@SQLITE_ONLY
async def test_a_failure_of_the_analysis_itself_is_not_tried_again(
    service: GameService, db: Database, pool: ComputerPool
) -> None:
    job = AnalysisJobs(service, pool=pool, level="no such level")  # the analysis raises ValueError in the worker
    service.add_match_finished_hook(job.on_match_finished)
    replaced = pool.replaced
    match_id = await short_match(service, 33, MatchOptions(1), seed=3)
    await asyncio.wait_for(job.settled(), 60)
    row = await stored(db, match_id)
    assert row is not None and (row.status, row.posted) == ("failed", True) and pool.replaced == replaced


async def test_the_automatic_analyses_waiting_in_memory_are_bounded(
    service: GameService, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(jobs, "QUEUE_LIMIT", 2)
    held = HeldPool()
    posts = Posts()
    job = AnalysisJobs(service, pool=cast(ComputerPool, held), on_done=posts)
    service.add_match_finished_hook(job.on_match_finished)
    matches = [await short_match(service, 40 + n, MatchOptions(1), seed=n) for n in range(5)]
    await asyncio.sleep(0.1)
    # one runs, two wait in memory, the last two in the database only
    assert job.running() == matches[:1] and job.queued() == matches[1:3]
    assert await job.resume() == 5  # at the start: the queue is read from the database, not filled with all
    assert job.running() == matches[:1] and job.queued() == matches[1:3]
    held.release.set()
    await asyncio.wait_for(job.settled(), 30)
    assert [m for m, _, _ in posts.posted] == matches  # in the order they were asked for
    assert held.runs == 5
    rows = await db.read(lambda c: analysis_store.unfinished(c))
    assert rows == []
