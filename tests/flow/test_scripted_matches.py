"""Scripted matches, one per rule of the game flow (R2, R6, R7, R8, R9), with fixed dice.

Alice is player 0 and Bob player 1. An opening pair (a, b) is Alice's die then Bob's (R2.1).
"""

from __future__ import annotations

import dataclasses

import pytest

from bot.engine import events as ev
from bot.engine.actions import (
    Abort,
    AcceptBeaver,
    AcceptResignation,
    Action,
    ActionError,
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
from bot.engine.dice import DiceSource, FixedDice
from bot.engine.game import Phase
from bot.engine.match import Applied, Match
from bot.engine.match_id import GameState
from bot.engine.options import MatchOptions
from bot.engine.outcome import Outcome, OutcomeKind
from bot.engine.play import Play
from bot.engine.position import Position, WinKind
from tests.flow.driver import ScriptedDice

ALICE, BOB = 0, 1
NAMES = ("Alice", "Bob")


def start(options: MatchOptions, dice: list[int]) -> tuple[Match, ScriptedDice]:
    source = ScriptedDice(dice)
    return Match.start(NAMES, options, source), source


def move_first(match: Match, dice: DiceSource, player: int) -> Applied:
    """Play the first legal play listed (the scripts care about the cube and the score, not the checkers)."""
    assert match.phase is Phase.MOVING and match.to_act == player
    return match.apply(Move(player, match.legal_plays()[0]), dice)


def refused(match: Match, action: Action, message: str) -> None:
    """The action raises ActionError with that message, before it draws any dice, and changes nothing."""
    before = match.snapshot()
    with pytest.raises(ActionError) as error:
        match.apply(action, FixedDice(()))
    assert str(error.value) == message
    assert match.snapshot() == before


def assert_replays(match: Match) -> None:
    again = Match.replay(match.log)
    assert again.snapshot() == match.snapshot()
    assert again.match_id() == match.match_id()


def set_up(
    match: Match, alice: dict[int, int], bob: dict[int, int], *, cube: int = 1, owner: int | None = None
) -> Match:
    """The match with its current game at Alice's turn, before her roll, in a chosen position (for endings).

    `bob` is in Bob's own numbering: his 6-point is Alice's 19, his 20-point is in Alice's home board.
    """
    game = dataclasses.replace(
        match.game,
        position=Position.from_points(alice, bob),  # each side in its own numbering
        on_roll=ALICE,
        cube=cube,
        cube_owner=owner,
        dice=None,
        steps=(),
        phase=Phase.ROLLING,
    )
    assert game.may_double(ALICE)
    return dataclasses.replace(match, game=game)


def test_one_point_match() -> None:
    match, dice = start(MatchOptions.match(1), [6, 1, 3, 2])
    events = match.last_events
    assert events[:2] == [ev.GameStarted(1, False), ev.OpeningRolled(((6, 1),), ALICE)]
    assert (match.to_act, match.dice, match.phase) == (ALICE, (6, 1), Phase.MOVING)
    match, events = move_first(match, dice, ALICE)
    # One point wins the match, so the cube is dead for both: nobody may double, Bob's roll is made at once (R6.1,
    # R9.4).
    assert ev.Rolled(BOB, (3, 2), automatic=True) in events
    assert (match.to_act, match.dice, match.phase) == (BOB, (3, 2), Phase.MOVING)
    refused(match, Double(BOB), "You can only double before you roll.")
    match, events = match.apply(Resign(BOB, WinKind.SINGLE), dice)
    assert events == [ev.ResignationOffered(BOB, WinKind.SINGLE, 1)]
    match, events = match.apply(AcceptResignation(ALICE), dice)
    assert events == [
        ev.ResignationAccepted(ALICE),
        ev.GameWon(1, Outcome(ALICE, OutcomeKind.RESIGNED, 1, 1), (1, 0)),
        ev.MatchWon(ALICE, (1, 0)),
    ]
    assert match.finished and match.winner == ALICE and match.scores == (1, 0) and match.to_act is None
    assert dice.remaining == 0
    refused(match, Roll(BOB), "The match is over.")
    assert_replays(match)


def test_three_point_match_through_crawford_into_post_crawford() -> None:
    match, dice = start(MatchOptions.match(3), [6, 1, 1, 6, 5, 2, 4, 2, 6, 5, 3, 1, 4, 3, 2, 1, 5, 5, 2, 2])
    # Game 1: Bob doubles, Alice drops: Bob 1-0 (R6.2).
    match = move_first(match, dice, ALICE).match
    match = match.apply(Double(BOB), dice).match
    refused(match, Roll(BOB), "Alice must answer the double first.")
    refused(match, Roll(ALICE), "Answer the double first: take or drop.")
    match, events = match.apply(Drop(ALICE), dice)
    assert events[:3] == [
        ev.Dropped(ALICE),
        ev.GameWon(1, Outcome(BOB, OutcomeKind.DROPPED, 1, 1), (0, 1)),
        ev.GameStarted(2, False),
    ]
    # Game 2: Alice resigns a single game: Bob 2-0, one point from the match.
    assert match.to_act == BOB
    match = move_first(match, dice, BOB).match
    match = match.apply(Resign(ALICE, WinKind.SINGLE), dice).match
    match, events = match.apply(AcceptResignation(BOB), dice)
    assert ev.GameStarted(3, True) in events and match.crawford and match.scores == (0, 2)
    # Game 3, the Crawford game: nobody may double, so every roll is made at once (R8.3, R9.4).
    match = move_first(match, dice, ALICE).match
    assert match.phase is Phase.MOVING and match.to_act == BOB and match.dice == (4, 2)
    assert match.last_events[-1] == ev.Rolled(BOB, (4, 2), True)
    refused(match, Double(BOB), "No doubling in the Crawford game.")
    refused(match, Double(ALICE), "No doubling in the Crawford game.")
    assert Double not in match.allowed(BOB) and Roll not in match.allowed(BOB)
    match = move_first(match, dice, BOB).match
    match = move_first(match, dice, ALICE).match
    assert match.dice == (3, 1) and match.to_act == BOB
    match = match.apply(Resign(BOB, WinKind.SINGLE), dice).match
    match, events = match.apply(AcceptResignation(ALICE), dice)
    assert ev.GameStarted(4, False) in events and not match.crawford and match.scores == (1, 2)
    # Game 4, post-Crawford: doubling is back for Alice. Bob needs one point, so his cube is dead and his rolls are
    # made at once (R6.1, R9.4). Alice doubles, Bob takes; Bob resigns at cube 2: Alice wins 3-2.
    match, events = move_first(match, dice, ALICE)
    assert match.phase is Phase.MOVING and match.to_act == BOB and Double not in match.allowed(BOB)
    assert isinstance(events[-1], ev.Rolled) and events[-1].player == BOB and events[-1].automatic
    match = move_first(match, dice, BOB).match
    assert match.phase is Phase.ROLLING and match.to_act == ALICE
    match = match.apply(Double(ALICE), dice).match
    match, events = match.apply(Take(BOB), dice)
    assert events == [ev.Taken(BOB, 2), ev.Rolled(ALICE, (5, 5), True)]
    match, events = move_first(match, dice, ALICE)
    assert events[-1] == ev.Rolled(BOB, (2, 2), True)  # Bob owns the cube, but it is dead for him (R6.1)
    match = match.apply(Resign(BOB, WinKind.SINGLE), dice).match
    match, events = match.apply(AcceptResignation(ALICE), dice)
    assert events[-2:] == [
        ev.GameWon(4, Outcome(ALICE, OutcomeKind.RESIGNED, 2, 2), (3, 2)),
        ev.MatchWon(ALICE, (3, 2)),
    ]
    assert match.finished and match.winner == ALICE and dice.remaining == 0
    assert [outcome.winner for outcome in match.outcomes] == [BOB, BOB, ALICE, ALICE]
    assert_replays(match)


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


@pytest.mark.parametrize(
    ("bob", "kind", "points"),
    [
        ({6: 14}, OutcomeKind.SINGLE, 4),  # Bob has borne off one checker
        ({6: 15}, OutcomeKind.GAMMON, 8),
        ({6: 14, 20: 1}, OutcomeKind.BACKGAMMON, 12),  # a checker in Alice's home board (R7.2)
        ({6: 14, 25: 1}, OutcomeKind.BACKGAMMON, 12),  # a checker on the bar
    ],
)
def test_single_gammon_and_backgammon_with_the_cube_at_4(bob: dict[int, int], kind: OutcomeKind, points: int) -> None:
    match, dice = start(MatchOptions.match(15), [6, 1, 2, 1, 4, 2])
    match = set_up(match, {1: 1}, bob, cube=4, owner=ALICE)
    match, events = match.apply(Roll(ALICE), dice)
    # 2-1 with one checker on the 1-point: the only play bears it off, made for Alice (R9.3).
    assert events[0] == ev.Rolled(ALICE, (2, 1), False)
    assert isinstance(events[1], ev.Played) and events[1].automatic and str(events[1].play) == "1/off"
    assert match.outcomes == (Outcome(ALICE, kind, points, 4),)
    assert match.scores == (points, 0) and dice.remaining == 0


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


def test_resignation_declined_then_accepted() -> None:
    match, dice = start(MatchOptions.match(7), [3, 1, 5, 1])
    play = match.legal_plays()[0]
    match, events = match.apply(Resign(ALICE, WinKind.GAMMON), dice)
    assert events == [ev.ResignationOffered(ALICE, WinKind.GAMMON, 2)]
    refused(match, Move(ALICE, play), "Bob must answer the resignation first.")
    refused(match, AcceptResignation(ALICE), "Bob must answer your resignation.")
    match, events = match.apply(DeclineResignation(BOB), dice)
    assert events == [ev.ResignationDeclined(BOB)]
    assert match.phase is Phase.MOVING and match.to_act == ALICE and match.dice == (3, 1)  # play goes on
    match = move_first(match, dice, ALICE).match
    match = match.apply(Resign(ALICE, WinKind.BACKGAMMON), dice).match
    match, events = match.apply(AcceptResignation(BOB), dice)
    assert events[1] == ev.GameWon(1, Outcome(BOB, OutcomeKind.RESIGNED, 3, 1), (0, 3))
    assert match.match_id_fields().scores == (0, 3)
    assert_replays(match)


def test_resignation_under_jacoby_counts_single() -> None:
    match, dice = start(MatchOptions.money(), [3, 1])
    match, events = match.apply(Resign(BOB, WinKind.GAMMON), dice)
    assert events == [ev.ResignationOffered(BOB, WinKind.GAMMON, 1)]


def test_timeout_claim_wins_the_match() -> None:
    match, dice = start(MatchOptions.match(5), [3, 1])
    refused(match, Claim(ALICE), "It is your turn: you cannot claim against yourself.")
    assert Claim in match.allowed(BOB) and Claim not in match.allowed(ALICE)
    match, events = match.apply(Claim(BOB), dice)
    assert events == [
        ev.Claimed(BOB),
        ev.GameWon(1, Outcome(BOB, OutcomeKind.CLAIMED, 5, 1), (0, 5)),
        ev.MatchWon(BOB, (0, 5)),
    ]
    assert match.finished and match.winner == BOB
    assert_replays(match)


def test_timeout_claim_in_a_money_game_wins_the_cube_value() -> None:
    match, dice = start(MatchOptions.money(), [3, 1, 6, 2])
    match = move_first(match, dice, ALICE).match
    match = match.apply(Double(BOB), dice).match
    match = match.apply(Take(ALICE), dice).match
    match, events = match.apply(Claim(ALICE), dice)  # Bob, rolled for, does not move in time
    assert events[1] == ev.GameWon(1, Outcome(ALICE, OutcomeKind.CLAIMED, 2, 2), (2, 0))


def test_abort_ends_without_a_result() -> None:
    match, dice = start(MatchOptions.match(3), [3, 1])
    match, events = match.apply(Abort(BOB), dice)
    assert events == [ev.MatchAborted(BOB)]
    assert match.finished and match.aborted and match.winner is None and match.scores == (0, 0)
    assert match.to_act is None and match.allowed(ALICE) == frozenset()
    refused(match, Move(ALICE, Play(())), "The match is over.")
    assert_replays(match)


def test_steps_undo_and_confirm() -> None:
    match, dice = start(MatchOptions.match(3), [3, 1])
    refused(match, Confirm(ALICE), "Your move is not finished: play as many of your dice as you can.")
    refused(match, Undo(ALICE), "There is no step to undo.")
    refused(match, MoveChecker(ALICE, 8, 2), "8/2 is not a legal step with what is left of 3-1.")
    match, [step] = match.apply(MoveChecker(ALICE, 8, 5), dice)
    assert isinstance(step, ev.StepMoved) and step.step.die == 3
    assert match.board(ALICE).mover[5] == 1 and match.board(BOB).opponent[5] == 1  # the board shows the step
    match, events = match.apply(Undo(ALICE), dice)
    assert events == [ev.StepUndone(ALICE, step.step)]
    match = match.apply(MoveChecker(ALICE, 8, 5), dice).match
    match = match.apply(MoveChecker(ALICE, 6, 5), dice).match
    assert Confirm in match.allowed(ALICE) and MoveChecker not in match.allowed(ALICE)
    match, events = match.apply(Confirm(ALICE), dice)
    assert isinstance(events[0], ev.Played) and str(events[0].play) == "8/5 6/5" and not events[0].automatic
    assert match.last_play is not None and match.last_play.player == ALICE
    assert match.to_act == BOB and match.steps == ()
    assert_replays(match)


def test_typed_play_and_illegal_play() -> None:
    match, dice = start(MatchOptions.match(3), [3, 1])
    play = match.parse_play("8/5 6/5")
    with pytest.raises(ActionError):
        match.parse_play("24/18")
    match, events = match.apply(Move(ALICE, play), dice)
    assert events[0] == ev.Played(ALICE, (3, 1), play, False)


def test_impossible_roll_is_played_for_the_player() -> None:
    match, dice = start(MatchOptions.match(3), [3, 1, 6, 5])
    # Alice has a checker on the bar against Bob's closed home board (Bob's points 1..6 are Alice's 19..24).
    match = set_up(match, {25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    match, events = match.apply(Roll(ALICE), dice)
    assert events == [ev.Rolled(ALICE, (6, 5), False), ev.Played(ALICE, (6, 5), Play(()), True)]
    assert match.to_act == BOB and match.phase is Phase.ROLLING


def test_wrong_player_and_wrong_time() -> None:
    match, dice = start(MatchOptions.match(3), [3, 1])
    refused(match, Double(ALICE), "You can only double before you roll.")
    refused(match, Roll(ALICE), "You have already rolled.")
    refused(match, Move(BOB, Play(())), "It is Alice's turn.")
    refused(match, Take(BOB), "There is no double to answer.")
    refused(match, AcceptResignation(BOB), "There is no resignation to answer.")
    refused(match, Roll(2), "Only the two players of this match can act in it.")
    match = move_first(match, dice, ALICE).match
    refused(match, Move(BOB, Play(())), "Roll the dice first.")
    match = match.apply(Double(BOB), dice).match
    refused(match, Take(BOB), "Alice must answer your double.")
    refused(match, Resign(BOB, WinKind.SINGLE), "Alice must answer the double first.")
    refused(match, Resign(ALICE, WinKind.SINGLE), "Answer the double first: dropping it gives up the game.")


def test_match_id_follows_the_state() -> None:
    match, dice = start(MatchOptions.money(), [3, 1, 5, 2])
    fields = match.match_id_fields()
    assert (fields.on_roll, fields.turn, fields.dice, fields.cube_owner, fields.jacoby) == (
        ALICE,
        ALICE,
        (3, 1),
        None,
        True,
    )
    match = move_first(match, dice, ALICE).match
    match = match.apply(Double(BOB), dice).match
    fields = match.match_id_fields()
    assert (fields.on_roll, fields.turn, fields.doubled, fields.cube, fields.dice) == (BOB, ALICE, True, 1, (0, 0))
    match = match.apply(Take(ALICE), dice).match
    fields = match.match_id_fields()
    assert (fields.cube, fields.cube_owner, fields.doubled, fields.dice) == (2, ALICE, False, (5, 2))
    match = match.apply(Resign(ALICE, WinKind.GAMMON), dice).match
    fields = match.match_id_fields()
    assert (fields.resigned, fields.turn, fields.on_roll) == (2, BOB, BOB)
    match = match.apply(DeclineResignation(BOB), dice).match
    match = move_first(match, dice, BOB).match
    match = match.apply(Double(ALICE), dice).match
    match = match.apply(Drop(BOB), dice).match
    fields = match.match_id_fields()
    # As gnubg shows a dropped game (issue 22): the game added to the score, the dropper to decide, no dice.
    assert (fields.state, fields.scores, fields.cube, fields.turn, fields.dice) == (
        GameState.DROPPED,
        (2, 0),
        2,
        BOB,
        (0, 0),
    )
    assert match.scores == (2, 0)


def test_crawford_flag_in_the_match_id() -> None:
    match, dice = start(MatchOptions.match(2), [3, 1, 4, 2])
    match = match.apply(Resign(BOB, WinKind.SINGLE), dice).match
    match = match.apply(AcceptResignation(ALICE), dice).match
    fields = match.match_id_fields()
    assert fields.crawford and fields.scores == (1, 0) and fields.length == 2 and fields.on_roll == ALICE
