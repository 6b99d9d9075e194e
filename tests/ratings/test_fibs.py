"""The FIBS formula against values worked out by hand (issue 9).

The cases are chosen so that D * sqrt(n) / 2000 is 0 or 1: then P_upset is 1/2 or 1 / (10 + 1) = 1/11 and
every expected figure below is a fraction that can be checked on paper.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.ratings.fibs import Standing, k_factor, rate_match, upset_probability


def test_newcomers_of_equal_rating_one_point_match() -> None:
    # P = 1/2, K = 5 for both: 4 * 5 * sqrt(1) * 1/2 = 10.
    change = rate_match(Standing(), Standing(), 1)
    assert change.winner == Standing(1510.0, 1)
    assert change.loser == Standing(1490.0, 1)


def test_newcomers_of_equal_rating_25_point_match() -> None:
    # P = 1/2, K = 5, sqrt(25) = 5: 4 * 5 * 5 * 1/2 = 50.
    change = rate_match(Standing(), Standing(), 25)
    assert change.winner == Standing(1550.0, 25)
    assert change.loser == Standing(1450.0, 25)


def test_underdog_wins_25_point_match() -> None:
    # D = 400, 400 * 5 / 2000 = 1, P_upset = 1/11, the underdog wins so P = 10/11.
    # Underdog: experience 0, K = 5: gains 4 * 5 * 5 * 10/11 = 1000/11.
    # Favourite: experience 350, K = 5 - 3.5 = 1.5: loses 4 * 1.5 * 5 * 10/11 = 300/11.
    change = rate_match(Standing(1300.0, 0), Standing(1700.0, 350), 25)
    assert change.winner_gain == pytest.approx(1000 / 11)
    assert change.loser_loss == pytest.approx(300 / 11)
    assert change.winner.rating == pytest.approx(1300 + 1000 / 11)
    assert change.loser.rating == pytest.approx(1700 - 300 / 11)
    assert (change.winner.experience, change.loser.experience) == (25, 375)


def test_favourite_wins_25_point_match() -> None:
    # Same players, the favourite wins: P = P_upset = 1/11.
    # Favourite (K = 1.5) gains 4 * 1.5 * 5 / 11 = 30/11; underdog (K = 5) loses 4 * 5 * 5 / 11 = 100/11.
    change = rate_match(Standing(1700.0, 350), Standing(1300.0, 0), 25)
    assert change.winner_gain == pytest.approx(30 / 11)
    assert change.loser_loss == pytest.approx(100 / 11)
    assert change.winner.rating == pytest.approx(1700 + 30 / 11)
    assert change.loser.rating == pytest.approx(1300 - 100 / 11)


def test_favourite_wins_one_point_match_experienced_against_newcomer() -> None:
    # D = 2000, n = 1: exponent 1, P = 1/11. Winner experience 1000: K = max(1, -5) = 1: gains 4/11.
    # Loser experience 250: K = 2.5: loses 4 * 2.5 / 11 = 10/11.
    change = rate_match(Standing(2500.0, 1000), Standing(500.0, 250), 1)
    assert change.winner_gain == pytest.approx(4 / 11)
    assert change.loser_loss == pytest.approx(10 / 11)
    assert change.winner.experience == 1001 and change.loser.experience == 251


def test_underdog_wins_four_point_match_just_under_400_experience() -> None:
    # D = 1000, sqrt(4) = 2: exponent 1, underdog wins so P = 10/11.
    # Underdog experience 399: K = 1.01: gains 4 * 1.01 * 2 * 10/11 = 80.8/11.
    # Favourite experience 50: K = 4.5: loses 4 * 4.5 * 2 * 10/11 = 360/11.
    change = rate_match(Standing(1000.0, 399), Standing(2000.0, 50), 4)
    assert change.winner_gain == pytest.approx(80.8 / 11)
    assert change.loser_loss == pytest.approx(360 / 11)


def test_points_won_and_lost_are_equal_only_when_k_factors_are() -> None:
    change = rate_match(Standing(1600.0, 120), Standing(1550.0, 120), 7)
    assert change.winner_gain == pytest.approx(change.loser_loss)
    assert change.winner.rating - 1600.0 == pytest.approx(change.winner_gain)


@pytest.mark.parametrize(
    ("experience", "k"), [(0, 5.0), (1, 4.99), (100, 4.0), (250, 2.5), (399, 1.01), (400, 1.0), (10_000, 1.0)]
)
def test_k_factor(experience: int, k: float) -> None:
    assert k_factor(experience) == pytest.approx(k)


def test_upset_probability_is_symmetric_and_half_for_equal_ratings() -> None:
    assert upset_probability(0, 9) == 0.5
    assert upset_probability(400, 25) == pytest.approx(1 / 11)
    assert upset_probability(-400, 25) == upset_probability(400, 25)


@pytest.mark.parametrize("length", [0, -1, 26])
def test_only_match_lengths_1_to_25_are_rated(length: int) -> None:
    with pytest.raises(ValueError, match="1 to 25"):
        rate_match(Standing(), Standing(), length)


def test_negative_experience_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        k_factor(-1)


@given(
    winner=st.floats(0, 4000),
    loser=st.floats(0, 4000),
    winner_experience=st.integers(0, 5000),
    loser_experience=st.integers(0, 5000),
    length=st.integers(1, 25),
)
def test_both_players_move_by_the_same_probability_scaled_by_their_own_k(
    winner: float, loser: float, winner_experience: int, loser_experience: int, length: int
) -> None:
    change = rate_match(Standing(winner, winner_experience), Standing(loser, loser_experience), length)
    p_winner = change.winner_gain / (4 * k_factor(winner_experience) * math.sqrt(length))
    p_loser = change.loser_loss / (4 * k_factor(loser_experience) * math.sqrt(length))
    assert p_winner == pytest.approx(p_loser)
    assert 0 < p_winner < 1
    # Beating a weaker player earns less than half the stake, beating a stronger one more (the upset).
    if winner > loser:
        assert p_winner <= 0.5
    elif winner < loser:
        assert p_winner >= 0.5
    assert change.winner.rating >= winner and change.loser.rating <= loser
