"""The computer's cube and resignation decisions where the right answer is clear (issue 16), at the levels
without noise worth the name and at the weakest: these positions leave no room for doubt, even blurred."""

from __future__ import annotations

import random

import pytest

from bot.computer import LEVELS, choose_action
from bot.computer.decide import NothingToDoError, declined_this_game
from bot.engine import MatchOptions
from bot.engine.actions import (
    AcceptBeaver,
    AcceptResignation,
    Action,
    Beaver,
    DeclineResignation,
    Double,
    Drop,
    Move,
    Resign,
    Roll,
    Take,
)
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.position import WinKind
from tests.computer.positions import COMPUTER, HUMAN, NO_DICE, arranged

START = {24: 2, 13: 5, 8: 3, 6: 5}
LEVEL_NAMES = [level.name for level in LEVELS]
CLEAR_LEVELS = ["beginner", "advanced", "expert", "world-class"]


def decide(match: Match, level: str, dice: FixedDice = NO_DICE) -> tuple[Action, Match]:
    """The computer's action and the match after it: the engine accepts it, a legal action for the side the match
    waits for (`dice`: the rolls it draws)."""
    action = choose_action(match, level, random.Random(5))
    return action, match.apply(action, dice).match


@pytest.mark.parametrize("level", CLEAR_LEVELS)
def test_resigns_a_certain_gammon_loss(level: str) -> None:
    # R7.4: 15 checkers on its 13-point against the human's last checker: lost, and gammoned, whatever happens;
    # no checker in the human's home board and no contact, so no backgammon.
    match = arranged(MatchOptions.match(5), COMPUTER, {13: 15}, {1: 1})
    assert decide(match, level)[0] == Resign(COMPUTER, WinKind.GAMMON)


@pytest.mark.parametrize("level", CLEAR_LEVELS)
def test_answers_resignations_by_what_playing_on_is_worth(level: str) -> None:
    # The human is the one gammoned for sure: a single game offered is too little, a gammon is everything.
    single = arranged(MatchOptions.match(5), HUMAN, {13: 15}, {1: 1})
    single = single.apply(Resign(HUMAN, WinKind.SINGLE), NO_DICE).match
    assert decide(single, level)[0] == DeclineResignation(COMPUTER)
    gammon = arranged(MatchOptions.match(5), HUMAN, {13: 15}, {1: 1})
    gammon = gammon.apply(Resign(HUMAN, WinKind.GAMMON), NO_DICE).match
    action, gammon = decide(gammon, level, FixedDice([3, 1]))
    assert action == AcceptResignation(COMPUTER)
    assert gammon.scores == (0, 2) and gammon.game.number == 2


def test_does_not_offer_a_declined_resignation_again() -> None:
    # The human declines the gammon resignation (hoping for a backgammon that cannot come): the computer plays on.
    match = arranged(MatchOptions.match(5), COMPUTER, {13: 15}, {1: 1})
    action, match = decide(match, "expert")
    assert action == Resign(COMPUTER, WinKind.GAMMON)
    match = match.apply(DeclineResignation(HUMAN), NO_DICE).match
    assert declined_this_game(match, COMPUTER) == {WinKind.GAMMON}
    assert decide(match, "expert", FixedDice([2, 1]))[0] == Roll(COMPUTER)


@pytest.mark.parametrize("level", CLEAR_LEVELS)
def test_takes_at_double_match_point(level: str) -> None:
    # 4-4 in a 5-point match after the Crawford game: the cube is dead (R8.3), dropping loses the match.
    match = arranged(MatchOptions.match(5), HUMAN, START, START, scores=(4, 4), crawford_done=True)
    match = match.apply(Double(HUMAN), NO_DICE).match
    assert decide(match, level, FixedDice([3, 1]))[0] == Take(COMPUTER)


@pytest.mark.parametrize("level", CLEAR_LEVELS)
def test_never_doubles_a_dead_cube(level: str) -> None:
    match = arranged(MatchOptions.match(5), COMPUTER, {6: 3, 13: 2}, {1: 3, 2: 3}, scores=(4, 4), crawford_done=True)
    assert decide(match, level, FixedDice([3, 1]))[0] == Roll(COMPUTER)


