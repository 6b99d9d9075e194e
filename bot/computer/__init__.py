"""The computer opponent: bgsage's neural net behind the engine's own actions. No Discord imports.

    choose_action(match, level) -> Action     # blocking; the decision of the side the match waits for
    LEVELS, level(name)                       # the six strengths (bot.computer.levels)
    available(), NOT_AVAILABLE                # False when bgsage cannot be imported on this platform

The bot calls choose_action in worker processes (bot.computer.pool), never on the event loop, and takes the
computer's turns through the game service like a human's (bot.computer.turns).

The names are imported on first use: a process that needs only the board conversion (`bot.computer.board`, for
the analysis's pictures in a drawing process) does not load bgsage (9 MB) by importing this package.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.computer.decide import NothingToDoError, choose_action
    from bot.computer.levels import DEFAULT_LEVEL, LEVELS, Level, level
    from bot.computer.sage import NOT_AVAILABLE, available, unavailable_reason

_HOMES = {
    "NothingToDoError": "bot.computer.decide",
    "choose_action": "bot.computer.decide",
    "DEFAULT_LEVEL": "bot.computer.levels",
    "LEVELS": "bot.computer.levels",
    "Level": "bot.computer.levels",
    "level": "bot.computer.levels",
    "NOT_AVAILABLE": "bot.computer.sage",
    "available": "bot.computer.sage",
    "unavailable_reason": "bot.computer.sage",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "NOT_AVAILABLE",
    "Level",
    "NothingToDoError",
    "available",
    "choose_action",
    "level",
    "unavailable_reason",
]
