"""The drawing processes spoken to from the event loop (cogs/ui/drawing_processes.py): each call's own answer or
error comes back, a caller given up on leaves nothing behind, and a process that ends is replaced."""

from __future__ import annotations

import asyncio
import functools
import os
import signal
import threading
import time
from collections.abc import Iterator

import pytest

from bot.processes import forkserver
from cogs.ui.drawing_processes import DrawingProcessEnded, DrawingProcesses


class Unpicklable(Exception):
    def __init__(self) -> None:
        super().__init__("holds a lock")
        self.lock = threading.Lock()


def raise_unpicklable() -> None:
    raise Unpicklable


def slow_pid(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


@pytest.fixture(scope="module")
def processes() -> Iterator[DrawingProcesses]:
    started = DrawingProcesses(2, forkserver())
    yield started
    started.close()


async def test_each_call_gets_its_own_answer_or_error(processes: DrawingProcesses) -> None:
    assert await processes.run(functools.partial(bytes, 3)) == b"\x00\x00\x00"
    assert await processes.run(functools.partial(os.getpid)) in processes.pids != [os.getpid()]
    with pytest.raises(ValueError, match="invalid literal"):
        await processes.run(functools.partial(int, "x"))
    with pytest.raises(RuntimeError, match="holds a lock"):  # not picklable: named in a RuntimeError
        await processes.run(raise_unpicklable)
    assert await processes.run(functools.partial(len, "abc")) == 3  # the process still serves


async def test_calls_go_to_the_least_busy_process_and_run_side_by_side(processes: DrawingProcesses) -> None:
    await asyncio.gather(*(processes.run(functools.partial(slow_pid, 0)) for _ in range(2)))  # started, imported
    started = time.monotonic()
    pids = await asyncio.gather(*(processes.run(functools.partial(slow_pid, 0.4)) for _ in range(2)))
    assert sorted(pids) == sorted(processes.pids)
    assert time.monotonic() - started < 0.75


async def test_a_call_given_up_on_leaves_its_answer_to_be_skipped() -> None:
    one = DrawingProcesses(1, forkserver())
    try:
        given_up = asyncio.create_task(one.run(functools.partial(slow_pid, 0.3)))
        await asyncio.sleep(0.1)
        given_up.cancel()
        pids = one.pids
        answers = await asyncio.gather(*(one.run(functools.partial(len, "x" * n)) for n in range(6)))
        assert answers == list(range(6))  # each its own, after the answer nobody waits for any more
        assert one.pids == pids  # the process stayed
    finally:
        one.close()


async def test_a_call_whose_process_is_killed_is_drawn_again_in_a_new_one() -> None:
    one = DrawingProcesses(1, forkserver())
    try:
        call = asyncio.create_task(one.run(functools.partial(slow_pid, 0.5)))
        await asyncio.sleep(0.2)
        [killed] = one.pids
        os.kill(killed, signal.SIGKILL)
        assert await call == one.pids[0] != killed
    finally:
        one.close()


async def test_a_call_that_ends_its_process_fails_after_a_second_try(processes: DrawingProcesses) -> None:
    with pytest.raises(DrawingProcessEnded):
        await processes.run(functools.partial(os._exit, 3))
    assert await processes.run(functools.partial(len, "ab")) == 2
    assert len(processes.pids) == 2


def test_processes_outlive_an_event_loop_unless_it_stopped_with_a_call_on_its_way(
    processes: DrawingProcesses,
) -> None:
    asyncio.run(processes.run(functools.partial(len, "")))
    before = processes.pids
    asyncio.run(processes.run(functools.partial(len, "")))  # a loop of its own, as each test has
    assert processes.pids == before

    async def stopped_while_drawing() -> None:
        drawing = asyncio.create_task(processes.run(functools.partial(slow_pid, 0.5)))
        await asyncio.sleep(0.1)  # asyncio.run then cancels the call, its answer still to come
        assert not drawing.done()

    asyncio.run(stopped_while_drawing())
    assert asyncio.run(processes.run(functools.partial(len, "abc"))) == 3
    assert len(set(before) - set(processes.pids)) == 1  # the process that owed an answer was replaced
