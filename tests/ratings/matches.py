"""Real engine matches with chosen results, made quickly: the loser of each game resigns it (R7.4)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.actions import Abort, AcceptResignation, Move, Resign, Roll
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.engine.position import WinKind


class ThreeOne:
    """Dice that roll 3-1 every time (every action draws whole rolls, so one source serves every match)."""

    def __init__(self) -> None:
        self._drawn = 0

    def roll_die(self) -> int:
        self._drawn += 1
        return 3 if self._drawn % 2 else 1


THREE_ONE = ThreeOne()


def new_match(length: int, names: tuple[str, str] = ("Alice", "Bob")) -> Match:
    """Every roll is 3-1 (`THREE_ONE`), so player 0 wins each opening roll (R2.1). Length 0 is a money game."""
    options = MatchOptions.match(length) if length else MatchOptions.money()
    return Match.start(names, options, THREE_ONE)


def resign_game(match: Match, winner: int, kind: WinKind = WinKind.SINGLE) -> Match:
    """Play on until the loser is to act, then the loser resigns `kind` and the winner accepts."""
    loser = 1 - winner
    number = len(match.outcomes)
    while len(match.outcomes) == number:
        player = match.to_act
        assert player is not None
        allowed = match.allowed(player)
        if player == loser and Resign in allowed:
            match = match.apply(Resign(loser, kind), THREE_ONE).match
            match = match.apply(AcceptResignation(winner), THREE_ONE).match
        elif Roll in allowed:
            match = match.apply(Roll(player), THREE_ONE).match
        else:
            match = match.apply(Move(player, match.legal_plays()[0]), THREE_ONE).match
    return match


def resigned_match(length: int, games: Sequence[int]) -> Match:
    """A finished match whose games are won, in order, by the given players (0 or 1), each a single game."""
    match = new_match(length)
    for winner in games:
        match = resign_game(match, winner)
    assert match.finished, f"the games {list(games)} do not finish a {length}-point match"
    return match


def won_match(length: int, winner: int) -> Match:
    """`winner` wins every game of the match (one money game for length 0)."""
    return resigned_match(length, [winner] * max(length, 1))


def aborted_match(length: int) -> Match:
    match = new_match(length)
    return match.apply(Abort(1), THREE_ONE).match
