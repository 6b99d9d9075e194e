"""Boards are drawn in worker processes (issue 10), and those processes end with the bot, even a killed one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.processes import is_running
from cogs.ui.board_picture import draw_board, drawing_processes

ROOT = Path(__file__).resolve().parents[2]
DRAW_THEN_WAIT = """
import asyncio, os, time
from bot.engine.dice import FixedDice
from bot.processes import is_running
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from cogs.ui.board_picture import draw_board, drawing_processes
asyncio.run(draw_board(Match.start(("Alice", "Bob"), MatchOptions.match(5), FixedDice([3, 1]))))
print(" ".join(str(pid) for pid in drawing_processes().pids), flush=True)
time.sleep(60)
"""


async def test_boards_are_drawn_in_another_process() -> None:
    png = await draw_board(Match.start(("Alice", "Bob"), MatchOptions.match(5), FixedDice([3, 1])))
    assert png.startswith(b"\x89PNG")
    workers = drawing_processes().pids
    assert workers and os.getpid() not in workers


@pytest.mark.slow
def test_drawing_processes_exit_when_the_bot_is_killed() -> None:
    bot = subprocess.Popen([sys.executable, "-c", DRAW_THEN_WAIT], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert bot.stdout is not None
        workers = [int(pid) for pid in bot.stdout.readline().split()]
        assert workers and all(is_running(pid) for pid in workers)
        bot.send_signal(signal.SIGKILL)  # no chance to stop its pool
        bot.wait()
        deadline = time.monotonic() + 10
        while any(is_running(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(is_running(pid) for pid in workers)
    finally:
        if bot.poll() is None:
            bot.kill()


async def test_the_drawing_processes_are_started_and_warmed_up_at_start_up() -> None:
    """Issue 15: the first board after a start took about a second, spent starting a process and building the
    static boards; start_drawing does both before any player waits."""
    from cogs.ui.board_picture import _DRAWING_PROCESSES, start_drawing

    await start_drawing()
    processes = drawing_processes().pids
    assert len(processes) == _DRAWING_PROCESSES
    assert all(is_running(pid) for pid in processes)


async def test_a_drawing_process_killed_between_boards_is_replaced() -> None:
    """Out of memory or killed by hand, the drawing process is started again for the next board, which is drawn
    as usual (a ProcessPoolExecutor stays broken after such an end: every later board would fail until a restart)."""
    match = Match.start(("Alice", "Bob"), MatchOptions.match(5), FixedDice([3, 1]))
    await draw_board(match)
    killed = drawing_processes().pids
    for pid in killed:
        os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while any(is_running(pid) for pid in killed) and time.monotonic() < deadline:
        time.sleep(0.05)
    png = await draw_board(match)
    assert png.startswith(b"\x89PNG")
    assert drawing_processes().pids and not set(killed) & set(drawing_processes().pids)
