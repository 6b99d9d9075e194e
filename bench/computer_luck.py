"""The dice's luck in a benchmark game, so that level-against-level results can be luck-adjusted.

GNU Backgammon and eXtreme Gammon judge bot matches this way: every roll's luck is the equity of the best play
with that roll minus the average over all 21 rolls (1-ply, cubeful, from the roller's view, times the cube),
and a side's luck-adjusted result is its points minus its own luck plus the opponent's. Luck averages to zero,
so the adjusted mean estimates the same difference in skill as the raw one, with far less of the dice's
variance. Benchmark only (bgsage is imported directly, not through bot.computer).

`LuckTally` follows a money game through the events `Match.apply` returns, so it sees every roll, including
the ones played automatically (no legal play, a forced play, turns rolled while nobody may double).
"""

from __future__ import annotations

import functools
from typing import Any

import bgsage

from bot.computer.board import sage_board
from bot.engine import Match
from bot.engine.events import AutomaticDouble, BeaverAccepted, GameStarted, OpeningRolled, Played, Rolled, Taken
from bot.engine.position import Position

ROLLS = [(one, two) for one in range(1, 7) for two in range(one, 7)]


@functools.cache
def _analyzer() -> Any:
    return bgsage.BgBotAnalyzer(eval_level="1ply", parallel_threads=1)


@functools.lru_cache(maxsize=4096)
def _per_roll(board: tuple[int, ...], cube: int, owner: str, jacoby: bool, beavers: bool,
              opening: bool) -> tuple[Any, ...]:
    """The best play's cubeful equity for every roll from `board` (the roller's view), bgsage's RollEquity."""
    rolls = [roll for roll in ROLLS if not (opening and roll[0] == roll[1])]
    found = []
    for one, two in rolls:
        moves = _analyzer().checker_play(list(board), one, two, cube, owner, jacoby=jacoby, beaver=beavers).moves
        found.append(bgsage.types.RollEquity(one, two, float(moves[0].equity), 1 if one == two else 2))
    return tuple(found)


def roll_luck(board: tuple[int, ...], dice: tuple[int, int], cube: int, owner: str, *, jacoby: bool,
              beavers: bool, opening: bool = False) -> float:
    """How much the roll `dice` helped the roller, in points (per-unit luck times the cube)."""
    per_roll = _per_roll(board, cube, owner, jacoby, beavers, opening)
    result = bgsage.luck_from_equities(list(per_roll), dice[0], dice[1], ply=1, level_label="1-ply",
                                       is_opening_roll=opening)
    return 0.0 if result is None else float(result.luck) * cube


class LuckTally:
    """Each player's summed luck (in points) in one money game, fed the events of every `Match.apply`."""

    def __init__(self, match: Match) -> None:
        self.luck = [0.0, 0.0]
        self.jacoby = match.game.rules.jacoby
        self.beavers = match.game.rules.beavers
        self.position: Position | None = None  # from the view of the player on roll
        self.cube = 1
        self.owner: int | None = None
        self.feed(match.last_events)

    def feed(self, events: list[Any]) -> None:
        for event in events:
            if isinstance(event, GameStarted):
                self.cube, self.owner, self.position = 1, None, None
            elif isinstance(event, AutomaticDouble):
                self.cube = event.cube
            elif isinstance(event, Taken):
                self.cube, self.owner = event.cube, event.player
            elif isinstance(event, BeaverAccepted):  # `player` is the doubler; the beaverer owns the cube
                self.cube, self.owner = event.cube, 1 - event.player
            elif isinstance(event, OpeningRolled):
                self.position = Position.initial()
                last = event.rolls[-1]
                self._add(event.player, (max(last), min(last)), opening=True)
            elif isinstance(event, Rolled):
                self._add(event.player, event.dice, opening=False)
            elif isinstance(event, Played):
                assert self.position is not None
                self.position = self.position.apply(event.play)

    def _add(self, roller: int, dice: tuple[int, int], *, opening: bool) -> None:
        assert self.position is not None
        owner = "centered" if self.owner is None else ("player" if self.owner == roller else "opponent")
        self.luck[roller] += roll_luck(sage_board(self.position), dice, self.cube, owner, jacoby=self.jacoby,
                                       beavers=self.beavers, opening=opening)
