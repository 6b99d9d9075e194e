"""Positions for the computer's decisions: a match put into a chosen state (like tests/flow's set_up), and positions of
random legal play."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

from bot.engine.dice import FixedDice
from bot.engine.game import Phase
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.engine.position import Position

HUMAN, COMPUTER = 0, 1
#: The dice of an action that rolls none: a roll asked of it fails the test.
NO_DICE = FixedDice(())


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
) -> Match:
    """A match at `on_roll`'s turn before the roll; `mover` is that side's checkers, `other` the other side's,
    each in its own numbering ({point: count}, 25 the bar; what is missing is borne off)."""
    match = Match.start(("Human", "Computer"), options, FixedDice([6, 1]))
    game = dataclasses.replace(
        match.game,
        position=Position.from_points(mover, other),
        on_roll=on_roll,
        cube=cube,
        cube_owner=owner,
        dice=None,
        steps=(),
        phase=Phase.ROLLING,
    )
    return dataclasses.replace(match, scores=scores, crawford_done=crawford_done, game=game)


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
