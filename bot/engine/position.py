"""The board as an immutable value, seen from the side on roll (R1, R7.2).

Layout (the contract every other module relies on): `mover` and `opponent` are tuples of 26 ints, each seen
from that side's own point of view, like gnubg's boards: index 0 holds the checkers borne off, 1..24 the
points (1..6 the home board, 24 farthest away), 25 the bar. The opponent's point p is the mover's 25 - p.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from operator import mul

from bot.engine import legal, movegen, notation, position_id
from bot.engine.errors import IllegalPlayError
from bot.engine.play import BAR, OFF, Play, Step

CHECKERS = 15

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
        # Checked on every position the engine makes (millions in a test run): builtins over the tuples, no loops.
        for name, side in (("mover", self.mover), ("opponent", self.opponent)):
            if len(side) != 26 or min(side) < 0 or sum(side) != CHECKERS:
                raise ValueError(f"The {name}'s side must have 26 counts >= 0 adding up to 15: {side!r}")
        if any(map(mul, self.mover[1:25], self.opponent[24:0:-1])):  # the mover's point p is the other's 25-p
            point = next(p for p in range(1, 25) if self.mover[p] and self.opponent[25 - p])
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

    @classmethod
    def from_position_id(cls, pid: str) -> Position:
        """The position a GNU Backgammon Position ID describes, the player on roll as mover (R10.2).

        :raises InvalidPositionIdError: (a ValueError) for malformed text or an impossible board.
        """
        mover, opponent = position_id.decode(pid)
        return cls(mover, opponent)

    def position_id(self) -> str:
        """The GNU Backgammon Position ID (R10.2), e.g. `4HPwATDgc/ABMA` for the start."""
        return position_id.encode(self.mover, self.opponent)

    def legal_plays(self, dice: tuple[int, int]) -> list[Play]:
        """Every legal play with this roll (R3-R5), one per distinct resulting position (R4.5).

        When nothing can be played (R4.4) the list holds the empty play, so a forced turn (R9.3) is always
        `len(plays) == 1`. The order is fixed for a given position and roll.
        """
        return list(self._legal(dice).plays)

    def apply(self, play: Play) -> Position:
        """The position after `play`, seen from the opponent, who is now on roll.

        The play should come from `legal_plays`, `parse_play` or `complete_play` for this position; only that
        each step can be made is checked here.
        :raises IllegalPlayError: when a step moves from an empty point or onto a blocked one.
        """
        after = self.after_steps(play.steps)
        return Position(after.opponent, after.mover)

    def after_steps(self, steps: Sequence[Step]) -> Position:
        """The board after some steps of the mover's turn, still seen from the mover (for step-by-step play).

        :raises IllegalPlayError: when a step moves from an empty point or onto a blocked one.
        """
        me = list(self.mover)
        opp = list(reversed(self.opponent))
        for step in steps:
            if not OFF <= step.end < step.start <= BAR:
                raise IllegalPlayError(f"{step} is not a move: checkers go from a point or the bar to a lower point")
            if not me[step.start]:
                raise IllegalPlayError(f"{step}: there is no checker of yours to move there")
            if step.end and opp[step.end] >= 2:
                raise IllegalPlayError(f"{step}: point {step.end} is blocked")
            movegen.make_step(me, opp, step.start, step.end, step.end > 0 and opp[step.end] == 1)
        return Position(tuple(me), tuple(reversed(opp)))

    def next_steps(self, dice: tuple[int, int], steps_so_far: Sequence[Step]) -> list[Step]:
        """The single steps that may come next, each leaving a complete legal play reachable (R4.1-R4.3, R9.2).

        Empty when the steps so far already make a complete play. Undo is dropping the last step.
        :raises IllegalPlayError: when `steps_so_far` cannot be played in that order with these dice.
        """
        dice = legal.check_dice(dice)
        return list(legal.next_steps(self.mover, self.opponent, dice, tuple(steps_so_far)))

    def complete_play(self, dice: tuple[int, int], steps_so_far: Sequence[Step]) -> Play | None:
        """The legal play (as listed by `legal_plays`) that these steps make, or None if they are not complete.

        :raises IllegalPlayError: when `steps_so_far` cannot be played in that order with these dice.
        """
        dice = legal.check_dice(dice)
        return legal.complete_play(self.mover, self.opponent, dice, steps_so_far, self._legal(dice))

    def parse_play(self, text: str, dice: tuple[int, int]) -> Play:
        """The legal play that `text` writes in notation (R10.1), as listed by `legal_plays`.

        Accepts `24/18 13/11`, `bar/22*`, `b/22`, `25/22`, `6/off`, `6/0`, `13/7(2)`, `24/18/13`, `8/5*/1`,
        any case, extra spaces, steps in any order, and GNU Backgammon's move strings.
        :raises InvalidPlayError: when the text cannot be read as a play.
        :raises IllegalPlayError: when it reads as a play the rules forbid; the message says why.
        """
        dice = legal.check_dice(dice)
        return notation.parse_play(self.mover, self.opponent, dice, text, self._legal(dice))

    def _legal(self, dice: tuple[int, int]) -> legal.LegalPlays:
        return legal.legal_plays(self.mover, self.opponent, legal.check_dice(dice))

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
