"""Random but legal play for property tests: a seeded dice source and a player who picks among allowed actions."""

from __future__ import annotations

import random

from bot.engine.actions import (
    Abort,
    AcceptBeaver,
    AcceptResignation,
    Action,
    Beaver,
    Claim,
    Confirm,
    DeclineResignation,
    Double,
    Drop,
    Move,
    MoveChecker,
    RefuseBeaver,
    Resign,
    Roll,
    Take,
    Undo,
)
from bot.engine.dice import SeededDice as SeededDice
from bot.engine.match import Match
from bot.engine.position import WinKind


def random_action(match: Match, rng: random.Random, *, end_early: bool = True) -> Action:
    """A random action the player to act may take now (sometimes a claim or abort by either player)."""
    player = match.to_act
    assert player is not None
    if end_early and rng.random() < 0.002:
        return Abort(rng.randint(0, 1))
    if end_early and rng.random() < 0.002:
        return Claim(1 - player)
    allowed = match.allowed(player)
    if Resign in allowed and end_early and rng.random() < 0.01:
        return Resign(player, rng.choice(list(WinKind)))
    if Roll in allowed:
        return Double(player) if rng.random() < 0.15 else Roll(player)
    if Take in allowed:
        choice = rng.random()
        if Beaver in allowed and choice < 0.2:
            return Beaver(player)
        return Take(player) if choice < 0.75 else Drop(player)
    if AcceptBeaver in allowed:
        return AcceptBeaver(player) if rng.random() < 0.6 else RefuseBeaver(player)
    if AcceptResignation in allowed:
        return AcceptResignation(player) if rng.random() < 0.5 else DeclineResignation(player)
    if Move in allowed:
        if rng.random() < 0.7:
            return Move(player, rng.choice(match.legal_plays()))
        if Undo in allowed and rng.random() < 0.2:
            return Undo(player)
        if Confirm in allowed:
            return Confirm(player)
        step = rng.choice(match.next_steps())
        return MoveChecker(player, step.start, step.end, step.die if rng.random() < 0.5 else None)
    raise AssertionError(f"Nothing to do for player {player} in {match.phase}: {allowed}")


class ScriptedDice:
    """The given dice in order, then (if `seed` is given) seeded random dice; tests check `remaining`."""

    def __init__(self, values: list[int], seed: int | None = None) -> None:
        self._values = list(values)
        self._rng = None if seed is None else random.Random(seed)

    def roll_die(self) -> int:
        if self._values:
            return self._values.pop(0)
        if self._rng is None:
            raise AssertionError("The script ran out of dice")
        return self._rng.randint(1, 6)

    @property
    def remaining(self) -> int:
        return len(self._values)
