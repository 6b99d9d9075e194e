"""The renderer's input built from a live match, and the picture drawn off the event loop."""

from __future__ import annotations

from bot.engine import actions
from bot.engine.dice import FixedDice
from bot.engine.events import GameWon, Played, Rolled
from bot.engine.match import Match
from bot.engine.match_id import GameState, MatchIdFields
from bot.engine.options import MatchOptions
from bot.engine.outcome import Outcome, OutcomeKind
from bot.engine.play import Play, Step
from bot.engine.position import Position, WinKind
from cogs.ui.board_picture import (
    board_state,
    draw_board,
    final_state,
    last_play,
    perspective,
    render_match,
    winning_steps,
)
from render import board


def new_match() -> tuple[Match, FixedDice]:
    """Alice to play her opening 3-1, and the dice of what follows."""
    dice = FixedDice([3, 1, 6, 5])
    return Match.start(("Alice", "Bob"), MatchOptions.match(5), dice), dice


def test_state_shows_the_steps_entered_and_the_dice_used() -> None:
    match, dice = new_match()
    match = match.apply(actions.MoveChecker(0, 8, 5), dice).match
    state = board_state(match)
    assert state.on_roll == 0 and state.dice == (3, 1) and state.used_dice == (3,)
    expected = Position.from_points({24: 2, 13: 5, 8: 2, 6: 5, 5: 1}, {24: 2, 13: 5, 8: 3, 6: 5})
    assert state.position == expected
    assert state.names == ("Alice", "Bob") and state.match_length == 5 and state.scores == (0, 0)
    assert perspective(match) == 0 and perspective(match, viewer=1) == 1


def test_last_play_is_the_previous_turn_of_the_other_player() -> None:
    match, dice = new_match()
    assert last_play(match) is None
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    assert match.to_act == 1
    played = last_play(match)
    assert played is not None and str(played) == "8/5 6/5"


async def test_draw_board_returns_a_png() -> None:
    png = await draw_board(new_match()[0])
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) < 10 * 1024 * 1024


def test_final_state_of_a_game_ended_by_a_play_shows_the_play_made() -> None:
    match, dice = new_match()
    play = Play((Step(8, 5, 3), Step(6, 5, 1)))
    events = [Played(0, (3, 1), play, automatic=False), GameWon(1, Outcome(0, OutcomeKind.SINGLE, 1, 1), (1, 0))]
    state = final_state(match, events)
    assert state.position == Position.from_points({24: 2, 13: 5, 8: 2, 6: 4, 5: 2}, {24: 2, 13: 5, 8: 3, 6: 5})
    assert state.used_dice == (3, 1)
    assert state.game_over and state.acting is None  # nobody is marked to act on a finished game's board
    assert state.result == Outcome(0, OutcomeKind.SINGLE, 1, 1) and state.scores == (1, 0)  # issue 33: the result
    assert winning_steps(match, events) == play.steps  # marked on the final board
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    match = match.apply(actions.Double(1), dice).match
    dropped = [GameWon(1, Outcome(1, OutcomeKind.DROPPED, 1, 1), (0, 1))]
    final = final_state(match, dropped)
    assert final.position == board_state(match).position  # a drop leaves the board as it was
    assert final.offered_cube == 0 and final.acting is None  # and the dropped cube is no longer on offer
    assert final.result is not None and final.result.kind is OutcomeKind.DROPPED and final.scores == (0, 1)
    assert winning_steps(match, dropped) == ()  # no play ended it: nothing marked as the winning play


def test_final_state_of_a_game_won_by_a_play_made_for_the_player_after_their_roll() -> None:
    """A press on Roll whose forced play (R9.3) ends the game: the match before the press has no dice; the final
    board shows the dice of the play made, which the events carry."""
    match, dice = new_match()
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match  # Bob to roll: no dice on the board
    assert board_state(match).dice is None
    play = Play((Step(13, 7, 6), Step(13, 8, 5)))
    events = [
        Rolled(1, (6, 5), automatic=False),
        Played(1, (6, 5), play, automatic=True),
        GameWon(1, Outcome(1, OutcomeKind.SINGLE, 1, 1), (0, 1)),
    ]
    state = final_state(match, events)
    assert state.dice == (6, 5) and state.used_dice == (6, 5)
    assert state.position == match.game.position.after_steps(play.steps)
    assert winning_steps(match, events) == play.steps


