"""The pure rules engine: positions, legal plays, notation, games and matches. No Discord, no I/O."""

from bot.engine.errors import IllegalPlayError, InvalidPlayError, InvalidPositionIdError
from bot.engine.play import BAR, OFF, Play, Step
from bot.engine.position import CHECKERS, Position, WinKind

__all__ = [
    "BAR",
    "CHECKERS",
    "OFF",
    "IllegalPlayError",
    "InvalidPlayError",
    "InvalidPositionIdError",
    "Play",
    "Position",
    "Step",
    "WinKind",
]
