"""What the analysis worker process runs (bot.computer.pool's task for bot.analysis.jobs). A module of its own,
light on imports: the worker loads this, not the jobs' game service and store (7 MB less in the worker)."""

from __future__ import annotations

import contextlib
import os
import signal
import traceback
from typing import Any

from bot.analysis import memory
from bot.analysis.evaluate import analyse
from bot.engine.match_log import MatchLog

#: The worker's niceness: the bot and the computer opponent's worker come first on a busy machine.
NICENESS = 10

_started = False


def analyse_in_worker(log_json: str, level: str) -> dict[str, Any]:
    """In a worker process: the match's analysis as JSON (its priority lowered once, so that play goes first, and
    its memory kept down: bot.analysis.memory), or `{"error": traceback}` when the analysis itself fails: sent
    back as a value, so that the jobs tell it from the worker dying or the pool closing."""
    global _started
    if not _started:
        with contextlib.suppress(OSError):
            os.nice(NICENESS)
        # Ctrl-C in a terminal reaches the whole process group: the bot stops, and stops its worker; here it would
        # come back to the bot as a KeyboardInterrupt raised by the job.
        with contextlib.suppress(ValueError):  # not in a process's main thread
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        memory.limit()
        _started = True
    try:
        return {"analysis": analyse(MatchLog.from_json(log_json), level).to_json()}
    except Exception:
        return {"error": traceback.format_exc()}
    finally:
        memory.release()
