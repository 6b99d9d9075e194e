"""How a game ended and what it is worth (R6.2, R6.4, R7.2-R7.4, R9.5): the end of a game as data."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from bot.engine.position import WinKind


class OutcomeKind(enum.Enum):
    """Why a game ended with a winner."""

    SINGLE = "single"
    GAMMON = "gammon"
    BACKGAMMON = "backgammon"
    DROPPED = "dropped"  # a double (or a beaver) was refused
    RESIGNED = "resigned"
    CLAIMED = "claimed"  # the opponent ran out of time (R9.5)
    TIMEOUT = "timeout"  # the opponent's match clock ran out

    @classmethod
    def of_win(cls, kind: WinKind) -> OutcomeKind:
        return {WinKind.SINGLE: cls.SINGLE, WinKind.GAMMON: cls.GAMMON, WinKind.BACKGAMMON: cls.BACKGAMMON}[kind]


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of one game: who won, why, and how many points that is worth (already times the cube)."""

    winner: int
    kind: OutcomeKind
    points: int
    cube: int

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "kind": self.kind.value, "points": self.points, "cube": self.cube}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Outcome:
        return cls(int(data["winner"]), OutcomeKind(data["kind"]), int(data["points"]), int(data["cube"]))


def win_points(kind: WinKind, cube: int, *, jacoby_applies: bool) -> int:
    """Points for a game won (or a resignation accepted) at `kind`: x1, x2, x3 times the cube (R7.2).

    Under the Jacoby rule (R7.3), when no double has been accepted, gammons and backgammons count single;
    the same holds for a resignation of a gammon or backgammon (R7.4), which is worth what playing on would be.
    """
    multiplier = 1 if jacoby_applies else int(kind)
    return multiplier * cube
