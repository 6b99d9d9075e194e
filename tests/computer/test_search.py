"""World-class's move filter (bot.computer.search) and the levels' search configuration (issue 36)."""

from __future__ import annotations

import pytest

from bot.computer import sage, search
from bot.computer.levels import BY_NAME, LEVELS, WORLD_CLASS_FILTER, Stage

PROBS = sage.Probabilities(0.5, 0.1, 0.0, 0.1, 0.0)
CUBE = sage.CubeState()


def move(name: int, equity: float) -> sage.RankedMove:
    """A play named by the first number of its board."""
    return sage.RankedMove((name,), equity, PROBS)


def test_survivors_keep_the_best_within_the_window_up_to_the_limit() -> None:
    ranked = [move(1, 0.30), move(2, 0.25), move(3, 0.21), move(4, 0.20), move(5, 0.05)]
    assert [m.board for m in search.survivors(ranked, Stage(2, 8, 0.10))] == [(1,), (2,), (3,), (4,)]
    assert [m.board for m in search.survivors(ranked, Stage(2, 2, 0.10))] == [(1,), (2,)]
    assert [m.board for m in search.survivors(ranked, Stage(2, 8, 0.01))] == [(1,)]
    assert search.survivors([], Stage(2, 8, 0.10)) == []


class FakeSage:
    """bgsage stood in: a 1-ply ranking, and per depth the equity each board gets; records every search. Its
    clock (`now`, read through search.time.monotonic) advances by `seconds[plies]` per evaluation."""

    def __init__(self, one_ply: list[sage.RankedMove], deeper: dict[int, dict[int, float]]) -> None:
        self.one_ply = one_ply
        self.deeper = deeper
        self.searched: list[tuple[int, int]] = []  # (plies, play)
        self.now = 100.0
        self.seconds = {1: 0.01, 2: 0.01, 3: 0.1}  # per evaluation at each depth

    def monotonic(self) -> float:
        return self.now

    def checker_play(self, plies: int, board: object, dice: object, cube: object) -> list[sage.RankedMove]:
        assert plies == 1
        self.now += self.seconds[1]
        return list(self.one_ply)

    def after_move(self, plies: int, board: tuple[int, ...], cube: object) -> tuple[float, sage.Probabilities]:
        self.searched.append((plies, board[0]))
        self.now += self.seconds[plies]
        return self.deeper[plies][board[0]], PROBS


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeSage:
    one_ply = [move(1, 0.30), move(2, 0.28), move(3, 0.20), move(4, 0.10), move(5, -0.50)]
    stand_in = FakeSage(
        one_ply,
        {
            2: {1: 0.10, 2: 0.25, 3: 0.22, 4: 0.05},
            3: {2: 0.18, 3: 0.24},
        },
    )
    monkeypatch.setattr(search.sage, "checker_play", stand_in.checker_play)
    monkeypatch.setattr(search.sage, "after_move", stand_in.after_move)
    monkeypatch.setattr(search.time, "monotonic", stand_in.monotonic)
    return stand_in


def test_each_stage_searches_the_survivors_of_the_last_one_deeper(fake: FakeSage) -> None:
    stages = (Stage(2, 4, 0.24), Stage(3, 5, 0.05))
    ranked = search.filtered_checker_play(stages, (0,), (3, 1), CUBE)
    # 2-ply: the four within 0.24 of 0.30 (not the blunder); 3-ply: the two within 0.05 of the 2-ply best 0.25.
    assert fake.searched == [(2, 1), (2, 2), (2, 3), (2, 4), (3, 2), (3, 3)]
    # The deepest judgement decides: play 3 was second at 1-ply and at 2-ply, and is best at 3-ply.
    assert [m.board[0] for m in ranked] == [3, 2, 1, 4, 5]
    assert [m.equity for m in ranked] == [0.24, 0.18, 0.10, 0.05, -0.50]


def test_a_stage_with_one_play_left_searches_nothing(fake: FakeSage) -> None:
    ranked = search.filtered_checker_play((Stage(2, 8, 0.01), Stage(3, 5, 0.10)), (0,), (3, 1), CUBE)
    assert fake.searched == []
    assert [m.board[0] for m in ranked] == [1, 2, 3, 4, 5]


STAGES = (Stage(2, 4, 0.24), Stage(3, 5, 0.05))


def test_a_deadline_with_time_for_everything_changes_nothing(fake: FakeSage) -> None:
    ranked = search.filtered_checker_play(STAGES, (0,), (3, 1), CUBE, deadline=fake.now + 1.0)
    assert fake.searched == [(2, 1), (2, 2), (2, 3), (2, 4), (3, 2), (3, 3)]
    assert [m.board[0] for m in ranked] == [3, 2, 1, 4, 5]


def test_a_deadline_stops_the_deep_stage_before_an_evaluation_that_would_end_past_it(fake: FakeSage) -> None:
    """Issue 36 item 4: 1-ply at 0.01 s, four plays at 2-ply by 0.05 s, the first at 3-ply by 0.15 s; a second
    3-ply evaluation (0.1 s, as long as the first) would end past 0.2 s, so the search stops and plays the
    best of what it evaluated deepest: play 2, 2-ply's best (play 3 was best at 3-ply, but was not reached)."""
    ranked = search.filtered_checker_play(STAGES, (0,), (3, 1), CUBE, deadline=fake.now + 0.2)
    assert fake.searched == [(2, 1), (2, 2), (2, 3), (2, 4), (3, 2)]
    assert [m.board[0] for m in ranked] == [2, 3, 1, 4, 5]
    assert ranked[0].equity == 0.18  # its 3-ply equity; the rest keep their 2-ply ones
    assert [m.equity for m in ranked[1:4]] == [0.22, 0.10, 0.05]


def test_a_deep_stage_is_not_begun_when_its_first_evaluation_is_expected_to_overrun(fake: FakeSage) -> None:
    """The first 3-ply evaluation is expected to cost DEEPER_COST times the longest 2-ply one (0.1 s here), so
    with 0.09 s left after the 2-ply stage the choice is 2-ply's."""
    ranked = search.filtered_checker_play(STAGES, (0,), (3, 1), CUBE, deadline=fake.now + 0.14)
    assert fake.searched == [(2, 1), (2, 2), (2, 3), (2, 4)]
    assert [m.board[0] for m in ranked] == [2, 3, 1, 4, 5]


def test_a_deadline_already_past_leaves_the_raw_nets_ranking(fake: FakeSage) -> None:
    ranked = search.filtered_checker_play(STAGES, (0,), (3, 1), CUBE, deadline=fake.now)
    assert fake.searched == []
    assert [m.board[0] for m in ranked] == [1, 2, 3, 4, 5]


def test_world_class_filters_like_gnubg_and_judges_the_cube_as_deep_as_its_deepest_search() -> None:
    world_class = BY_NAME["world-class"]
    assert world_class.search == WORLD_CLASS_FILTER
    # Deeper at every stage, and at least gnubg's world-class cut (8 plays within 0.16) before the first search.
    assert [stage.plies for stage in world_class.search] == sorted({stage.plies for stage in world_class.search})
    assert world_class.search[0].keep >= 8 and world_class.search[0].within >= 0.16
    # Its cube decisions are at `plies`, which is the deepest checker search (issue 36 item 3).
    assert world_class.plies == world_class.search[-1].plies == 3
    # The other levels rank every play with the raw net.
    assert all(level.search == () and level.plies == 1 for level in LEVELS if level is not world_class)
