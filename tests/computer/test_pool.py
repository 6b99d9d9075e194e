"""The worker pool (issue 16): a worker that dies or overruns is replaced and the decision asked again."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path
from typing import Any

from bot.computer.pool import ComputerPool, think
from bot.engine import MatchOptions
from bot.engine.actions import Move
from bot.engine.game import Phase
from bot.engine.match import Match
from tests.service.helpers import SeededDice


def slow_once(log_json: str, level: str) -> dict[str, Any]:
    """In a worker: stall for a minute the first time (while a marker file exists), then think normally."""
    name, _, marker = level.partition("|")
    if marker and os.path.exists(marker):
        os.remove(marker)
        time.sleep(60)
    return think(log_json, name or "advanced")


def moving_match() -> Match:
    match = Match.start(("Human", "Computer"), MatchOptions.money(), SeededDice(3))
    assert match.phase is Phase.MOVING
    return match


async def test_a_killed_worker_is_replaced_and_the_turn_retried(tmp_path: Path) -> None:
    marker = tmp_path / "stall"
    marker.touch()
    pool = ComputerPool(1, task=slow_once)
    try:
        await pool.warm_up()
        [first] = pool.worker_pids()
        match = moving_match()
        decision = asyncio.create_task(pool.choose(match, f"beginner|{marker}"))
        while marker.exists():  # the worker has the task and stalls
            await asyncio.sleep(0.05)
        os.kill(first, signal.SIGKILL)
        action = await asyncio.wait_for(decision, 30)
        assert isinstance(action, Move) and action.play in match.legal_plays()
        assert pool.replaced == 1
        assert pool.worker_pids() and first not in pool.worker_pids()
    finally:
        pool.close()


async def test_an_overrunning_worker_is_replaced(tmp_path: Path) -> None:
    marker = tmp_path / "stall"
    marker.touch()
    # 8 s: the replacement, a fresh process, must answer within it even while the rest of the suite runs (with
    # 2 s it was sometimes replaced too); the stall (60 s) overruns it all the same.
    pool = ComputerPool(1, timeout=8.0, task=slow_once)
    try:
        await pool.warm_up()
        [first] = pool.worker_pids()
        match = moving_match()
        started = time.monotonic()
        action = await pool.choose(match, f"beginner|{marker}")
        assert time.monotonic() - started < 30
        assert isinstance(action, Move) and action.play in match.legal_plays()
        assert pool.replaced == 1 and first not in pool.worker_pids()
        assert not os.path.exists(f"/proc/{first}")  # the stuck worker was killed and reaped
    finally:
        pool.close()


async def test_decisions_run_outside_the_event_loops_process() -> None:
    pool = ComputerPool(2)
    try:
        await pool.warm_up()
        pids = pool.worker_pids()
        assert len(pids) == 2 and os.getpid() not in pids
        matches = [moving_match() for _ in range(4)]
        actions = await asyncio.gather(*(pool.choose(match, "intermediate") for match in matches))
        for match, action in zip(matches, actions, strict=True):
            assert isinstance(action, Move) and action.play in match.legal_plays()
    finally:
        pool.close()


def think_and_tell_the_worker(log_json: str, level: str) -> dict[str, Any]:
    """In a worker: think, and say which process it ran in."""
    return {**think(log_json, level), "pid": os.getpid()}


def tell_the_time_left(log_json: str, level: str, seconds: float | None = None) -> dict[str, Any]:
    """In a worker: think with the time it was given, and add that time to the file named after the level."""
    name, _, told = level.partition("|")
    with open(told, "a") as file:
        file.write(f"{seconds}\n")
    return think(log_json, name, seconds)


async def test_a_deadline_reaches_the_worker_as_the_seconds_left(tmp_path: Path) -> None:
    """Issue 36 item 4: the turn's deadline (the bot's clock) becomes the seconds left when a worker takes it."""
    match = moving_match()
    told = tmp_path / "told"
    pool = ComputerPool(1, task=tell_the_time_left)
    try:
        action = await pool.choose(match, f"beginner|{told}", deadline=time.monotonic() + 30)
        assert isinstance(action, Move) and action.play in match.legal_plays()
        await pool.choose(match, f"beginner|{told}")
        await pool.choose(match, f"beginner|{told}", deadline=time.monotonic() - 5)
    finally:
        pool.close()
    given, none, past = told.read_text().split()
    assert 25 < float(given) <= 30 and none == "None" and past == "0.0"


async def test_a_worker_is_recycled_after_its_tasks_and_the_computers_pool_never_is() -> None:
    match = moving_match()
    recycling = ComputerPool(1, task=think_and_tell_the_worker, tasks_per_worker=2)
    try:
        pids = [(await recycling.run(match.log.to_json(), "beginner"))["pid"] for _ in range(5)]
    finally:
        recycling.close()
    assert pids[0] == pids[1] != pids[2] == pids[3] != pids[4] and recycling.recycled == 2
    computer = ComputerPool(1)  # as cogs/computer.py makes it: warm for every turn
    try:
        await computer.warm_up()
        [worker] = computer.worker_pids()
        for _ in range(3):
            action = await computer.choose(match, "beginner")
            assert isinstance(action, Move) and action.play in match.legal_plays()
        assert computer.worker_pids() == [worker] and computer.recycled == computer.stopped_idle == 0
    finally:
        computer.close()


def threads_of_the_worker(_log_json: str, _level: str) -> dict[str, Any]:
    """In a worker: the threads its N-ply searches were given as it started."""
    from bot.computer import sage

    return {"threads": sage.THREADS}


async def test_the_threads_setting_reaches_each_worker() -> None:
    """COMPUTER_THREADS (bot.settings) is handed to every worker as it starts: their searches use that many."""
    match = moving_match()
    for threads in (1, 3):
        pool = ComputerPool(1, task=threads_of_the_worker, threads=threads)
        try:
            assert (await pool.run(match.log.to_json(), "beginner"))["threads"] == threads
        finally:
            pool.close()
