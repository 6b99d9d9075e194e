"""Scripted matches of the doubling cube's rules (R6), with fixed dice: doubles and redoubles, beavers, automatic
doubles and the Jacoby rule (tests/flow/scripted.py has what the scripts share)."""

from __future__ import annotations

import dataclasses

import pytest

from bot.engine import events as ev
from bot.engine.actions import AcceptBeaver, AcceptResignation, Beaver, Double, Drop, RefuseBeaver, Resign, Roll, Take
from bot.engine.game import Phase
from bot.engine.options import MatchOptions
from bot.engine.outcome import Outcome, OutcomeKind
from bot.engine.position import WinKind
from tests.flow.scripted import ALICE, BOB, assert_replays, move_first, refused, set_up, start


def test_double_taken_then_redouble_dropped_pays_the_pre_redouble_value() -> None:
    match, dice = start(MatchOptions.match(5), [3, 1, 6, 4, 2, 5])
    match = move_first(match, dice, ALICE).match
    refused(match, Roll(ALICE), "It is Bob's turn.")
    match = match.apply(Double(BOB), dice).match
    refused(match, Double(ALICE), "Answer the double first: take or drop.")
    match, events = match.apply(Take(ALICE), dice)
    assert events == [ev.Taken(ALICE, 2), ev.Rolled(BOB, (6, 4), True)]  # Bob can no longer double: rolled at once
    assert (match.cube, match.cube_owner) == (2, ALICE)
    refused(match, Double(BOB), "Alice owns the cube.")
    match = move_first(match, dice, BOB).match
    assert match.phase is Phase.ROLLING and match.to_act == ALICE
    match, events = match.apply(Double(ALICE), dice)
    assert events == [ev.Doubled(ALICE, 4)]
    match, events = match.apply(Drop(BOB), dice)
    assert events[1] == ev.GameWon(1, Outcome(ALICE, OutcomeKind.DROPPED, 2, 2), (2, 0))
    assert match.scores == (2, 0) and not match.finished and dice.remaining == 0
    assert (match.cube, match.cube_owner) == (1, None)  # the next game starts with the cube in the middle (R1.2)


@pytest.mark.parametrize(("double_taken", "points"), [(False, 1), (True, 4)])
def test_jacoby_money_game_gammon(double_taken: bool, points: int) -> None:
    match, dice = start(MatchOptions.money(jacoby=True), [6, 1, 2, 1])
    match = set_up(match, {1: 1}, {6: 15})
    if double_taken:
        match = match.apply(Double(ALICE), dice).match
        match = match.apply(
            Take(BOB), dice
        ).match  # Alice is rolled for at once, bears off, wins a gammon at cube 2: Jacoby is off
    else:
        match = match.apply(Roll(ALICE), dice).match
    assert match.outcomes == (Outcome(ALICE, OutcomeKind.GAMMON, points, 2 if double_taken else 1),)
    assert match.finished and match.winner == ALICE and match.scores == (points, 0)  # a money game is one game


def test_jacoby_ignores_automatic_doubles() -> None:
    match, dice = start(MatchOptions.money(automatic_doubles=True), [4, 4, 6, 1, 2, 1])
    assert match.cube == 2 and match.cube_owner is None
    match = set_up(match, {1: 1}, {6: 15}, cube=2)
    match = match.apply(Roll(ALICE), dice).match
    assert match.outcomes == (Outcome(ALICE, OutcomeKind.GAMMON, 2, 2),)  # gammon counts single, times the cube


def test_beaver_accepted() -> None:
    match, dice = start(MatchOptions.money(beavers=True), [3, 1, 5, 2])
    match = move_first(match, dice, ALICE).match
    match = match.apply(Double(BOB), dice).match
    assert Beaver in match.allowed(ALICE)
    match, events = match.apply(Beaver(ALICE), dice)
    assert events == [ev.Beavered(ALICE, 4)]
    refused(match, Take(ALICE), "Bob must answer the beaver first.")
    refused(match, Roll(ALICE), "Bob must answer the beaver first.")
    refused(match, RefuseBeaver(ALICE), "Bob must answer your beaver.")
    assert match.allowed(BOB) >= {AcceptBeaver, RefuseBeaver}
    match, events = match.apply(AcceptBeaver(BOB), dice)
    assert events == [ev.BeaverAccepted(BOB, 4), ev.Rolled(BOB, (5, 2), True)]
    assert (match.cube, match.cube_owner, match.to_act) == (4, ALICE, BOB)
    assert match.game.double_accepted and dice.remaining == 0
    assert_replays(match)


