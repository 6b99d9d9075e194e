"""World-class's checker play: a move filter in the manner of GNU Backgammon's, deeper at each stage.

Every legal play is ranked by the raw net (1-ply, bgsage's numbering). Each stage then takes the plays within
`within` of the best so far, at most `keep` of them, and evaluates them `plies` deep; they go ahead of the
rest, which keep their shallower equities. GNU Backgammon's "world class" keeps up to 8 plays within 0.16 at its
0-ply and evaluates them at its 2-ply (bgsage's 3-ply). Evaluating a play at bgsage's 2-ply costs a few
milliseconds and at 3-ply 50-300 ms (on a busy 2-core machine), so the filter is wider at the cheap stage and
keeps a handful for the deep one (bot.computer.levels.WORLD_CLASS_FILTER). The cheap stage also replaces
bgsage's own 2-ply checker play, which makes every play cube-aware at 2-ply: up to 0.6 s for a roll with many
plays.
"""

from __future__ import annotations

from bot.computer import sage
from bot.computer.levels import Stage


def survivors(ranked: list[sage.RankedMove], stage: Stage) -> list[sage.RankedMove]:
    """The plays a stage looks at deeper: the first `keep` of `ranked` (best first) within `within` of the best."""
    if not ranked:
        return []
    best = ranked[0].equity
    return [move for move in ranked if best - move.equity <= stage.within][: stage.keep]


def filtered_checker_play(
    stages: tuple[Stage, ...], board: tuple[int, ...], dice: tuple[int, int], cube: sage.CubeState
) -> list[sage.RankedMove]:
    """Every play, best first: ranked at 1-ply, then refined stage by stage. A stage with one play left to
    look at is skipped (its answer is known), so a forced or obvious play costs no search."""
    ranked = sage.checker_play(1, board, dice, cube)
    for stage in stages:
        chosen = survivors(ranked, stage)
        if len(chosen) < 2:
            break
        deeper = [sage.RankedMove(move.board, *sage.after_move(stage.plies, move.board, cube)) for move in chosen]
        deeper.sort(key=lambda move: -move.equity)
        looked = {move.board for move in chosen}
        ranked = deeper + [move for move in ranked if move.board not in looked]
    return ranked
