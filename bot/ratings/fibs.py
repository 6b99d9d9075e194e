"""The FIBS rating formula for match play, as pure arithmetic so it can be checked by hand.

For ratings r1, r2 and match length n: D = |r1 - r2|, P_upset = 1 / (10^(D * sqrt(n) / 2000) + 1) is the
chance that the lower-rated player wins. If the favourite wins P = P_upset, else P = 1 - P_upset. Each player
has K = max(1, 5 - experience / 100); the winner gains 4 * K_winner * sqrt(n) * P and the loser loses
4 * K_loser * sqrt(n) * P. Experience is the total length of a player's finished rated matches.

Ratings are floats and are stored as such: replaying the same matches in the same order performs the same
float operations, so a rebuild reproduces the stored ratings bit for bit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

INITIAL_RATING = 1500.0
INITIAL_EXPERIENCE = 0
MAX_MATCH_LENGTH = 25  # R8.1


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's rating and experience (total length of finished rated matches)."""

    rating: float = INITIAL_RATING
    experience: int = INITIAL_EXPERIENCE


@dataclass(frozen=True, slots=True)
class RatingChange:
    """The outcome of rating one match: both players' standings after it and the points that moved."""

    winner: Standing
    loser: Standing
    winner_gain: float
    loser_loss: float


def upset_probability(rating_difference: float, length: int) -> float:
    """The chance that the lower-rated player wins a match of `length` points, given |r1 - r2|."""
    _check_length(length)
    return 1.0 / (math.pow(10.0, abs(rating_difference) * math.sqrt(length) / 2000.0) + 1.0)


def k_factor(experience: int) -> float:
    """How fast a rating moves: 5 for a newcomer, falling by 1 per 100 points played, never below 1."""
    if experience < 0:
        raise ValueError(f"Experience cannot be negative: {experience}")
    return max(1.0, 5.0 - experience / 100.0)


def rate_match(winner: Standing, loser: Standing, length: int) -> RatingChange:
    """Both players' standings after `winner` beat `loser` in a match to `length` points (1..25).

    :raises ValueError: for a length outside 1..25 (money games, length 0, are never rated).
    """
    _check_length(length)
    p_upset = upset_probability(winner.rating - loser.rating, length)
    # Equal ratings: P_upset is 0.5, so the two branches agree.
    p = p_upset if winner.rating >= loser.rating else 1.0 - p_upset
    root = math.sqrt(length)
    gain = 4.0 * k_factor(winner.experience) * root * p
    loss = 4.0 * k_factor(loser.experience) * root * p
    return RatingChange(
        winner=Standing(winner.rating + gain, winner.experience + length),
        loser=Standing(loser.rating - loss, loser.experience + length),
        winner_gain=gain,
        loser_loss=loss,
    )


def _check_length(length: int) -> None:
    if not 1 <= length <= MAX_MATCH_LENGTH:
        raise ValueError(f"Only matches of 1 to {MAX_MATCH_LENGTH} points are rated, not {length}")
