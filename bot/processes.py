"""The bot's worker processes: forked from one forkserver that has their modules loaded already, and ending with
the bot: a bot killed outright (SIGKILL, out of memory) cannot stop its pools, and their workers would otherwise
wait forever (each also keeping its forkserver alive)."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from multiprocessing.context import ForkServerContext

#: What the workers run, imported once by the forkserver instead of by each process it forks: the drawing
#: processes' renderer (Pillow), the computer's and the analysis's engine and bgsage. Each worker then starts
#: without importing anything (about 0.2-0.3 s of CPU less per worker, and their pages are shared).
WORKER_MODULES = ("render", "bot.computer.decide", "bot.computer.loaded", "bot.analysis.worker", "bot.preloaded")


def forkserver() -> ForkServerContext:
    """The "forkserver" start method (workers forked from a small clean process, never from the bot with its
    threads and open connections), preloading WORKER_MODULES when it starts."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(WORKER_MODULES))
    return context


def is_running(pid: int) -> bool:
    """Whether the process is alive; on Linux a zombie (ended, not yet reaped) counts as ended."""
    if os.path.exists("/proc/self/stat"):
        try:
            with open(f"/proc/{pid}/stat") as stat:
                return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
        except FileNotFoundError:
            return False
    try:  # no /proc here (not Linux): ask the kernel
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def exit_with(parent: int) -> None:
    """In a worker process: exit as soon as `parent` (the bot) has ended, checked every second."""

    def watch() -> None:
        while is_running(parent):
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-the-bot", daemon=True).start()
