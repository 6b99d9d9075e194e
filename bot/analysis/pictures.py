"""An analysed decision as the plain data its picture needs, and the picture (render.analysis draws it).

The analysis keeps boards in bgsage's format and the cube and score from the deciding side; the renderer takes
engine positions and player-indexed values, so the conversion lives here, on the analysis side.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.analysis.result import DecisionResult
from bot.computer.board import position_from_sage
from render.analysis import DecisionBoard
from render.analysis import decision_picture as draw_decision
from render.words import ENGLISH, BoardWords


def _owner(decision: DecisionResult) -> int | None:
    if decision.cube_owner == "centered":
        return None
    return decision.viewer if decision.cube_owner == "player" else 1 - decision.viewer


def _scores(decision: DecisionResult, length: int) -> tuple[int, int]:
    if not length:
        return (0, 0)
    mine, theirs = length - decision.away[0], length - decision.away[1]
    return (mine, theirs) if decision.viewer == 0 else (theirs, mine)


def decision_board(decision: DecisionResult, length: int) -> DecisionBoard:
    """The decision of a match of `length` points (0: money) as render.analysis draws it."""
    return DecisionBoard(
        kind=decision.kind,
        player=decision.player,
        viewer=decision.viewer,
        position=position_from_sage(decision.board),
        cube=decision.cube,
        cube_owner=_owner(decision),
        scores=_scores(decision, length),
        match_length=length,
        crawford=decision.crawford,
        dice=decision.dice,
        chosen=decision.chosen,
        best=decision.best,
        loss=decision.loss,
        played=decision.play(best=False),
        best_play=decision.play(best=True),
    )


def decision_picture(
    decision: DecisionResult,
    names: tuple[str, str],
    length: int,
    theme: str = "dark",
    *,
    captions: Sequence[str] | None = None,
    words: BoardWords = ENGLISH,
) -> bytes:
    """PNG: the decision's play made and best play side by side (a cube decision: its board), with captions (the
    reader's, else English) and the boards' words."""
    return draw_decision(decision_board(decision, length), names, theme, captions=captions, words=words)
