"""Scripted matches, one per rule of the game flow (R2, R6, R7, R8, R9), with fixed dice: whole matches and their
endings, resignations, claims, steps and refused actions. The doubling cube's own rules (doubles, beavers,
automatic doubles, Jacoby) have theirs in test_scripted_cube.py; tests/flow/scripted.py has what they share.
"""

from __future__ import annotations

import pytest

from bot.engine import events as ev
from bot.engine.actions import (
    Abort,
    AcceptResignation,
    ActionError,
    Claim,
    Confirm,
    DeclineResignation,
    Double,
    Drop,
    Move,
    MoveChecker,
    Resign,
    Roll,
    Take,
    Undo,
)
from bot.engine.game import Phase
from bot.engine.match_id import GameState
from bot.engine.options import MatchOptions
from bot.engine.outcome import Outcome, OutcomeKind
from bot.engine.play import Play
from bot.engine.position import WinKind
from tests.flow.scripted import ALICE, BOB, assert_replays, move_first, refused, set_up, start


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
