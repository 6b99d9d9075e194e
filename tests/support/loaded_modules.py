"""For tests of worker processes: which modules a process has loaded. Imports nothing of the project, so that a
worker that runs `loaded` has only what it started with."""

from __future__ import annotations

import gc
import sys


def loaded(names: tuple[str, ...]) -> list[str]:
    """The modules among `names` that this process has imported."""
    return [name for name in names if name in sys.modules]


def frozen() -> int:
    """How many objects this process has frozen out of garbage collection (`gc.freeze`)."""
    return gc.get_freeze_count()
