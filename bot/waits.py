"""What the bot is waiting on, written to its log on SIGUSR1 (`kill -USR1 <pid>`): each pending asyncio task with
the chain of awaits it is suspended in, and each thread's stack. For a bot that looks stuck (a match that no
longer moves): the log then says which await never returned. The end-to-end tests ask for it under every failed
test, so that a hang seen once in CI says where it was.

Only names, files and line numbers are written, never an object's repr: describing an object can change it
(aiohttp's response, for one, keeps the headers its repr read).
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
import threading
import traceback
from types import FrameType
from typing import Any

log = logging.getLogger(__name__)

#: The log record's first line.
HEADING = "What the bot waits on:"
#: The deepest chain of awaits followed for one task.
MOST_AWAITS = 40


def awaits(task: asyncio.Task[Any]) -> list[str]:
    """Where the task is suspended: its coroutine, then each coroutine or generator it awaits, innermost last,
    then what the innermost one waits for (a future, or another task by its name)."""
    lines: list[str] = []
    awaited: Any = task.get_coro()
    for _ in range(MOST_AWAITS):
        frame: FrameType | None = getattr(awaited, "cr_frame", None) or getattr(awaited, "gi_frame", None)
        if frame is None:
            break
        lines.append(f"{frame.f_code.co_filename}:{frame.f_lineno} in {frame.f_code.co_qualname}")
        awaited = getattr(awaited, "cr_await", None) or getattr(awaited, "gi_yieldfrom", None)
        if awaited is None:
            break
    waiter = getattr(task, "_fut_waiter", None)  # asyncio's own: the future the task's last step is waiting for
    if isinstance(waiter, asyncio.Task):
        lines.append(f"waiting for task {waiter.get_name()}")
    elif waiter is not None:
        lines.append(f"waiting for {type(waiter).__qualname__}")
    return lines


def describe_waits(loop: asyncio.AbstractEventLoop) -> str:
    """Every pending task of `loop` and every thread, as text for the log."""
    parts = []
    for task in sorted(asyncio.all_tasks(loop), key=lambda each: each.get_name()):
        parts.append(f"task {task.get_name()}:\n" + "".join(f"  {line}\n" for line in awaits(task)))
    names = {thread.ident: thread.name for thread in threading.enumerate()}
    for ident, frame in sys._current_frames().items():
        stack = "".join(traceback.format_stack(frame))
        parts.append(f"thread {names.get(ident, ident)}:\n{stack}")
    return "".join(parts)


def log_waits_on_signal(loop: asyncio.AbstractEventLoop) -> None:
    """On SIGUSR1, log what every task and thread waits on (where the platform has the signal)."""
    if hasattr(signal, "SIGUSR1"):
        loop.add_signal_handler(signal.SIGUSR1, lambda: log.warning("%s\n%s", HEADING, describe_waits(loop)))
