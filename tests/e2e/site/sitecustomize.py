"""Fixed dice for bot processes started by the end-to-end tests, and nothing else.

The e2e harness puts this directory first on PYTHONPATH and sets GAMMON_TEST_DICE_SEED: the CSPRNG dice
source (R9.1) is replaced by a seeded generator before the bot's code runs, so a scenario sees the same rolls
every time while the bot's code path for players stays exactly the same. Then the stand-in's own
sitecustomize (next on the path) runs, pointing discord.py at the stand-in.
"""

from __future__ import annotations

import os
import random
import runpy
import sys
from pathlib import Path

_SEED = os.environ.get("GAMMON_TEST_DICE_SEED")

if _SEED is not None:
    import bot.engine.dice

    _rng = random.Random(int(_SEED))

    def _seeded_die(self: object) -> int:
        return _rng.randint(1, 6)

    bot.engine.dice.SecretDice.roll_die = _seeded_die  # type: ignore[method-assign,assignment]

for _entry in sys.path:
    _other = Path(_entry) / "sitecustomize.py"
    if _entry and _other.is_file() and _other.resolve() != Path(__file__).resolve():
        runpy.run_path(str(_other), run_name="sitecustomize_standin")
        break
