"""Load benchmark of the whole bot (issue 10): the real bot process against the Discord stand-in, K matches at once.

This process runs the stand-in (aiohttp REST + gateway on 127.0.0.1) and the scripted players; the bot runs as
its own process (`python -m bot`, started by the stand-in's launcher), so its CPU and memory figures are its
own. Players reuse the end-to-end helpers (tests/e2e/table.py): every action is a click on the live game
message, and an action ends when the redrawn board has arrived.

    run_load(LoadConfig(matches=50, think=(2.0, 6.0), seconds=90.0)) -> LoadResult
    LoadResult.summary() -> dict (percentiles in ms, updates per second, peak RSS, CPU s per action, DB size)
"""

from .config import LoadConfig
from .harness import run_load
from .result import LoadResult

__all__ = ["LoadConfig", "LoadResult", "run_load"]