def test_beaver_refused_loses_the_value_before_the_beaver() -> None:
    match, dice = start(MatchOptions.money(beavers=True), [3, 1])
    match = move_first(match, dice, ALICE).match
    match = match.apply(Double(BOB), dice).match
    match = match.apply(Beaver(ALICE), dice).match
    match, events = match.apply(RefuseBeaver(BOB), dice)
    assert events == [
        ev.BeaverRefused(BOB),
        ev.GameWon(1, Outcome(ALICE, OutcomeKind.DROPPED, 2, 2), (2, 0)),
        ev.MatchWon(ALICE, (2, 0)),
    ]


def test_beaver_needs_the_option() -> None:
    match, dice = start(MatchOptions.money(), [3, 1])
    match = move_first(match, dice, ALICE).match
    match = match.apply(Double(BOB), dice).match
    assert Beaver not in match.allowed(ALICE)
    refused(match, Beaver(ALICE), "Beavers are not allowed in this game.")


def test_a_beaver_stops_at_the_cubes_limit() -> None:
    """A beaver doubles the cube like a double (R6.4), so it stops where doubles do: at 32768, the most a Match ID
    can hold. A casual computer once beavered a 32768 double, and the game's end then failed to encode."""
    match, dice = start(MatchOptions.money(beavers=True), [3, 1])
    match = move_first(match, dice, ALICE).match
    match = dataclasses.replace(match, game=dataclasses.replace(match.game, cube=1 << 14, cube_owner=BOB))
    match = match.apply(Double(BOB), dice).match  # to 32768, the limit
    assert Beaver not in match.allowed(ALICE) and Take in match.allowed(ALICE)
    refused(match, Beaver(ALICE), "The cube cannot go past 32768: take or drop.")
    match, events = match.apply(Drop(ALICE), dice)
    assert events[1:] == [
        ev.GameWon(1, Outcome(BOB, OutcomeKind.DROPPED, 1 << 14, 1 << 14), (0, 1 << 14)),
        ev.MatchWon(BOB, (0, 1 << 14)),
    ]

    match, dice = start(MatchOptions.money(beavers=True), [3, 1, 5, 2])
    match = move_first(match, dice, ALICE).match
    match = dataclasses.replace(match, game=dataclasses.replace(match.game, cube=1 << 13, cube_owner=BOB))
    match = match.apply(Double(BOB), dice).match
    match, events = match.apply(Beaver(ALICE), dice)
    assert events == [ev.Beavered(ALICE, 1 << 15)]  # up to the limit: allowed
    match = match.apply(AcceptBeaver(BOB), dice).match
    assert (match.cube, match.cube_owner) == (1 << 15, ALICE)
    assert not match.game.may_double(ALICE)  # nothing past it either
    match = match.apply(Resign(BOB, WinKind.SINGLE), dice).match
    match, events = match.apply(AcceptResignation(ALICE), dice)
    [won] = [event for event in events if isinstance(event, ev.GameWon)]
    assert won.outcome.points == 1 << 15 and won.gnubg_id.endswith(":" + match.match_id())  # the end encodes


@pytest.mark.parametrize(("limit", "cube"), [(1, 2), (3, 8)])
def test_automatic_doubles_up_to_the_limit(limit: int, cube: int) -> None:
    options = MatchOptions.money(automatic_doubles=True, automatic_double_limit=limit)
    match, dice = start(options, [3, 3, 5, 5, 2, 2, 6, 6, 1, 4])  # four ties, then Bob wins the opening
    assert match.last_events[1] == ev.OpeningRolled(((3, 3), (5, 5), (2, 2), (6, 6), (1, 4)), BOB)
    assert [e.cube for e in match.last_events if isinstance(e, ev.AutomaticDouble)] == [2, 4, 8][:limit]
    assert (match.cube, match.cube_owner, match.dice, match.to_act) == (cube, None, (4, 1), BOB)
    assert dice.remaining == 0
    assert_replays(match)


def test_ties_do_not_double_without_the_option() -> None:
    match, _ = start(MatchOptions.money(), [2, 2, 1, 5])
    assert match.cube == 1 and match.last_events[1] == ev.OpeningRolled(((2, 2), (1, 5)), BOB)
