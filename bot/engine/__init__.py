"""The pure rules engine: positions, legal plays, notation, games and matches. No Discord, no I/O."""

from bot.engine.position import BAR, CHECKERS, OFF, Position, WinKind

__all__ = ["BAR", "CHECKERS", "OFF", "Position", "WinKind"]
