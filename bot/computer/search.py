"""World-class's checker play: a move filter in the manner of GNU Backgammon's, deeper at each stage.

Every legal play is ranked by the raw net (1-ply, bgsage's numbering). Each stage then takes the plays within
`within` of the best so far, at most `keep` of them, and evaluates them `plies` deep; they go ahead of the
rest, which keep their shallower equities. GNU Backgammon's "world class" keeps up to 8 plays within 0.16 at its
0-ply and evaluates them at its 2-ply (bgsage's 3-ply). Evaluating a play at bgsage's 2-ply costs a few
milliseconds and at 3-ply 50-300 ms (on a busy 2-core machine), so the filter is wider at the cheap stage and
keeps a handful for the deep one (bot.computer.levels.WORLD_CLASS_FILTER). The cheap stage also replaces
bgsage's own 2-ply checker play, which makes every play cube-aware at 2-ply: up to 0.6 s for a roll with many
plays.

A deadline (the bot's: a turn within 3 s while its workers get only the CPU people leave) makes a stage
stop before an evaluation that would likely end past it; the plays evaluated deepest still go first, so the
choice falls back to the previous stage's best, never to a guess. Tests and benchmarks pass none: they stay
deterministic.
"""

from __future__ import annotations

import time

from bot.computer import sage
from bot.computer.levels import Stage

#: How much longer the first evaluation of a stage is expected to take than the longest of the stage before
#: (measured over a match: a play at bgsage's 3-ply costs 1-8 times the longest 2-ply one, a 2-ply one 1-12 times
#: the whole 1-ply ranking). Later evaluations of the stage are expected to take as long as its longest so far.
DEEPER_COST = 10.0


def survivors(ranked: list[sage.RankedMove], stage: Stage) -> list[sage.RankedMove]:
    """The plays a stage looks at deeper: the first `keep` of `ranked` (best first) within `within` of the best."""
    if not ranked:
        return []
    best = ranked[0].equity
    return [move for move in ranked if best - move.equity <= stage.within][: stage.keep]


def filtered_checker_play(
    stages: tuple[Stage, ...],
    board: tuple[int, ...],
    dice: tuple[int, int],
    cube: sage.CubeState,
    deadline: float | None = None,
) -> list[sage.RankedMove]:
    """Every play, best first: ranked at 1-ply, then refined stage by stage. A stage with one play left to
    look at is skipped (its answer is known), so a forced or obvious play costs no search. `deadline`
    (time.monotonic()) cuts the search short (module docstring)."""
    started = time.monotonic()
    ranked = sage.checker_play(1, board, dice, cube)
    longest = time.monotonic() - started  # the longest single evaluation of the last stage
    for stage in stages:
        chosen = survivors(ranked, stage)
        if len(chosen) < 2:
            break
        deeper, longest = _evaluate(chosen, stage.plies, cube, deadline, longest * DEEPER_COST)
        deeper.sort(key=lambda move: -move.equity)
        looked = {move.board for move in deeper}
        ranked = deeper + [move for move in ranked if move.board not in looked]
        if len(deeper) < len(chosen):
            break  # out of time: no deeper stage either
    return ranked


def _evaluate(
    chosen: list[sage.RankedMove], plies: int, cube: sage.CubeState, deadline: float | None, guess: float
) -> tuple[list[sage.RankedMove], float]:
    """`chosen` evaluated `plies` deep, best first, as long as the next evaluation is expected to end by
    `deadline` (`guess`: the first one's expected cost); with the longest evaluation's time."""
    deeper: list[sage.RankedMove] = []
    longest = 0.0
    for move in chosen:
        now = time.monotonic()
        if deadline is not None and now + (longest or guess) > deadline:
            break
        deeper.append(sage.RankedMove(move.board, *sage.after_move(plies, move.board, cube)))
        longest = max(longest, time.monotonic() - now)
    return deeper, longest
