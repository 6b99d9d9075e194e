"""Fixed dice (and, for the timer scenarios, a faster clock) for bot processes started by the e2e tests only.

The e2e harness puts this directory first on PYTHONPATH. With GAMMON_TEST_DICE_SEED the CSPRNG dice source
(R9.1) and every match's committed dice (issue 18) are replaced by a seeded generator before the bot's code runs,
so a scenario sees the same rolls every time while the bot's code path for players stays exactly the same. With
GAMMON_TEST_CLOCK_RATE the game service's injectable clock (used for challenge expiry and turn limits) runs that
many times faster than real time, so a 10-minute expiry or a 1-minute turn limit takes seconds; discord.py's own
timing is untouched.
Then the stand-in's own sitecustomize (next on the path) runs, pointing discord.py at the stand-in.
"""

from __future__ import annotations

import os
import random
import runpy
import sys
from pathlib import Path

# GAMMON_TEST_WITHOUT: modules made impossible to import (as if not installed), comma-separated.
for _missing in filter(None, os.environ.get("GAMMON_TEST_WITHOUT", "").split(",")):
    sys.modules[_missing] = None  # type: ignore[assignment]

_SEED = os.environ.get("GAMMON_TEST_DICE_SEED")
#: The bot's multiprocessing helpers: its forkservers keep the seeded dice (their workers are forked from them),
#: but none of them runs a GameService, and the resource tracker runs no game code at all: they skip the imports.
_HELPER = any(arg.startswith("from multiprocessing") for arg in sys.orig_argv)
_TRACKER = any(arg.startswith("from multiprocessing.resource_tracker") for arg in sys.orig_argv)

if _SEED is not None and not _TRACKER:
    import bot.engine.dice

    _rng = random.Random(int(_SEED))

    def _seeded_die(self: object) -> int:
        return _rng.randint(1, 6)

    bot.engine.dice.SecretDice.roll_die = _seeded_die  # type: ignore[method-assign,assignment]
    # Every match rolls its own committed dice (issue 18): they follow the seed too, so such a match's dice do not
    # follow its seeds (the fairness scenarios start the bot without GAMMON_TEST_DICE_SEED).
    bot.engine.dice.CommittedDice.roll_die = _seeded_die  # type: ignore[method-assign,assignment]

_RATE = os.environ.get("GAMMON_TEST_CLOCK_RATE")

if _RATE is not None and not _HELPER:
    import time

    import bot.service.game_service

    # Processes sharing one database (the shards of issue 19) share the origin, so their clocks agree.
    _rate, _origin = float(_RATE), float(os.environ.get("GAMMON_TEST_CLOCK_ORIGIN") or time.time())

    def _fast_clock() -> float:
        return _origin + (time.time() - _origin) * _rate

    defaults = bot.service.game_service.GameService.__init__.__kwdefaults__
    assert defaults is not None and "clock" in defaults, "GameService no longer takes clock="
    defaults["clock"] = _fast_clock

_GATE = os.environ.get("GAMMON_TEST_ANALYSIS_GATE")

if _GATE is not None:
    import time
    from typing import Any

    import bot.analysis.worker

    _analyse = bot.analysis.worker.analyse

    def _held_analyse(log: Any, level: str) -> Any:
        """In the analysis worker: say that an analysis started (a line in `started`), then hold it until the test
        creates `release`, so that the test stops the bot while the analysis surely runs."""
        gate = Path(_GATE)
        with (gate / "started").open("a") as started:
            started.write(f"{os.getpid()}\n")
        while not (gate / "release").exists():
            time.sleep(0.05)
        return _analyse(log, level)

    bot.analysis.worker.analyse = _held_analyse

_POST_GATE = os.environ.get("GAMMON_TEST_ANALYSIS_POST_GATE")

if _POST_GATE is not None and not _HELPER:
    import asyncio
    from collections.abc import Awaitable, Callable
    from typing import Any

    import bot.analysis.jobs

    _post_gate, _jobs_init = Path(_POST_GATE), bot.analysis.jobs.AnalysisJobs.__init__
    _OnDone = Callable[[int, int, Any], Awaitable[tuple[int, int]]]

    def _held_post(post: _OnDone) -> _OnDone:
        """Hold the analysis's post where `mode` says: "before" it is drawn and sent, or "after" it is sent but
        before its id is stored; after saying so (the file `held`), until the test creates `release` (or stops the
        bot, which is what it is for). The cogs are loaded as fresh modules: the jobs' sender is wrapped."""
        before = (_post_gate / "mode").read_text().strip() == "before"

        async def hold() -> None:
            (_post_gate / "held").touch()
            while not (_post_gate / "release").exists():
                await asyncio.sleep(0.05)

        async def held(match_id: int, channel_id: int, analysis: Any) -> tuple[int, int]:
            if before and not (_post_gate / "release").exists():
                await hold()
            where = await post(match_id, channel_id, analysis)
            if not before and not (_post_gate / "release").exists():
                await hold()
            return where

        return held

    def _held_init(self: Any, *args: Any, on_done: _OnDone | None = None, **kwargs: Any) -> None:
        _jobs_init(self, *args, on_done=None if on_done is None else _held_post(on_done), **kwargs)

    bot.analysis.jobs.AnalysisJobs.__init__ = _held_init  # type: ignore[method-assign]

for _entry in sys.path:
    _other = Path(_entry) / "sitecustomize.py"
    if _entry and _other.is_file() and _other.resolve() != Path(__file__).resolve():
        runpy.run_path(str(_other), run_name="sitecustomize_standin")
        break
