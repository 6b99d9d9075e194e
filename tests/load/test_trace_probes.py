"""The load runs' timing probes (bench/load/site/sitecustomize.py, `--trace`) in a real Python process: they name the
loop's slow steps without describing the objects that ran them: describing one can change it (an aiohttp response
described before it started kept no headers, and its start then failed)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "bench" / "load" / "site"

PROGRAM = """
import asyncio
import functools
import time


class Touchy:
    described = 0

    def __repr__(self) -> str:
        Touchy.described += 1
        return "touchy"

    def slow(self, *_: object) -> None:
        time.sleep(0.005)


async def main() -> None:
    loop = asyncio.get_running_loop()
    touchy = Touchy()
    loop.call_soon(touchy.slow)
    loop.call_soon(functools.partial(touchy.slow, touchy))
    loop.call_soon(lambda: time.sleep(0.005))
    await asyncio.sleep(0.05)
    print(Touchy.described)


asyncio.run(main())
"""


def test_slow_steps_are_named_without_describing_what_ran_them(tmp_path: Path) -> None:
    trace = tmp_path / "probes.json"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(SITE), str(ROOT))), "GAMMON_LOAD_TRACE": str(trace)}
    ran = subprocess.run(
        [sys.executable, "-c", PROGRAM], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.split() == ["0"]  # no repr of the object whose method was the slow step
    slow = json.loads(trace.read_text())["loop steps past 2 ms"]
    assert slow["callback Touchy.slow"]["count"] == 2  # the bound method, and the partial that calls it
    assert any(name.startswith("callback main.<locals>.<lambda>") for name in slow)
