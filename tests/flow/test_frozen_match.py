"""A match is a frozen value: applying an action gives the next match and its events, draws only the dice it
needs from the source given, and leaves the match it was applied to, and its game, as they were."""

from __future__ import annotations

import dataclasses

import pytest

from bot.engine import Applied, FixedDice, Match, MatchOptions
from bot.engine import events as ev
from bot.engine.actions import Double, Move, Roll, Take
from bot.engine.dice import DiceExhaustedError
from bot.engine.game import Phase
from bot.engine.match_log import LogEntry


def opening() -> Match:
    """Alice (0) opens 3-1 in a 3-point match: she is to move."""
    return Match.start(("Alice", "Bob"), MatchOptions.match(3), FixedDice([3, 1]))


def test_apply_gives_the_next_match_and_leaves_the_given_one() -> None:
    match = opening()
    before = match.snapshot()
    applied = match.apply(Move(0, match.parse_play("8/5 6/5")), FixedDice(()))
    assert isinstance(applied, Applied) and applied.match is not match
    after, events = applied
    assert [type(event) for event in events] == [ev.Played]
    assert match.snapshot() == before and match.to_act == 0 and match.log.entries == ()
    assert after.to_act == 1 and after.phase is Phase.ROLLING
    assert after.log.entries == (LogEntry(Move(0, match.parse_play("8/5 6/5")), ()),)
    assert after.last_events == events and match.last_events != events


def test_the_rolls_come_from_the_source_given_and_are_logged_with_the_action() -> None:
    match = opening()
    match = match.apply(Move(0, match.parse_play("8/5 6/5")), FixedDice(())).match
    dice = FixedDice([6, 5, 4, 2])
    rolled, events = match.apply(Roll(1), dice)
    assert events[0] == ev.Rolled(1, (6, 5), False) and dice.remaining == 2
    assert rolled.log.entries[-1].dice == (6, 5) and rolled.dice_drawn == 4  # the opening's two, then these
    with pytest.raises(DiceExhaustedError):
        match.apply(Roll(1), FixedDice([6]))
    assert match.dice is None and match.log == Match.replay(match.log).log  # a failed roll changed nothing


def test_one_match_may_go_two_ways() -> None:
    """A cached match and every record handed out may share one value: each action on it starts from it."""
    match = opening()
    match = match.apply(Move(0, match.parse_play("8/5 6/5")), FixedDice(())).match
    rolled = match.apply(Roll(1), FixedDice([6, 5])).match
    doubled = match.apply(Double(1), FixedDice(())).match
    taken = doubled.apply(Take(0), FixedDice([4, 2])).match
    assert (rolled.dice, rolled.cube) == ((6, 5), 1)
    assert (doubled.phase, doubled.game.offered) == (Phase.DOUBLED, 2)
    assert (taken.dice, taken.cube, taken.cube_owner) == ((4, 2), 2, 0)
    assert match.phase is Phase.ROLLING and match.cube == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        match.finished = True  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        match.game.cube = 2  # type: ignore[misc]
