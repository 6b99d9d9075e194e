"""The cases of the differential test of bot.computer.two_ply against bgsage's own 2-ply cube analysis
(tests/computer/test_sage_two_ply.py), and bgsage's answers to them recorded as digests.

bgsage's own call loads its nets from disk on every analysis (about 50 ms), so its answers to the two thousand
cases of the long test cost two minutes of CPU at every run. They are recorded instead, one digest of each answer
(the equities and the decision, each roll's equity, each roll's best play), with the bgsage version that gave
them: `python -m tests.computer.bgsage_two_ply` writes them again (after an upgrade of bgsage). The test compares
the held net's answers with the recorded digests, asks bgsage itself again for every twentieth case (so the
recording is checked against the installed bgsage at every run), and for any case whose digest differs, so that
a failure shows both answers. With another bgsage version than the recording's, every case is asked of bgsage.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bot.computer import sage
from bot.computer.board import SageBoard, sage_board
from bot.engine.position import Position
from tests.computer.positions import positions_in_play

RECORDS = Path(__file__).resolve().parent / "bgsage_answers"
#: The long test's seeds and cases per seed.
RECORDED = {8: 1000, 9: 1000}

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


def digest(value: object) -> str:
    """A value's exact text (floats as repr writes them: every bit) as 12 hex digits."""
    return hashlib.sha256(repr(value).encode()).hexdigest()[:12]


def own_answer(analyzer: Any, board: SageBoard, cube: sage.CubeState) -> Any:
    return analyzer.cube_action(list(board), cube.value, cube.owner, incl_2ply_details=True, **cube.arguments())


def own_digests(own: Any) -> tuple[str, str]:
    """bgsage's answer as two digests: the equities with each roll's equity, and each roll's best play."""
    plays = [tuple(entry["checkers"]) for entry in own.details["nd"]]
    return digest(bgsages(own)), digest(plays)


def bgsage_version() -> str:
    return importlib.metadata.version("bgsage")


def _path(seed: int) -> Path:
    return RECORDS / f"bgsage-two-ply-{seed}.txt"


def recorded(seed: int) -> list[tuple[str, str]] | None:
    """The recorded digests of the cases of `seed`, or None when there are none for the installed bgsage."""
    path = _path(seed)
    if not path.exists():
        return None
    header, *lines = path.read_text().splitlines()
    if header != f"# bgsage {bgsage_version()}":
        return None
    return [(line.split()[0], line.split()[1]) for line in lines]


def record(seed: int, count: int) -> None:
    analyzer = sage._analyzer(2)
    lines = [f"# bgsage {bgsage_version()}"]
    for board, cube in cases(count, seed):
        lines.append(" ".join(own_digests(own_answer(analyzer, board, cube))))
    RECORDS.mkdir(exist_ok=True)
    _path(seed).write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    for each, many in RECORDED.items():
        record(each, many)
        print(f"recorded {many} answers of bgsage {bgsage_version()} for seed {each}", file=sys.stderr)
