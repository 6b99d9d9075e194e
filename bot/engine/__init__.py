"""The pure rules engine: positions, legal plays, notation, games and matches. No Discord, no I/O.

The rules API (RULES.md R1, R3-R5, R10), all on the immutable `Position`, seen from the side on roll:
`Position.initial()`, `Position.from_position_id(pid)` / `.position_id()`, `.legal_plays((d1, d2))` (one
`Play` per distinct result; `[Play(())]` when nothing can move), `.apply(play)` (the result, the opponent
on roll), `.parse_play(text, dice)` (raises `InvalidPlayError` / `IllegalPlayError`), `str(play)`, and for
clicking a play together step by step `.next_steps(dice, steps)`, `.complete_play(dice, steps)` and
`.after_steps(steps)`.
"""

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
