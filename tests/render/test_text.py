"""The text diagram: same facts as the picture, laid out like gnubg's ASCII board."""

from __future__ import annotations

import pytest

from bot.engine import Play, Position, Step
from render import BoardState, text_board

# The starting position (R1.1) drawn from player 0's side, written out by hand: O = player 0, X = player 1.
START_FROM_PLAYER_0 = [
    " +13-14-15-16-17-18------19-20-21-22-23-24-+",
    " | O           X    |   | X              O |",
    " | O           X    |   | X              O |",
    " | O           X    |   | X                |",
    " | O                |   | X                |",
    " | O                |   | X                |",
    "v|                  |BAR|                  |",
    " | X                |   | O                |",
    " | X                |   | O                |",
    " | X           O    |   | O                |",
    " | X           O    |   | O              X |",
    " | X           O    |   | O              X |",
    " +12-11-10--9--8--7-------6--5--4--3--2--1-+",
]


def board_lines(text: str) -> list[str]:
    return [line[:44] for line in text.splitlines()[1:14]]


def start_state(**fields: object) -> BoardState:
    return BoardState(
        position=Position.initial(), on_roll=0, names=("Alice", "Bob"), position_id="4HPwATDgc/ABMA", **fields
    )  # type: ignore[arg-type]


def test_start_position_from_player_0() -> None:
    text = text_board(start_state(), perspective=0)
    assert board_lines(text) == START_FROM_PLAYER_0
    assert text.splitlines()[0].startswith("Money game  Position ID: 4HPwATDgc/ABMA")
    assert text.count("167 pips") == 2
    assert "cube: 64 (middle)" in text  # R1.2
    assert "O: Alice  (on roll)" in text and "X: Bob" in text


def test_other_perspective_turns_the_board_and_keeps_the_symbols() -> None:
    text = text_board(start_state(), perspective=1)
    lines = board_lines(text)
    # From player 1's side the top half is player 0's home side: the rows swap top and bottom, O stays O.
    assert lines[1] == " | X           O    |   | O              X |"
    assert lines[11] == " | O           X    |   | X              O |"
    assert lines[6].startswith("^|")


def test_stacks_over_five_show_the_count_and_the_bar_and_tray_are_drawn() -> None:
    position = Position.from_points({6: 9, 25: 2, 1: 1}, {1: 12})
    text = text_board(BoardState(position=position, on_roll=0, names=("A", "B")), perspective=0)
    lines = board_lines(text)
    assert lines[7][25:28] == " 9 "  # fifth row of the 6-point carries the count
    assert lines[11][25:28] == " O "
    assert lines[11][21:24] == " O " and lines[10][21:24] == " O " and lines[9][21:24] == "   "  # bar: 2
    assert "3 off" in text  # player 1 has borne off 3


def test_dice_cube_owner_match_and_plays_are_described() -> None:
    state = start_state(
        dice=(5, 3), used_dice=(3,), cube_value=4, cube_owner=1, scores=(2, 4), match_length=7, crawford=False
    )
    last = Play((Step(13, 7, 6, hit=True), Step(7, 2, 5)))
    text = text_board(state, perspective=0, last_play=last, partial_steps=(Step(8, 5, 3),))
    assert text.startswith("7-point match")
    assert "rolled 5-3 (played 3)" in text
    assert "cube: 4" in text and "middle" not in text
    assert "score 2" in text and "score 4" in text
    assert "X played 13/7*/2" in text
    assert "O has played 8/5 so far" in text


def test_names_are_cleaned_and_never_empty() -> None:
    state = BoardState(position=Position.initial(), on_roll=1, names=("\x00\u202e  ", "B" * 100))
    text = text_board(state, perspective=0)
    assert "O: Player 1" in text
    assert "X: " + "B" * 39 + "\u2026  (on roll)" in text


def test_bad_perspective_is_refused() -> None:
    with pytest.raises(ValueError, match="perspective"):
        text_board(start_state(), perspective=2)


def test_an_offered_cube_and_the_player_to_answer_are_written() -> None:
    state = BoardState(position=Position.initial(), on_roll=0, names=("Alice", "Bob"), answering=1, offered_cube=2)
    text = text_board(state, perspective=0)
    assert "cube: 64 (middle), 2 offered to X" in text
    assert "X: Bob  (to answer)" in text and "(on roll)" not in text
