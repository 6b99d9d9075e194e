"""bgsage's cube owner and match score seen from one side, and the engine's by player (bot.computer.board): the
computer and the analysis ask bgsage from the deciding side, and the pictures draw what bgsage answered by player."""

from __future__ import annotations

import pytest

from bot.computer.board import away_from_scores, owner_from_sage, sage_owner, scores_from_away


@pytest.mark.parametrize("side", [0, 1])
def test_the_cube_owner_is_named_from_the_side_that_asks_and_back(side: int) -> None:
    assert [sage_owner(holder, side) for holder in (None, side, 1 - side)] == ["centered", "player", "opponent"]
    assert [owner_from_sage(name, side) for name in ("centered", "player", "opponent")] == [None, side, 1 - side]


def test_the_score_is_the_points_still_needed_the_asking_side_first_and_back() -> None:
    assert away_from_scores((1, 3), 5, side=0) == (4, 2)
    assert away_from_scores((1, 3), 5, side=1) == (2, 4)
    assert scores_from_away((4, 2), 5, side=0) == (1, 3) == scores_from_away((2, 4), 5, side=1)
    assert away_from_scores((0, 0), 0, side=1) == (0, 0) == scores_from_away((0, 0), 0, side=0)  # money
