"""Strength (issue 16): expert wins at least 95 of 100 money games against a player that picks uniformly among
the legal plays and never doubles.

Expert is bgsage's clean 1-ply net (bot.computer.levels), so the 100 games take well under a minute here.
"""

from __future__ import annotations

import pytest

from tests.computer.strength import play_money_game

GAMES = 100
NEEDED = 95


@pytest.mark.slow
def test_expert_beats_a_random_player_95_times_in_100() -> None:
    results = [play_money_game("expert", seed) for seed in range(GAMES)]
    wins = sum(result.computer_won for result in results)
    assert wins >= NEEDED, f"won {wins} of {GAMES}"
    assert sum(result.points for result in results) > GAMES  # more than a point a game, gammons included
