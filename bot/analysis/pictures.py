"""An analysed decision as the plain data its picture needs, and the picture (render.analysis draws it).

The analysis keeps boards in bgsage's format and the cube and score from the deciding side; the renderer takes
engine positions and player-indexed values, so the conversion lives here, on the analysis side.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.analysis.result import DecisionResult
from bot.computer.board import owner_from_sage, position_from_sage, scores_from_away
from render.analysis import DecisionBoard
from render.analysis import decision_picture as draw_decision
from render.words import ENGLISH, BoardWords


def decision_board(decision: DecisionResult, length: int) -> DecisionBoard:
    """The decision of a match of `length` points (0: money) as render.analysis draws it."""
    return DecisionBoard(
        kind=decision.kind,
        player=decision.player,
        viewer=decision.viewer,
        position=position_from_sage(decision.board),
        cube=decision.cube,
        cube_owner=owner_from_sage(decision.cube_owner, decision.viewer),
        scores=scores_from_away(decision.away, length, decision.viewer),
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