def money_match() -> tuple[Match, FixedDice]:
    """A money game (beavers allowed) at Alice's opening 3-1, and the dice of what follows."""
    dice = FixedDice([3, 1, 6, 5, 4, 2])
    return Match.start(("Alice", "Bob"), MatchOptions.money(beavers=True), dice), dice


def test_a_double_puts_the_offered_cube_with_the_doubled_player() -> None:
    """R6.2: Bob doubles to 2; Alice must answer, so she is marked and the 2 is offered to her."""
    match, dice = money_match()
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    state = board_state(match)
    assert (state.offered_cube, state.answering, state.acting) == (0, None, 1)
    match = match.apply(actions.Double(1), dice).match
    state = board_state(match)
    assert state.offered_cube == 2 and state.answering == 0 and state.acting == 0
    assert state.cube_value == 1 and state.cube_owner is None and state.on_roll == 1


def test_a_beaver_offers_4_back_to_the_doubler_and_an_answer_ends_the_offer() -> None:
    """R6.4: Alice beavers; Bob (the doubler) answers the cube at 4. Once he accepts there is no offer left."""
    match, dice = money_match()
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    match = match.apply(actions.Double(1), dice).match
    match = match.apply(actions.Beaver(0), dice).match
    state = board_state(match)
    assert state.offered_cube == 4 and state.answering == 1 and state.acting == 1
    match = match.apply(actions.AcceptBeaver(1), dice).match
    state = board_state(match)
    assert state.offered_cube == 0 and state.answering is None
    assert state.cube_value == 4 and state.cube_owner == 0


def test_a_resignation_marks_the_player_who_answers_it_without_a_cube_on_offer() -> None:
    match, dice = money_match()
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    match = match.apply(actions.Resign(1, WinKind.SINGLE), dice).match
    state = board_state(match)
    assert state.answering == 0 and state.acting == 0 and state.offered_cube == 0


def test_public_boards_keep_the_challenger_at_the_bottom_whoever_acts() -> None:
    """Issue 15: the board no longer turns over every turn; a player's own view is drawn from their side."""
    match, dice = money_match()
    seen = []
    for action in (actions.Move(0, match.parse_play("8/5 6/5")), actions.Double(1), actions.Take(0)):
        match = match.apply(action, dice).match
        seen.append((match.to_act, perspective(match), perspective(match, viewer=0), perspective(match, viewer=1)))
    assert seen == [(1, 0, 0, 1), (0, 0, 0, 1), (1, 0, 0, 1)]  # Bob to act, Alice to answer, Bob to move


async def test_draw_board_draws_from_the_challengers_side_or_the_viewers() -> None:
    match, dice = money_match()
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match  # Bob (player 1) is to act
    state, last = board_state(match), last_play(match)
    from_0 = board(state, perspective=0, last_play=last)
    from_1 = board(state, perspective=1, last_play=last)
    assert from_0 != from_1
    assert await draw_board(match) == from_0 == render_match(match)
    assert await draw_board(match, viewer=1) == from_1 == render_match(match, viewer=1)
    assert await draw_board(match, viewer=0) == from_0


def test_final_state_shows_the_finished_games_ids_as_gnubg_does() -> None:
    # Issue 22: the last board of a game carries the IDs of the finished game (the game in the score), not those
    # of the state before the last action.
    dice = FixedDice([3, 1, 6, 5])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    before = Match.replay(match.log)
    match, events = match.apply(actions.Resign(1), dice)
    match, more = match.apply(actions.AcceptResignation(0), dice)
    events += more
    won = next(event for event in events if isinstance(event, GameWon))
    state = final_state(before, events)
    assert f"{state.position_id}:{state.match_id}" == won.gnubg_id != before.gnubg_id()
    fields = MatchIdFields.decode(state.match_id)
    assert fields.scores == (1, 0) and fields.state is GameState.RESIGNED


def test_the_match_end_board_shows_the_final_ids() -> None:
    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(1), dice)
    match = match.apply(actions.Resign(0), dice).match
    match = match.apply(actions.AcceptResignation(1), dice).match
    state = board_state(match)
    # the turn stays with Alice, on roll, as gnubg shows the match once it reads it (issue 31)
    assert match.finished and (state.position_id, state.match_id) == (match.position_id(), "MKMlAAAACAAE")
