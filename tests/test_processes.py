"""The bot's worker processes start with their modules loaded by the forkserver (bot.processes)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ASK_A_WORKER = """
from concurrent.futures import ProcessPoolExecutor
from bot.processes import WORKER_MODULES, forkserver
from tests.support.loaded_modules import frozen, loaded
assert not loaded(WORKER_MODULES), "this process must not have them itself"
with ProcessPoolExecutor(1, mp_context=forkserver()) as pool:
    print(" ".join(pool.submit(loaded, (*WORKER_MODULES, "bgsage")).result()))
    print(pool.submit(frozen).result())
"""


def test_a_worker_starts_with_the_renderer_and_the_engine_loaded() -> None:
    """Forked from a forkserver that imported them, a worker has them before its first task, though neither it
    nor the process that started it imported them (each worker imported them anew: ~0.3 s of CPU each)."""
    completed = subprocess.run(
        [sys.executable, "-c", ASK_A_WORKER], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert completed.returncode == 0, completed.stderr[-2000:]
    modules, frozen = completed.stdout.splitlines()
    expected = [
        "render",
        "bot.computer.decide",
        "bot.computer.loaded",
        "bot.analysis.worker",
        "bot.preloaded",
        "bgsage",
    ]
    assert modules.split() == expected  # bgsage itself too, which bot.computer.sage loads on first use
    # the objects the forkserver made are frozen: the worker's collections never walk them (bot.preloaded)
    assert int(frozen) > 10_000
