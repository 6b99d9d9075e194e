"""Notation (R10.1): `str(play)` writes standard form, `parse_play` reads every accepted form and explains errors."""

from __future__ import annotations

import pytest

from bot.engine import BAR, IllegalPlayError, InvalidPlayError, Play, Position, Step
from tests.engine.helpers import board

START = Position.initial()
ON_BAR = board({BAR: 1, 13: 14}, {20: 2, 12: 13})  # 20 held: only a 3 enters


@pytest.mark.parametrize(
    ("steps", "text"),
    [
        ((Step(24, 18, 6), Step(13, 11, 2)), "24/18 13/11"),
        ((Step(BAR, 22, 3, hit=True),), "bar/22*"),
        ((Step(6, 0, 6),), "6/off"),
        ((Step(13, 7, 6), Step(13, 7, 6)), "13/7(2)"),
        ((Step(8, 5, 3, hit=True), Step(5, 1, 4)), "8/5*/1"),
        ((Step(24, 18, 6), Step(18, 13, 5)), "24/13"),  # a plain run shows only its ends
        ((Step(6, 5, 1), Step(5, 0, 6)), "6/off"),
        ((), "no move"),
    ],
)
def test_standard_notation(steps: tuple[Step, ...], text: str) -> None:
    assert str(Play(steps)) == text


@pytest.mark.parametrize(
    ("text", "dice", "expected"),
    [
        ("24/18 13/11", (6, 2), "24/18 13/11"),
        ("13/11 24/18", (6, 2), "24/18 13/11"),  # steps in any order
        ("  24 / 18    13/11 ", (2, 6), "24/18 13/11"),  # extra spaces, dice in any order
        ("24/18/13", (6, 5), "24/13"),  # chained steps
        ("13/7 7/2", (6, 5), "13/2"),
        ("24/18(2) 13/7(2)", (6, 6), "24/18(2) 13/7(2)"),
        ("13/7 24/18 13/7 24/18", (6, 6), "24/18(2) 13/7(2)"),
    ],
)
def test_parse_accepts_every_form(text: str, dice: tuple[int, int], expected: str) -> None:
    play = START.parse_play(text, dice)
    assert play in START.legal_plays(dice)
    assert str(play) == expected


@pytest.mark.parametrize("bar", ["bar", "BAR", "b", "B", "25"])
@pytest.mark.parametrize("off", ["off", "OFF", "0"])
def test_parse_accepts_bar_and_off_spellings(bar: str, off: str) -> None:
    entering = board({BAR: 1, 13: 14}, {22: 1, 12: 14})
    assert str(entering.parse_play(f"{bar}/22* 13/8", (5, 3))) == "bar/22* 13/8"
    bearing_off = board({6: 2, 5: 13}, {20: 15})
    assert str(bearing_off.parse_play(f"6/1 6/{off}", (6, 5))) == "6/off 6/1"


def test_parse_reads_hit_marks_to_choose_the_route() -> None:
    # 13/8 with 4-1 can go through 9 (hitting the blot there) or through 12: two different positions.
    position = board({13: 1, 1: 14}, {9: 1, 20: 14})
    assert str(position.parse_play("13/9*/8", (4, 1))) == "13/9*/8"
    assert str(position.parse_play("13/8", (4, 1))) == "13/8"
    assert str(position.parse_play("13/9/8", (4, 1))) == "13/9*/8"  # the stop on 9 hits, marked or not


def test_every_legal_play_round_trips_through_its_text() -> None:
    for dice in [(1, 1), (2, 1), (3, 3), (6, 5)]:
        for play in START.legal_plays(dice):
            assert START.parse_play(str(play), dice) == play


def test_nothing_to_play_reads_as_the_empty_play() -> None:
    closed = board({BAR: 1, 1: 14}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 12: 3})
    assert closed.parse_play("", (6, 5)) == Play(())
    assert closed.parse_play("no move", (6, 5)) == Play(())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Your play is empty"),
        ("24-18", "I can't read"),
        ("13/x", "I can't read 'x'"),
        ("24/30", "There is no point 30"),
        ("off/3", "starts from off"),
        ("13/bar", "ends on the bar"),
        ("13/7*bar", "I can't read"),
        ("13/7(5)", "at most four moves"),
        ("13*/7", "marks a hit on its starting point"),
    ],
)
def test_unreadable_text_raises_invalid_play_error(text: str, message: str) -> None:
    with pytest.raises(InvalidPlayError, match=message.replace("(", r"\(")):
        START.parse_play(text, (6, 5))


@pytest.mark.parametrize(
    ("position", "text", "dice", "message"),
    [
        (START, "13/15", (6, 2), "'13/15' moves backwards"),
        (START, "24/19/13", (6, 5), "Point 19 is blocked"),  # a named stop must be open, even if 24/18/13 is
        (START, "19/13", (6, 5), "You have no checker on point 19"),
        (START, "b/20", (5, 3), "You have no checker on the bar"),
        (START, "24/20", (6, 5), "With 6-5 no die or sum of dice makes 24/20"),
        (START, "13/7 13/11 8/6", (6, 2), "That is more than your roll of 6-2 can move"),
        (START, "6/off 6/off", (6, 6), "You can't bear off until all your checkers are in your home board"),
        (START, "6/4", (5, 3), "With 5-3 no die or sum of dice makes 6/4"),
        (START, "13/8 6/1", (5, 5), "Point 1 is blocked"),
        # R5.1: the bar first.
        (ON_BAR, "13/8 13/10", (5, 3), "You have a checker on the bar: enter it first"),
        (ON_BAR, "bar/20 13/10", (5, 3), "Point 20 is blocked"),
        # R4.1 / R4.6: fewer dice than possible.
        (START, "13/8", (6, 5), "You must play both dice: 24/18 13/8 is possible"),
        (ON_BAR, "bar/22", (5, 3), "You must play both dice: bar/17 is possible"),
        (board({6: 1, 4: 1, 1: 1}, {20: 15}), "6/1 4/off 1/off", (5, 5), "You must play all four 5s: "),
        (board({24: 1, 1: 14}, {21: 2, 12: 13}), "24/23", (1, 1), "You must play 2 of your four 1s: 24/22 is"),
        # R4.3: the higher die.
        (board({24: 1, 1: 14}, {13: 2, 14: 2, 12: 11}), "24/19", (6, 5), "With 6-5 you must play the 6 when only"),
        # R5.4: a higher die bears off from a lower point only when no checker is higher.
        (board({6: 1, 4: 1, 1: 1}, {20: 15}), "4/off", (5, 5), "You can't bear off from point 4 with a 5"),
        (board({24: 1, 1: 14}, {20: 2, 12: 11}), "no move", (6, 5), "You can move with 6-5"),
    ],
)
def test_illegal_plays_raise_illegal_play_error_saying_why(
    position: Position, text: str, dice: tuple[int, int], message: str
) -> None:
    with pytest.raises(IllegalPlayError, match="^" + message.replace("(", r"\(").replace("*", r"\*")):
        position.parse_play(text, dice)


def test_gnubg_style_strings_parse() -> None:
    # Forms gnubg prints: hits inside chains, repeats of hitting moves, bear-offs repeated.
    position = board({13: 2, 6: 4, 8: 9}, {9: 1, 7: 1, 20: 13})
    assert str(position.parse_play("13/9*/7* 13/11", (2, 2))) == "13/9*/7* 13/11"
    bearing_off = board({6: 2, 5: 13}, {20: 15})
    assert str(bearing_off.parse_play("6/off(2) 5/off(2)", (6, 6))) == "6/off(2) 5/off(2)"
