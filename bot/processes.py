"""Worker processes that end with the bot: a bot killed outright (SIGKILL, out of memory) cannot stop its pools,
and their workers would otherwise wait forever (each also keeping its forkserver alive)."""

from __future__ import annotations

import os
import threading
import time


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
