"""The board as an immutable value, seen from the side on roll (R1, R7.2).

Layout (the contract every other module relies on): `mover` and `opponent` are tuples of 26 ints, each seen
from that side's own point of view, like gnubg's boards: index 0 holds the checkers borne off, 1..24 the
points (1..6 the home board, 24 farthest away), 25 the bar. The opponent's point p is the mover's 25 - p.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

CHECKERS = 15
OFF = 0
BAR = 25

Side = tuple[int, ...]


class WinKind(enum.IntEnum):
    """How a finished game was won; the value is the multiplier of the cube (R7.2)."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


@dataclass(frozen=True, slots=True)
class Position:
    """Both sides' checkers, seen from the side on roll. Immutable and hashable."""

    mover: Side
    opponent: Side

    def __post_init__(self) -> None:
        for name, side in (("mover", self.mover), ("opponent", self.opponent)):
            if len(side) != 26 or any(n < 0 for n in side) or sum(side) != CHECKERS:
                raise ValueError(f"The {name}'s side must have 26 counts >= 0 adding up to 15: {side!r}")
        for point in range(1, 25):
            if self.mover[point] and self.opponent[25 - point]:
                raise ValueError(f"Both sides have checkers on the mover's point {point}")

    @classmethod
    def initial(cls) -> Position:
        """The starting position (R1.1): 2 on the 24-point, 5 on 13, 3 on 8, 5 on 6, for each side."""
        side = [0] * 26
        side[24], side[13], side[8], side[6] = 2, 5, 3, 5
        return cls(tuple(side), tuple(side))

    @classmethod
    def from_points(cls, mover: dict[int, int], opponent: dict[int, int]) -> Position:
        """Build a position from {point: count} maps (25 = bar); what is missing is borne off."""
        def side(counts: dict[int, int]) -> Side:
            board = [0] * 26
            for point, count in counts.items():
                if not 1 <= point <= 25:
                    raise ValueError(f"Point {point} is not on the board (1..24, 25 for the bar)")
                board[point] += count
            board[OFF] = CHECKERS - sum(board)
            return tuple(board)

        return cls(side(mover), side(opponent))

    def swapped(self) -> Position:
        """The same board seen from the other side (the opponent on roll)."""
        return Position(self.opponent, self.mover)

    @property
    def mover_pips(self) -> int:
        """The mover's pip count: what its checkers still have to travel to bear off."""
        return sum(point * count for point, count in enumerate(self.mover))

    @property
    def opponent_pips(self) -> int:
        return sum(point * count for point, count in enumerate(self.opponent))

    def has_contact(self) -> bool:
        """Whether some checker still has to pass an opposing checker (so hits remain possible)."""
        mover_back = max((p for p in range(1, 26) if self.mover[p]), default=0)
        # The opponent's checker farthest from its home, in the mover's numbering, is its lowest point.
        opponent_back = min((25 - p for p in range(1, 26) if self.opponent[p]), default=25)
        return mover_back > opponent_back

    def winner_kind(self, winner_is_mover: bool) -> WinKind | None:
        """If that side has borne off all 15, how it won (R7.2), else None.

        Backgammon: the loser bore off none and still has a checker on the bar or in the winner's home board.
        """
        winner, loser = (self.mover, self.opponent) if winner_is_mover else (self.opponent, self.mover)
        if winner[OFF] != CHECKERS:
            return None
        if loser[OFF]:
            return WinKind.SINGLE
        # The winner's home board is the loser's points 19..24 (25 - 6 .. 25 - 1); 25 is the bar.
        if any(loser[p] for p in range(19, 26)):
            return WinKind.BACKGAMMON
        return WinKind.GAMMON
