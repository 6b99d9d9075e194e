"""bgsage's 1-ply cubeful conversions run inline, not in its thread pool (bot.computer.sage.InlineCheapConversions):
the same plays and equities as with bgsage's own pool, and no thread started for a 1-ply checker play."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from bot.computer import sage
from bot.computer.board import sage_board
from bot.engine.position import Position
from tests.computer.positions import positions_in_play

pytestmark = pytest.mark.skipif(not sage.available(), reason="bgsage is not installed")

#: Money games with and without Jacoby and an owned cube, and match scores with and without Crawford.
CUBES = (
    sage.CubeState(),
    sage.CubeState(2, "player", jacoby=True, beavers=True),
    sage.CubeState(2, "opponent"),
    sage.CubeState(1, "centered", (3, 5)),
    sage.CubeState(1, "centered", (1, 4), crawford=True),
    sage.CubeState(4, "player", (7, 2)),
)


def ranked(position: Position, dice: tuple[int, int], cube: sage.CubeState) -> list[sage.RankedMove]:
    return sage.checker_play(1, sage_board(position), dice, cube)


def test_the_same_plays_and_equities_as_with_bgsages_own_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    cases = [(p, d, CUBES[i % len(CUBES)]) for i, (p, d) in enumerate(positions_in_play(300, seed=11))]
    inline = [ranked(*case) for case in cases]
    monkeypatch.setattr("bgsage.analyzer.ThreadPoolExecutor", ThreadPoolExecutor)
    threaded = [ranked(*case) for case in cases]
    assert inline == threaded
    assert sum(len(moves) > 1 for moves in inline) > 200  # real choices, not only forced plays


def test_a_one_ply_checker_play_starts_no_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[threading.Thread] = []
    original_start = threading.Thread.start

    def counted_start(thread: threading.Thread) -> None:
        started.append(thread)
        original_start(thread)

    monkeypatch.setattr(threading.Thread, "start", counted_start)
    cube = sage.CubeState(1, "centered", (3, 5))
    ranked(Position.initial(), (3, 1), cube)
    assert started == []
    monkeypatch.setattr("bgsage.analyzer.ThreadPoolExecutor", ThreadPoolExecutor)  # bgsage as it comes
    ranked(Position.initial(), (3, 1), cube)
    assert started, "bgsage no longer uses a thread pool here: InlineCheapConversions can go"
