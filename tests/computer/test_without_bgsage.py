"""Without bgsage (a platform with no wheels for it, simulated by a package that fails to import), the bot
still loads everything, and the computer commands refuse clearly (issue 16). The real bot process is checked
the same way in tests/e2e/test_computer.py."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.computer import probe

BLOCKER = Path(__file__).resolve().parent / "no_bgsage"
ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import asyncio
import bot.computer as computer
from bot.computer.probe import sage_problem
assert not computer.available(), "bgsage should not be importable here"
assert "no build for this platform" in computer.unavailable_reason()
assert "no build for this platform" in asyncio.run(sage_problem()), "a worker process finds it missing too"
import importlib
from bot.app import EXTENSIONS
for extension in EXTENSIONS:
    importlib.import_module(extension)
from bot.computer import choose_action
from bot.engine import Match, MatchOptions, SecretDice
try:
    choose_action(Match.start(("a", "b"), MatchOptions.money(), SecretDice()), "expert")
except RuntimeError as error:
    print("choose_action:", error)
from cogs.computer import Computer
from cogs.ui.errors import UserFacingError

class Bot:
    user = object()
    sage_problem = computer.unavailable_reason()
seat = Computer(Bot(), None)
assert seat.turns() is None
try:
    asyncio.run(seat.start(None, "expert", MatchOptions.money(), False))
except UserFacingError as error:
    print("command:", error)
"""


def test_the_bot_loads_and_the_computer_refuses_without_bgsage() -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(BLOCKER), str(ROOT)]))
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines == [
        "choose_action: The computer opponent is not available on this server (its engine, bgsage, is not installed).",
        "command: The computer opponent is not available on this server (its engine, bgsage, is not installed).",
    ]


async def test_a_worker_process_finds_bgsage_here_and_the_bot_does_not_load_it() -> None:
    """The bot asks a process forked from its forkserver whether bgsage runs (setup_hook), instead of importing it:
    in the process that asked, nothing of bgsage is loaded."""
    script = (
        "import asyncio, sys\n"
        "from bot.computer.probe import sage_problem\n"
        "print(repr(asyncio.run(sage_problem())), sorted(m for m in sys.modules if 'bgsage' in m or 'bgbot' in m))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["''", "[]"]


async def test_where_no_worker_process_starts_the_computer_is_off_and_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_processes(*_args: object, **_kwargs: object) -> None:
        raise OSError("Resource temporarily unavailable")

    monkeypatch.setattr(probe, "ProcessPoolExecutor", no_processes)
    assert await probe.sage_problem() == "no worker process: OSError: Resource temporarily unavailable"
