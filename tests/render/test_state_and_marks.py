"""The renderer's input is checked when built, and plays reduce to what the picture marks."""

from __future__ import annotations

import pytest

from bot.engine import Position, Step
from render import BoardState
from render.marks import Marks


def make(**fields: object) -> BoardState:
    values: dict[str, object] = {"position": Position.initial(), "on_roll": 0, "names": ("A", "B")}
    values.update(fields)
    return BoardState(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"on_roll": 2}, "on_roll"),
        ({"cube_value": 3}, "power of two"),  # R6.3
        ({"cube_value": 0}, "power of two"),
        ({"cube_owner": 5}, "cube_owner"),
        ({"dice": (0, 4)}, "dice"),
        ({"dice": (5, 3), "used_dice": (4,)}, "not all among"),
        ({"dice": (5, 3), "used_dice": (5, 5)}, "not all among"),
        ({"used_dice": (5,)}, "no dice"),
        ({"match_length": 26}, "match_length"),  # R8.1
        ({"crawford": True}, "Crawford"),  # R8.3: no Crawford game in money play
        ({"scores": (-1, 0)}, "scores"),
        ({"answering": 2}, "answering"),
        ({"answering": 1, "offered_cube": 3}, "double"),  # R6.2: twice the cube, R6.4: four times after a beaver
        ({"answering": 1, "offered_cube": 1}, "double"),
        ({"answering": 1, "cube_value": 2, "cube_owner": 1, "offered_cube": 16}, "double"),
        ({"offered_cube": 2}, "answering"),
        ({"answering": 1, "offered_cube": 2, "dice": (3, 1)}, "before rolling"),
    ],
)
def test_impossible_states_are_refused_with_a_clear_message(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make(**fields)


def test_doubles_give_four_dice_and_allow_four_used() -> None:
    state = make(dice=(4, 4), used_dice=(4, 4, 4, 4))
    assert state.rolled_dice == (4, 4, 4, 4)  # R3.3


def test_sides_pips_bar_and_tray_follow_the_player_not_the_mover() -> None:
    position = Position.from_points({25: 1, 6: 2}, {24: 3})
    state = make(position=position, on_roll=1)
    assert state.side(1) == position.mover and state.side(0) == position.opponent
    assert state.pips(1) == 25 + 12 and state.pips(0) == 72
    assert state.on_bar(1) == 1 and state.borne_off(0) == 12


def test_chained_steps_mark_only_where_the_checker_started_and_ended() -> None:
    marks = Marks.of([Step(24, 18, 6), Step(18, 13, 5)])
    assert marks.left == {24: 1} and marks.arrived == {13: 1} and marks.hits == 0


def test_marks_count_hits_bar_entries_and_bear_offs() -> None:
    marks = Marks.of([Step(25, 20, 5, hit=True), Step(6, 0, 6), Step(6, 0, 6), Step(8, 5, 3, hit=True)])
    assert marks.left == {25: 1, 6: 2, 8: 1}
    assert marks.arrived == {20: 1, 0: 2, 5: 1}
    assert marks.hits == 2


def test_a_backwards_step_is_refused() -> None:
    with pytest.raises(ValueError, match="forward"):
        Marks.of([Step(5, 8, 3)])


def test_the_player_marked_to_act_is_on_roll_the_one_answering_or_nobody() -> None:
    assert make(on_roll=1).acting == 1
    assert make(on_roll=1, answering=0, offered_cube=2).acting == 0
    assert make(on_roll=1, answering=1, offered_cube=4).acting == 1  # a beaver goes back to the doubler
    assert make(on_roll=1, game_over=True).acting is None
