"""The Timeout action (issue 20): the player whose clock ran out loses like a claim against them (R9.5), and the
log replays to the same end."""

from __future__ import annotations

import pytest

from bot.engine.actions import ActionError, Double, Move, Take, Timeout
from bot.engine.dice import FixedDice
from bot.engine.events import GameWon, MatchWon, TimedOut
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.engine.outcome import OutcomeKind


def test_a_timeout_loses_the_whole_match_whatever_the_score() -> None:
    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(7), dice)
    assert match.to_act == 0
    with pytest.raises(ActionError, match="Only the player who must act"):
        match = match.apply(Timeout(1), dice).match
    match, events = match.apply(Timeout(0), dice)
    assert events[0] == TimedOut(0)
    won = next(e for e in events if isinstance(e, GameWon))
    assert won.outcome.kind is OutcomeKind.TIMEOUT and won.outcome.winner == 1 and won.outcome.points == 7
    assert MatchWon(1, (0, 7)) in events and match.finished and match.winner == 1
    assert Match.replay(match.log).snapshot() == match.snapshot()


def test_a_money_game_timeout_is_the_game_at_the_cube() -> None:
    dice = FixedDice([3, 1, 2, 2])
    match = Match.start(("Alice", "Bob"), MatchOptions.money(), dice)
    match = match.apply(Move(0, match.legal_plays()[0]), dice).match
    match = match.apply(Double(1), dice).match
    match = match.apply(Take(0), dice).match
    assert match.cube == 2 and match.to_act == 1
    match, events = match.apply(Timeout(1), dice)
    won = next(e for e in events if isinstance(e, GameWon))
    assert won.outcome.points == 2 and match.scores == (2, 0)
    assert Match.replay(match.log).snapshot() == match.snapshot()
