"""GNU Backgammon as an opponent in the benchmarks: its checker play at 0 or 2 plies (its own numbering).

GNU Backgammon is GPL-3: only the benchmarks import it (the PyPI `gnubg` module, a dev dependency), never the
bot. The 2-ply player is gnubg's "world class" setting: deterministic, cubeless, its move filter for 2-ply
(the 8 best plays within 0.16 at 0-ply searched at 2-ply, gnubg's MOVEFILTER_NORMAL). The module gives a play
as (from, to) pairs and cuts the tuple short at the first checker borne off (off is its terminator); then
every legal play's result is evaluated at the same depth and the best taken, which is gnubg's own judgement
without the filter.
"""

from __future__ import annotations

from typing import Any

import gnubg

from bot.engine import Match
from bot.engine.actions import Move
from bot.engine.play import Play
from bot.engine.position import Position

#: gnubg's "normal" move filter for a 2-ply search, as its Python module takes it: level 0 keeps 8 within 0.16,
#: level 1 (1-ply) is skipped.
WORLD_CLASS_FILTER = [
    {"ply": 2, "level": 0, "acceptmoves": 0, "extramoves": 8, "threshold": 0.16},
    {"ply": 2, "level": 1, "acceptmoves": -1, "extramoves": 0, "threshold": 0.0},
]

Sides = tuple[tuple[int, ...], tuple[int, ...]]


def after_move(board: list[list[int]], move: tuple[int, ...]) -> Sides:
    """gnubg's board [the other side, the mover] after the mover's `move` ((from, to) pairs, 1-based, 25 the
    bar, 0 off): (the mover's points 1-24 and bar, the other side's)."""
    mover, other = list(board[1]), list(board[0])
    for start, end in zip(move[0::2], move[1::2], strict=True):
        mover[start - 1] -= 1
        if end > 0:
            mover[end - 1] += 1
            if other[24 - end] == 1:  # a blot hit: the mover's point `end` is the other side's 25 - end
                other[24 - end] = 0
                other[24] += 1
    return tuple(mover), tuple(other)


def best_play(match: Match, plies: int, cube: Any = None) -> Move:
    """gnubg's play at `plies` for the side on roll, as one of the engine's legal plays; `cube` is gnubg's
    cube_info (the cube and match score; a centred money cube when None)."""
    position = match.game.position
    assert match.dice is not None and match.to_act is not None
    board = [list(position.opponent[1:26]), list(position.mover[1:26])]
    context = gnubg.eval_context(0, plies, 1, 0, 0)
    dice = (max(match.dice), min(match.dice))
    cube = gnubg.cube_info() if cube is None else cube
    arguments: list[Any] = [board, cube, context, dice]
    if plies == 2:
        arguments.append(WORLD_CLASS_FILTER)
    best = tuple(gnubg.find_best_moves(*arguments)[0]["move"])
    plays: list[Play] = match.legal_plays()
    if len(best) % 2:  # cut short at a checker borne off: each play's result judged as gnubg judges plays
        return Move(match.to_act, max(plays, key=lambda play: equity_after(position.apply(play), context, cube)))
    wanted = after_move(board, best)
    for play in plays:
        after = position.apply(play)  # seen from the other side, now on roll
        if (tuple(after.opponent[1:26]), tuple(after.mover[1:26])) == wanted:
            return Move(match.to_act, play)
    raise AssertionError(f"gnubg's play {best} with {dice} is not among the engine's legal plays")


def equity_after(after: Position, context: Any, cube: Any) -> float:
    """gnubg's cubeless equity of a position just after a play (`after` seen from the side now on roll), for
    the side that played."""
    board = [list(after.opponent[1:26]), list(after.mover[1:26])]
    return -float(gnubg.evaluate(board, cube, context)[5])
