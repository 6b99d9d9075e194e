"""The pure rules engine: positions, legal plays, notation, games and matches. No Discord, no I/O.

The rules API (RULES.md R1, R3-R5, R10), all on the immutable `Position`, seen from the side on roll:
`Position.initial()`, `Position.from_position_id(pid)` / `.position_id()`, `.legal_plays((d1, d2))` (one
`Play` per distinct result; `[Play(())]` when nothing can move), `.apply(play)` (the result, the opponent
on roll), `.parse_play(text, dice)` (raises `InvalidPlayError` / `IllegalPlayError`), `str(play)`, and for
clicking a play together step by step `.next_steps(dice, steps)`, `.complete_play(dice, steps)` and
`.after_steps(steps)`.

The flow API (R2, R6-R9), on the frozen `Match`: `Match.start(names, options, dice)`, `match.apply(action, dice)
-> Applied(match, events)` (the next match and what happened; actions in `bot.engine.actions`, events in
`bot.engine.events`, refusals raise `ActionError`), `Match.replay(log)`, `match.log` (`MatchLog`, JSON with a
format version), `match.match_id()`, each finished game's `Outcome`.
"""

from bot.engine.actions import ActionError
from bot.engine.dice import DiceSource, FixedDice, SecretDice
from bot.engine.errors import IllegalPlayError, InvalidPlayError, InvalidPositionIdError
from bot.engine.match import Applied, Match
from bot.engine.match_log import LogEntry, MatchLog
from bot.engine.options import MatchOptions
from bot.engine.outcome import Outcome, OutcomeKind
from bot.engine.play import BAR, OFF, Play, Step
from bot.engine.position import CHECKERS, Position, WinKind

__all__ = [
    "BAR",
    "CHECKERS",
    "OFF",
    "ActionError",
    "Applied",
    "DiceSource",
    "FixedDice",
    "IllegalPlayError",
    "InvalidPlayError",
    "InvalidPositionIdError",
    "LogEntry",
    "Match",
    "MatchLog",
    "MatchOptions",
    "Outcome",
    "OutcomeKind",
    "Play",
    "Position",
    "SecretDice",
    "Step",
    "WinKind",
]
