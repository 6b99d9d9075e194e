"""A computer level against a player that picks uniformly among the legal plays and never doubles (issue 16).

Shared by the slow strength test and bench/bench_computer.py. The random player takes every double (it never
gives a game away) and accepts every resignation offered to it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.computer import choose_action
from bot.engine import Match, MatchOptions
from bot.engine.actions import AcceptBeaver, AcceptResignation, Action, DeclineResignation, Move, Roll, Take
from bot.engine.dice import DiceSource, SeededDice


def random_player_action(match: Match, player: int, rng: random.Random) -> Action:
    allowed = match.allowed(player)
    if Roll in allowed:
        return Roll(player)
    if Take in allowed:
        return Take(player)
    if AcceptBeaver in allowed:
        return AcceptBeaver(player)
    if AcceptResignation in allowed:
        return AcceptResignation(player)
    if Move in allowed:
        return Move(player, rng.choice(match.legal_plays()))
    if DeclineResignation in allowed:
        return DeclineResignation(player)
    raise AssertionError(f"the random player has nothing to do: {sorted(a.__name__ for a in allowed)}")


@dataclass(frozen=True, slots=True)
class GameResult:
    computer_won: bool
    points: int  # for the computer (negative when it lost)
    actions: int


def play_money_game(level: str, seed: int, dice: DiceSource | None = None) -> GameResult:
    """One money game (Jacoby on): the computer is player 1, the random player 0."""
    rng = random.Random(seed)
    source = dice or SeededDice(seed)
    match = Match.start(("Random", "Computer"), MatchOptions.money(), source)
    actions = 0
    while not match.finished:
        player = match.to_act
        assert player is not None
        action = choose_action(match, level, rng) if player == 1 else random_player_action(match, player, rng)
        match = match.apply(action, source).match
        actions += 1
    outcome = match.outcomes[-1]
    sign = 1 if outcome.winner == 1 else -1
    return GameResult(outcome.winner == 1, sign * outcome.points, actions)
