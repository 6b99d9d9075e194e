"""Match options (R8.2, R8.3), scoring values (R7.2, R7.3) and the dice sources (R9.1)."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.engine.dice import DiceExhaustedError, FixedDice, SecretDice
from bot.engine.options import MatchOptions
from bot.engine.outcome import Outcome, OutcomeKind, win_points
from bot.engine.position import WinKind


def test_money_game_defaults_to_jacoby() -> None:
    options = MatchOptions.money()
    assert options.is_money and options.jacoby and not options.beavers and not options.automatic_doubles


@pytest.mark.parametrize("length", [1, 3, 25])
def test_match_lengths(length: int) -> None:
    options = MatchOptions.match(length)
    assert options.length == length and not options.is_money and not options.jacoby


@pytest.mark.parametrize("length", [-1, 26, 100])
def test_bad_lengths_are_refused(length: int) -> None:
    with pytest.raises(ValueError, match=r"1\.\.25"):
        MatchOptions(length)


@pytest.mark.parametrize(
    ("field", "words"), [("jacoby", "Jacoby"), ("beavers", "Beavers"), ("automatic_doubles", "Automatic doubles")]
)
def test_money_options_are_refused_in_matches(field: str, words: str) -> None:
    with pytest.raises(ValueError, match=f"{words} can only be used in a money game"):
        MatchOptions(5, **{field: True})


@pytest.mark.parametrize("limit", [0, 7])
def test_automatic_double_limit_is_checked(limit: int) -> None:
    with pytest.raises(ValueError, match="automatic double limit"):
        MatchOptions.money(automatic_doubles=True, automatic_double_limit=limit)


def test_options_round_trip() -> None:
    options = MatchOptions.money(jacoby=False, beavers=True, automatic_doubles=True, automatic_double_limit=3)
    assert MatchOptions.from_dict(options.to_dict()) == options


@pytest.mark.parametrize(
    ("kind", "cube", "jacoby", "points"),
    [
        (WinKind.SINGLE, 1, False, 1),
        (WinKind.GAMMON, 4, False, 8),
        (WinKind.BACKGAMMON, 4, False, 12),
        (WinKind.GAMMON, 1, True, 1),
        (WinKind.BACKGAMMON, 2, True, 2),
    ],
)
def test_win_points(kind: WinKind, cube: int, jacoby: bool, points: int) -> None:
    assert win_points(kind, cube, jacoby_applies=jacoby) == points


def test_outcome_round_trip() -> None:
    outcome = Outcome(1, OutcomeKind.DROPPED, 4, 4)
    assert Outcome.from_dict(outcome.to_dict()) == outcome


def test_fixed_dice_run_out_clearly() -> None:
    dice = FixedDice([6, 1])
    assert (dice.roll_die(), dice.roll_die(), dice.remaining) == (6, 1, 0)
    with pytest.raises(DiceExhaustedError):
        dice.roll_die()
    with pytest.raises(ValueError, match=r"1\.\.6"):
        FixedDice([7])


def test_secret_dice_cover_one_to_six() -> None:
    counts = Counter(SecretDice().roll_die() for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(800 < count < 1200 for count in counts.values())  # 1000 expected; fails by chance ~1e-9