@pytest.mark.parametrize("level", CLEAR_LEVELS)
def test_doubles_at_once_after_crawford_when_trailing(level: str) -> None:
    match = arranged(MatchOptions.match(5), COMPUTER, START, START, scores=(4, 2), crawford_done=True)
    assert decide(match, level)[0] == Double(COMPUTER)


@pytest.mark.parametrize("level", CLEAR_LEVELS)
def test_bear_off_race_double_and_drop(level: str) -> None:
    # Three checkers on 1, 2 and 3 against four on the 5- and 6-points: the side on roll wins unless the other
    # rolls 5-5 or 6-6 in time, about 95%: double, and the answer is a drop (money, no gammons possible).
    ahead = arranged(MatchOptions.money(), COMPUTER, {1: 1, 2: 1, 3: 1}, {5: 2, 6: 2})
    assert decide(ahead, level)[0] == Double(COMPUTER)
    behind = arranged(MatchOptions.money(), HUMAN, {1: 1, 2: 1, 3: 1}, {5: 2, 6: 2})
    behind = behind.apply(Double(HUMAN), NO_DICE).match
    action, behind = decide(behind, level)
    assert action == Drop(COMPUTER)
    assert behind.finished and behind.scores == (1, 0)


@pytest.mark.parametrize("level", CLEAR_LEVELS)
def test_beavers_a_double_at_the_start(level: str) -> None:
    # R6.4: doubling the opening position is a beaver for the side doubled (money, beavers on).
    match = arranged(MatchOptions.money(beavers=True), HUMAN, START, START)
    match = match.apply(Double(HUMAN), NO_DICE).match
    assert decide(match, level)[0] == Beaver(COMPUTER)


def test_accepts_a_beaver_of_its_own_reasonable_double() -> None:
    # The computer doubled in the bear-off race; a beaver there would be a blunder, but playing on at 4 still
    # beats giving up 2: the computer accepts it.
    match = arranged(MatchOptions.money(beavers=True), COMPUTER, {1: 1, 2: 1, 3: 1}, {5: 2, 6: 2})
    match = match.apply(Double(COMPUTER), NO_DICE).match
    match = match.apply(Beaver(HUMAN), NO_DICE).match
    action, match = decide(match, "expert", FixedDice([2, 1]))
    assert action == AcceptBeaver(COMPUTER)
    assert match.cube == 4 and match.cube_owner == HUMAN


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_plays_are_the_engines_own(level: str) -> None:
    match = arranged(MatchOptions.money(), COMPUTER, START, START)
    match = match.apply(Roll(COMPUTER), FixedDice([6, 4])).match
    legal = match.legal_plays()
    action = choose_action(match, level, random.Random(1))
    assert isinstance(action, Move) and action.play in legal


def test_world_class_out_of_time_plays_the_raw_nets_best() -> None:
    """Issue 36 item 4: with no time left, world-class's search stops before it begins and it plays the 1-ply
    best, expert's play; given time, its deeper search plays otherwise in this position (the reply to the
    opening 5-3 with 6-3: 24/18 13/10 at 3-ply, 24/15 at 1-ply)."""
    rng = random.Random(5)
    dice = FixedDice([rng.randint(1, 6) for _ in range(40)])
    match = Match.start(("Human", "Computer"), MatchOptions.money(), dice)
    match = match.apply(choose_action(match, "expert"), dice).match  # the opening 5-3: 8/3 6/3
    match = match.apply(Roll(COMPUTER), dice).match  # the computer's seat replies
    assert match.dice == (6, 3) and len(match.legal_plays()) > 1
    expert = choose_action(match, "expert")
    assert choose_action(match, "world-class") != expert
    assert choose_action(match, "world-class", seconds=0.0) == expert


def test_an_unknown_level_and_a_finished_match_are_refused() -> None:
    match = arranged(MatchOptions.money(), COMPUTER, START, START)
    with pytest.raises(ValueError, match="choose one of beginner, casual"):
        choose_action(match, "grandmaster")
    match = match.apply(Resign(COMPUTER), NO_DICE).match
    match = match.apply(AcceptResignation(HUMAN), NO_DICE).match
    with pytest.raises(NothingToDoError):
        choose_action(match, "expert")
