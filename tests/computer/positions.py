"""Positions for the computer's decisions: a match put into a chosen state (like tests/flow's set_up), and positions of
random legal play."""

from __future__ import annotations

import random
from collections.abc import Iterator

from bot.engine.dice import FixedDice
from bot.engine.game import Phase
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.engine.position import Position

HUMAN, COMPUTER = 0, 1


def arranged(
    options: MatchOptions,
    on_roll: int,
    mover: dict[int, int],
    other: dict[int, int],
    *,
    scores: tuple[int, int] = (0, 0),
    cube: int = 1,
    owner: int | None = None,
    crawford_done: bool = False,
    dice: list[int] | None = None,
) -> Match:
    """A match at `on_roll`'s turn before the roll; `mover` is that side's checkers, `other` the other side's,
    each in its own numbering ({point: count}, 25 the bar; what is missing is borne off)."""
    match = Match(("Human", "Computer"), options, FixedDice([6, 1, *(dice or [])]))
    match.scores = list(scores)
    match.crawford_done = crawford_done
    game = match.game
    game.position = Position.from_points(mover, other)
    game.on_roll = on_roll
    game.cube, game.cube_owner = cube, owner
    game.dice, game.steps, game.phase = None, (), Phase.ROLLING
    return match


def positions_in_play(count: int, seed: int) -> Iterator[tuple[Position, tuple[int, int]]]:
    """Positions and rolls of random legal play from the start, a new game whenever one ends."""
    rng = random.Random(seed)
    position = Position.initial()
    for _ in range(count):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        yield position, dice
        plays = position.legal_plays(dice)
        after = position.apply(rng.choice(plays))  # seen from the side on roll next
        position = Position.initial() if after.winner_kind(winner_is_mover=False) is not None else after
