"""GNU Backgammon Position IDs (R10.2): byte-compatible with gnubg, and clear errors for bad ones."""

from __future__ import annotations

import base64

import gnubg
import pytest

from bot.engine import InvalidPositionIdError, Position
from tests.engine import gnubg_reference
from tests.engine.helpers import board


def test_initial_position() -> None:
    assert Position.initial().position_id() == "4HPwATDgc/ABMA"
    assert Position.from_position_id("4HPwATDgc/ABMA") == Position.initial()


def test_after_the_opening_84_64_the_other_side_is_on_roll() -> None:
    start = Position.initial()
    after = start.apply(start.parse_play("8/4 6/4", (4, 2)))
    assert after.position_id() == "mGfwATDgc/ABMA"
    assert Position.from_position_id("mGfwATDgc/ABMA") == after


def test_ids_match_gnubg_both_ways_on_random_positions() -> None:
    for position in gnubg_reference.random_positions(seed=3, count=300):
        pid = position.position_id()
        assert pid == gnubg.positionid(gnubg_reference.board(position))
        their_board = gnubg.positionfromid(pid)
        assert [list(side) for side in their_board] == gnubg_reference.board(position)
        assert Position.from_position_id(pid) == position


def test_bar_and_borne_off_checkers_survive_the_round_trip() -> None:
    position = board({25: 2, 6: 3}, {10: 1}, opponent_bar=3)
    assert Position.from_position_id(position.position_id()) == position


def id_from_bits(bits: str) -> str:
    """A Position ID from its bits in gnubg's order (first bit = least significant bit of the first byte)."""
    raw = int(bits[::-1] or "0", 2).to_bytes(10, "little")
    return base64.b64encode(raw).decode()[:14]


def test_id_from_bits_agrees_with_gnubg() -> None:
    # Sanity check of the helper: 15 on the roller's 24-point and 15 on the other side's 24-point.
    bits = "0" * 23 + "1" * 15 + "00" + "0" * 23 + "1" * 15 + "0"
    assert gnubg.positionfromid(id_from_bits(bits))[0][23] == 15


@pytest.mark.parametrize(
    ("pid", "message"),
    [
        ("4HPwATDgc/ABM", "is not a Position ID"),  # 13 characters
        ("4HPwATDgc/ABMA!", "is not a Position ID"),
        ("4HPwATDgc-ABMA", "is not a Position ID"),
        ("//////////////", "runs past its end"),
        (id_from_bits("1" * 16 + "0" * 25), "gives the player not on roll 16 checkers"),
        (id_from_bits("0" * 25 + "1" * 16 + "0"), "gives the player on roll 16 checkers"),
    ],
)
def test_malformed_or_impossible_ids_raise(pid: str, message: str) -> None:
    with pytest.raises(InvalidPositionIdError, match=message):
        Position.from_position_id(pid)


def test_an_id_with_both_sides_on_one_point_raises() -> None:
    # The roller has a checker on its 24-point, which is the other side's 1-point, where that side has one too.
    pid = id_from_bits("10" + "0" * 24 + "0" * 23 + "10" + "0")
    with pytest.raises(InvalidPositionIdError, match="both players' checkers on the same point"):
        Position.from_position_id(pid)


def test_invalid_position_id_error_is_a_value_error() -> None:
    assert issubclass(InvalidPositionIdError, ValueError)
