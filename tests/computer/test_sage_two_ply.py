"""The analysis's 2-ply cube analyses made with the net bgsage's analyzer holds (bot.computer.two_ply, through
sage.cube_with_rolls) answer as bgsage's own call does, float for float: the no double, double/take and
double/pass equities, the decision, the beaver, and each of the 21 rolls' equity and best play, in contact
positions, races, bear-offs (the bear-off database, plays that end the game) and positions where rolls cannot
be played, in money games with and without Jacoby and beavers and at match scores before, in and after the
Crawford game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.computer import sage, two_ply
from bot.computer.board import SageBoard, plays_by_result, position_from_sage, sage_board
from bot.engine.position import Position
from tests.computer.positions import positions_in_play

pytestmark = pytest.mark.skipif(not sage.available(), reason="bgsage is not installed")

#: Centered, owned and turned cubes, money with and without Jacoby and beavers, match scores before, in and after
#: the Crawford game (the trailer's automatic double), cubes that cover the match, and a one-point match.
CUBES = (
    sage.CubeState(),
    sage.CubeState(jacoby=True, beavers=True),
    sage.CubeState(jacoby=True),
    sage.CubeState(2, "player", jacoby=True, beavers=True),
    sage.CubeState(2, "opponent", beavers=True),
    sage.CubeState(4, "player"),
    sage.CubeState(8, "opponent", jacoby=True, beavers=True),
    sage.CubeState(1, "centered", (3, 5)),
    sage.CubeState(1, "centered", (5, 3)),
    sage.CubeState(1, "centered", (1, 4), crawford=True),
    sage.CubeState(1, "centered", (4, 1), crawford=True),
    sage.CubeState(1, "centered", (4, 1)),
    sage.CubeState(2, "opponent", (1, 3)),
    sage.CubeState(2, "opponent", (2, 2)),
    sage.CubeState(2, "player", (7, 2)),
    sage.CubeState(4, "player", (9, 7)),
    sage.CubeState(1, "centered", (1, 1)),
    sage.CubeState(1, "centered", (2, 2)),
)


def bear_offs(count: int, seed: int) -> Iterator[Position]:
    """Both sides with every checker left in their home boards, some of them borne off (a few checkers each:
    plays that bear off the last one, and gammons still possible when one side has borne off none)."""
    rng = random.Random(seed)
    for _ in range(count):
        sides = []
        for _side in range(2):
            left = rng.choice((1, 2, 3, 4, 6, 9, 15))
            counts: dict[int, int] = {}
            for _checker in range(left):
                point = rng.randint(1, 6)
                counts[point] = counts.get(point, 0) + 1
            sides.append(counts)
        yield Position.from_points(sides[0], sides[1])


def on_the_bar(count: int, seed: int) -> Iterator[Position]:
    """The side on roll with checkers on the bar against a home board with four to six points made: some rolls
    or all of them cannot be played."""
    rng = random.Random(seed)
    for _ in range(count):
        made = rng.sample(range(1, 7), rng.randint(4, 6))
        opponent = {point: 2 for point in made} | {13: 15 - 2 * len(made)}
        bar = rng.randint(1, 2)
        yield Position.from_points({25: bar, 6: 5, 8: 3, 13: 7 - bar}, opponent)


def cases(count: int, seed: int) -> list[tuple[SageBoard, sage.CubeState]]:
    """Positions of random play (contact and races), bear-offs and checkers on the bar, each in one of CUBES."""
    positions = [position for position, _ in positions_in_play(count * 6 // 10, seed=seed)]
    positions += list(bear_offs(count * 3 // 10, seed))
    positions += list(on_the_bar(count - len(positions), seed))
    return [(sage_board(position), CUBES[index % len(CUBES)]) for index, position in enumerate(positions)]


def compare(count: int, seed: int) -> dict[str, Any]:
    """Every case through sage.cube_with_rolls and bgsage's own call, equal; what the cases covered."""
    analyzer, held = sage._analyzer(2), sage._held_two_ply()
    assert held is not None, "bgsage's 2-ply analyzer does not hold its net where bot.computer.two_ply looks"
    seen: dict[str, Any] = {"cases": 0, "own calls": 0, "doubles": set(), "takes": set(), "beavers": set()}
    seen |= {"game over": 0, "no play": 0, "pubeval": 0}
    for board, cube in cases(count, seed):
        answer, rolls = sage.cube_with_rolls(2, board, cube)
        own = analyzer.cube_action(list(board), cube.value, cube.owner, incl_2ply_details=True, **cube.arguments())
        assert (answer, rolls) == bgsages(own), (board, cube)
        try:
            plays = held.analyse(board, sage.two_ply_state(cube)).plays
        except two_ply.Unreproducible:
            seen["own calls"] += 1
        else:
            assert plays == [tuple(entry["checkers"]) for entry in own.details["nd"]], (board, cube)
            seen["game over"] += sum(max(play[1:]) <= 0 for play in plays)
            seen["no play"] += sum(play == board for play in plays)
        position = position_from_sage(board)
        seen["pubeval"] += any(len(plays_by_result(position, position.legal_plays((a, b)))) > 16 for a, b, *_ in rolls)
        seen["cases"] += 1
        seen["doubles"].add(answer.should_double)
        if answer.should_double:
            seen["takes"].add(answer.should_take)
        seen["beavers"].add(answer.beaver)
    return seen


