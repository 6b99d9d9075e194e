"""The Position value: setup (R1.1), pips, contact, and how a game was won (R7.2)."""

from __future__ import annotations

import pytest

from bot.engine import BAR, Position, WinKind
from tests.engine.helpers import board


def test_r1_1_initial_position() -> None:
    start = Position.initial()
    for side in (start.mover, start.opponent):
        assert {point: count for point, count in enumerate(side) if count} == {24: 2, 13: 5, 8: 3, 6: 5}
    assert start.mover_pips == start.opponent_pips == 167


def test_a_position_must_have_15_checkers_a_side_and_no_shared_point() -> None:
    with pytest.raises(ValueError, match="adding up to 15"):
        Position((0,) * 26, Position.initial().opponent)
    with pytest.raises(ValueError, match="Both sides have checkers"):
        board({6: 15}, {6: 1, 12: 14})


def test_swapped_is_the_other_sides_view() -> None:
    position = board({BAR: 1, 6: 14}, {12: 15})
    assert position.swapped().mover == position.opponent
    assert position.swapped().swapped() == position


def test_contact() -> None:
    assert Position.initial().has_contact()
    assert not board({6: 15}, {12: 15}).has_contact()
    assert board({6: 14, BAR: 1}, {12: 15}).has_contact()


@pytest.mark.parametrize(
    ("loser", "loser_bar", "kind"),
    [
        ({12: 14}, 0, WinKind.SINGLE),  # the loser has borne off one
        ({12: 15}, 0, WinKind.GAMMON),
        ({20: 1, 12: 14}, 0, WinKind.GAMMON),  # the mover's 20 is the loser's own home board
        ({3: 1, 12: 14}, 0, WinKind.BACKGAMMON),  # a checker in the winner's home board
        ({12: 14}, 1, WinKind.BACKGAMMON),  # a checker on the bar
    ],
)
def test_r7_2_single_gammon_backgammon(loser: dict[int, int], loser_bar: int, kind: WinKind) -> None:
    # The mover has borne off all 15; the loser's checkers are given on the mover's points.
    position = board({}, loser, opponent_bar=loser_bar)
    assert position.winner_kind(winner_is_mover=True) is kind
    assert position.winner_kind(winner_is_mover=False) is None
    assert position.swapped().winner_kind(winner_is_mover=False) is kind
