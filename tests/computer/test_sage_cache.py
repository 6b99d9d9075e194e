"""bgsage's N-ply search without its position cache (bot.computer.uncached): bgsage cleared that
cache after every checker play by writing its whole table, and a worker forked from the forkserver that holds the
analyzer copied the table's 41 MB for itself. Off, a worker keeps sharing those pages, and the plays rank the
same as with bgsage's own analyzer, cache on."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.computer import sage
from bot.computer.board import sage_board
from bot.engine.position import Position
from tests.computer.positions import positions_in_play

pytestmark = pytest.mark.skipif(not sage.available(), reason="bgsage is not installed")


def private_megabytes() -> float:
    with open("/proc/self/smaps_rollup") as rollup:
        for line in rollup:
            if line.startswith("Private_Dirty:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no Private_Dirty in smaps_rollup")


def two_ply_search_growth() -> float:
    """In a worker: the private memory a first 2-ply checker play adds."""
    before = private_megabytes()
    sage.checker_play(2, sage_board(Position.initial()), (3, 1), sage.CubeState())
    return private_megabytes() - before


#: In a process of its own, so that the forkserver is the bot's, with bgsage's analyzer loaded (one started
#: earlier in this test process may lack it).
IN_A_WORKER = """
from concurrent.futures import ProcessPoolExecutor
from bot.processes import forkserver
from tests.computer.test_sage_cache import two_ply_search_growth
with ProcessPoolExecutor(1, mp_context=forkserver()) as pool:
    print(pool.submit(two_ply_search_growth).result())
"""


def test_a_two_ply_search_in_a_worker_copies_no_cache_table() -> None:
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", IN_A_WORKER], capture_output=True, text=True, timeout=120, cwd=root)
    assert done.returncode == 0, done.stderr[-2000:]
    # 14-21 MB of the search's own; with bgsage's cache cleared after the play (its 41 MB table copied) 48 MB
    assert float(done.stdout) < 34


def test_without_its_position_cache_bgsage_ranks_the_plays_the_same() -> None:
    own = sage._engine().bgsage.BgBotAnalyzer(eval_level="2ply", parallel_threads=sage.THREADS)  # cache on
    cube = sage.CubeState(away=(3, 2))
    for position, dice in [(Position.initial(), (6, 4)), *positions_in_play(4, seed=11)]:
        board = sage_board(position)
        ours = sage.ranked_plays(2, board, dice, cube)
        theirs = own.checker_play(list(board), dice[0], dice[1], cube.value, cube.owner, **cube.arguments())
        assert [(move.board, move.equity) for move in ours] == [
            (tuple(map(int, move.board)), float(move.equity)) for move in theirs.moves
        ]
