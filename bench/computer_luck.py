"""The dice's luck in a benchmark game, so that level-against-level results can be luck-adjusted.

GNU Backgammon and eXtreme Gammon judge bot matches this way: a roll's luck is the equity of the best play with
that roll minus the average of the same over all 21 rolls (15 for an opening roll, which cannot be a double),
from the roller's view, times the cube; a side's luck-adjusted result is its points minus its own luck plus the
opponent's. Given the position before the roll, a roll's luck averages to exactly zero whatever evaluator
judges the plays, so the adjusted mean estimates the same difference in skill as the raw one, with much of the
dice's variance removed (the better the evaluator, the more).

The evaluator here is GNU Backgammon's 0-ply net, cubeless (`gnubg.find_best_moves`; GPL, benchmark only): all
21 rolls take about half a millisecond, against 36 ms with bgsage's 1-ply checker play, which made the luck cost
more than the games themselves.

`LuckTally` follows a money game through the events `match.apply` returns, so it sees every roll, including
the ones played automatically (no legal play, a forced play, turns rolled while nobody may double).
"""

from __future__ import annotations

import functools
from typing import Any

import gnubg

from bot.engine import Match
from bot.engine.events import AutomaticDouble, BeaverAccepted, GameStarted, OpeningRolled, Played, Rolled, Taken
from bot.engine.position import Position

ROLLS = [(one, two) for one in range(1, 7) for two in range(one, 7)]
GnubgBoard = tuple[tuple[int, ...], tuple[int, ...]]


def gnubg_board(position: Position) -> GnubgBoard:
    """`position` (seen from its mover, the side on roll) as gnubg's board: [the other side, the side on roll],
    each its points 1-24 then its bar."""
    return tuple(position.opponent[1:26]), tuple(position.mover[1:26])


@functools.lru_cache(maxsize=65536)
def _best(board: GnubgBoard, dice: tuple[int, int]) -> float:
    """The cubeless equity, for the side on roll, after its best play with `dice` (gnubg 0-ply)."""
    context = gnubg.eval_context(0, 0, 1, 0, 0)
    moves = gnubg.find_best_moves([list(board[0]), list(board[1])], gnubg.cube_info(), context, dice)
    if moves:
        return float(moves[0]["score"])
    # No legal play: the other side is on roll in the same position.
    return -float(gnubg.evaluate([list(board[1]), list(board[0])], gnubg.cube_info(), context)[5])


@functools.lru_cache(maxsize=16384)
def _average(board: GnubgBoard, opening: bool) -> float:
    rolls = [roll for roll in ROLLS if not (opening and roll[0] == roll[1])]
    weights = [1 if one == two else 2 for one, two in rolls]
    return sum(weight * _best(board, roll) for weight, roll in zip(weights, rolls, strict=True)) / sum(weights)


def roll_luck(position: Position, dice: tuple[int, int], cube: int, *, opening: bool = False) -> float:
    """How much the roll `dice` helped the side on roll in `position`, in points."""
    board = gnubg_board(position)
    ordered = (max(dice), min(dice))
    return (_best(board, ordered) - _average(board, opening)) * cube


class LuckTally:
    """Each player's summed luck (in points) in one money game, fed the events of every `match.apply`."""

    def __init__(self, match: Match) -> None:
        self.luck = [0.0, 0.0]
        self.position: Position | None = None  # from the view of the player on roll
        self.cube = 1
        self.feed(match.last_events)

    def feed(self, events: list[Any]) -> None:
        for event in events:
            if isinstance(event, GameStarted):
                self.cube, self.position = 1, None
            elif isinstance(event, AutomaticDouble | Taken | BeaverAccepted):
                self.cube = event.cube
            elif isinstance(event, OpeningRolled):
                self.position = Position.initial()
                last = event.rolls[-1]
                self._add(event.player, (last[0], last[1]), opening=True)
            elif isinstance(event, Rolled):
                self._add(event.player, event.dice, opening=False)
            elif isinstance(event, Played):
                assert self.position is not None
                self.position = self.position.apply(event.play)

    def _add(self, roller: int, dice: tuple[int, int], *, opening: bool) -> None:
        assert self.position is not None
        self.luck[roller] += roll_luck(self.position, dice, self.cube, opening=opening)
