"""The computer's workers give way to the bot (issue 16): they think on the CPU that the event loop and the
drawing processes leave, so that people's clicks beside computer matches are not answered later for them. The
computer opponent's run in SCHED_IDLE (any woken process takes their core at once); the analysis's only nicer."""

from __future__ import annotations

import os
from pathlib import Path

from bot.computer.pool import WORKER_NICENESS, ComputerPool
from tests.computer.positions import NO_DICE
from tests.computer.test_pool import moving_match, slow_once


async def decided_by(pool: ComputerPool) -> list[int]:
    """One decision by the pool, applied (the engine refuses anything illegal); its workers' process ids."""
    match = moving_match()
    match.apply(await pool.choose(match, "expert"), NO_DICE)
    workers = pool.worker_pids()
    assert workers
    return workers


async def test_the_workers_run_nicer_than_the_bot_and_still_decide() -> None:
    pool = ComputerPool(1)
    try:
        workers = await decided_by(pool)
        ours = os.getpriority(os.PRIO_PROCESS, 0)
        assert all(os.getpriority(os.PRIO_PROCESS, pid) == min(19, ours + WORKER_NICENESS) for pid in workers)
        # without `when_idle` (the analysis): the bot's own scheduling class, only nicer
        assert all(os.sched_getscheduler(pid) == os.sched_getscheduler(0) for pid in workers)
    finally:
        pool.close()


async def test_the_opponents_workers_think_only_on_idle_cpu_and_still_decide() -> None:
    pool = ComputerPool(1, when_idle=True)
    try:
        workers = await decided_by(pool)
        assert all(os.sched_getscheduler(pid) == os.SCHED_IDLE for pid in workers)
        assert os.sched_getscheduler(0) != os.SCHED_IDLE  # the bot's own process keeps its class
    finally:
        pool.close()


async def test_an_idle_class_worker_that_overran_is_replaced_by_a_niced_one(tmp_path: Path) -> None:
    """On a machine busy to its last core an idle-class worker may get no CPU at all: after an overrun its
    replacement runs in the bot's own class, only nicer, so that the computer's matches still go on."""
    marker = tmp_path / "stall"
    marker.touch()
    # 8 s: the niced replacement, a fresh process, must answer within it while the rest of the suite runs (with
    # 2 s it was sometimes replaced too, in CI); the stall (60 s) overruns it all the same.
    pool = ComputerPool(1, timeout=8.0, task=slow_once, when_idle=True)
    try:
        await pool.warm_up()
        [first] = pool.worker_pids()
        assert os.sched_getscheduler(first) == os.SCHED_IDLE
        match = moving_match()
        action = await pool.choose(match, f"beginner|{marker}")  # stalls once, past the timeout
        match.apply(action, NO_DICE)
        [second] = pool.worker_pids()
        assert second != first and pool.replaced == 1
        assert os.sched_getscheduler(second) == os.sched_getscheduler(0)
        assert os.getpriority(os.PRIO_PROCESS, second) == min(19, os.getpriority(os.PRIO_PROCESS, 0) + WORKER_NICENESS)
    finally:
        pool.close()
