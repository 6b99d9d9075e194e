"""The 1-ply cube decision made with the net the analyzer holds (bot.computer.sage.one_ply_cube_action) answers as
bgsage's own call does, float for float, in every kind of position and cube state: the computer's cube
decisions at the 1-ply levels (R6.1-R6.4, R7.4) are bgsage's, only without its reloading of the nets."""

from __future__ import annotations

import pytest

from bot.computer import sage
from bot.computer.board import sage_board
from bot.engine.position import Position
from tests.computer.positions import positions_in_play

pytestmark = pytest.mark.skipif(not sage.available(), reason="bgsage is not installed")

#: Centered, owned and beavered money cubes with and without Jacoby; match scores with and without the Crawford
#: game, post-Crawford, and both sides near the end.
CUBES = (
    sage.CubeState(),
    sage.CubeState(jacoby=True, beavers=True),
    sage.CubeState(2, "player", jacoby=True, beavers=True),
    sage.CubeState(2, "opponent", beavers=True),
    sage.CubeState(4, "player"),
    sage.CubeState(1, "centered", (3, 5)),
    sage.CubeState(1, "centered", (1, 4), crawford=True),
    sage.CubeState(1, "centered", (4, 1)),
    sage.CubeState(2, "opponent", (2, 2)),
    sage.CubeState(2, "player", (7, 2)),
)
#: How many cases are compared with bgsage's own call (about 50 ms each: it loads the nets every time).
COMPARED = 70


def bgsages_own(board: tuple[int, ...], cube: sage.CubeState) -> sage.CubeAnswer:
    return sage.bgsages_cube_action(sage._analyzer(1), board, cube)


def closeness(answer: sage.CubeAnswer, cube: sage.CubeState) -> float:
    """How near the decision is to turning: to doubling, to passing, and (with beavers) to beavering."""
    margins = [
        abs(min(answer.double_take, answer.double_pass) - answer.no_double),
        abs(answer.double_take - answer.double_pass),
    ]
    if cube.beavers and cube.away == (0, 0):
        margins.append(abs(answer.double_take))
    return min(margins)


def bearing_off(position: Position) -> bool:
    """Both sides have every checker left in their home boards."""
    return not any(side[point] for side in (position.mover, position.opponent) for point in range(7, 26))


@pytest.mark.slow
def test_the_same_answers_as_bgsages_own_one_ply_cube_decision() -> None:
    positions = [position for position, _ in positions_in_play(1500, seed=5)]
    cases = [(sage_board(position), CUBES[index % len(CUBES)]) for index, position in enumerate(positions)]
    answered = [(board, cube, sage.one_ply_cube_action(board, cube)) for board, cube in cases]
    nearest = sorted(answered, key=lambda case: closeness(case[2], case[1]))[: COMPARED // 2]
    spread = answered[:: len(answered) // (COMPARED // 2)]  # contact, races and bear-offs as they came
    compared = nearest + spread
    for board, cube, answer in compared:
        assert answer == bgsages_own(board, cube), (board, cube)
    assert {answer.should_double for _, _, answer in compared} == {True, False}
    assert {answer.should_take for _, _, answer in compared if answer.should_double} == {True, False}
    assert any(answer.beaver for _, _, answer in compared)
    bear_offs = {sage_board(position) for position in positions if bearing_off(position)}
    assert any(board in bear_offs for board, _, _ in spread)  # the bear-off database's answers too


def test_another_bgsage_without_the_expected_net_gets_its_own_call(monkeypatch: pytest.MonkeyPatch) -> None:
    board = sage_board(next(iter(positions_in_play(1, seed=1)))[0])
    cube = CUBES[2]
    expected = sage.one_ply_cube_action(board, cube)
    monkeypatch.delattr(sage._analyzer(1)._analyzer._inner, "_strategy_1ply")
    assert sage.one_ply_cube_action(board, cube) == expected == bgsages_own(board, cube)