def bgsages(own: Any) -> tuple[sage.CubeEquities, list[sage.RollEquity]]:
    """bgsage's own answer as sage.bgsages_cube_with_rolls reads it."""
    answer = sage.CubeEquities(
        float(own.equity_nd),
        float(own.equity_dt),
        float(own.equity_dp),
        bool(own.should_double),
        bool(own.should_take),
        bool(own.is_beaver),
    )
    details = own.details["nd"]
    return answer, [(e["die1"], e["die2"], float(e["cubeful_equity"]), 1 + (e["die1"] != e["die2"])) for e in details]


def check_coverage(seen: dict[str, Any]) -> None:
    assert seen["doubles"] == seen["takes"] == seen["beavers"] == {True, False}, seen
    assert seen["game over"] and seen["no play"] and seen["pubeval"], seen
    assert seen["own calls"] <= seen["cases"] // 5, seen  # most answers are the held net's


def test_the_same_answers_as_bgsages_own_two_ply_cube_analysis() -> None:
    check_coverage(compare(60, seed=3))


@pytest.mark.slow
@pytest.mark.parametrize("seed", [8, 9])  # two thousand cases in two halves, which two test workers share
def test_the_same_answers_in_two_thousand_cases(seed: int) -> None:
    check_coverage(compare(1000, seed=seed))


def test_bgsages_own_call_answers_what_cannot_be_recovered(monkeypatch: pytest.MonkeyPatch) -> None:
    board, cube = cases(1, seed=4)[0]
    expected = sage.bgsages_cube_with_rolls(sage._analyzer(2), board, cube)

    def unreproducible(*_: object) -> None:
        raise two_ply.Unreproducible("a chance recovered as one of two that give different answers")

    monkeypatch.setattr(two_ply.TwoPly, "analyse", unreproducible)
    assert sage.cube_with_rolls(2, board, cube) == expected


def test_another_bgsage_without_the_expected_net_gets_its_own_call(monkeypatch: pytest.MonkeyPatch) -> None:
    board, cube = cases(1, seed=5)[0]
    expected = sage.cube_with_rolls(2, board, cube)
    monkeypatch.setattr(sage, "_two_ply", [])
    monkeypatch.delattr(sage._analyzer(2)._analyzer._inner, "_strategy_1ply")
    assert sage._held_two_ply() is None
    assert (
        sage.cube_with_rolls(2, board, cube) == expected == sage.bgsages_cube_with_rolls(sage._analyzer(2), board, cube)
    )
