"""The computer opponent: bgsage's neural net behind the engine's own actions. No Discord imports.

    choose_action(match, level) -> Action     # blocking; the decision of the side the match waits for
    LEVELS, level(name)                       # the six strengths (bot.computer.levels)
    available(), NOT_AVAILABLE                # False when bgsage cannot be imported on this platform

The bot calls choose_action in worker processes (bot.computer.pool), never on the event loop, and takes the
computer's turns through the game service like a human's (bot.computer.turns).
"""

from bot.computer.decide import NothingToDoError, choose_action
from bot.computer.levels import DEFAULT_LEVEL, LEVELS, Level, level
from bot.computer.sage import NOT_AVAILABLE, available, unavailable_reason

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
