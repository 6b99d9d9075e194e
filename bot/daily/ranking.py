"""The candidates of a checker decision, ranked by bgsage (blocking: run it in a worker, `rank_in_worker`).

The best CANDIDATES plays at the analysis's checker depth, and the play made when it is not among them, each with
its equity; shown in the menu in the order of their notation, so that the order gives nothing away.
"""

from __future__ import annotations

import traceback
from typing import Any

from bot.analysis.evaluate import LEVELS
from bot.analysis.result import DecisionResult
from bot.computer import sage
from bot.computer.board import plays_by_result, position_from_sage, sage_board
from bot.daily.puzzle import Candidate

#: Plays offered for a checker decision at most, besides the play made.
CANDIDATES = 5
#: The depth of the ranking: the analysis's standard checker depth.
PLIES = LEVELS["standard"].checker_plies


def checker_candidates(decision: DecisionResult, plies: int = PLIES) -> tuple[Candidate, ...]:
    """The plays to choose from, each with its equity (EMG per unit of cube, the mover's)."""
    position = position_from_sage(decision.board)
    legal = plays_by_result(position, position.legal_plays(decision.dice))
    played = decision.play(best=False)
    played_board = sage_board(position.after_steps(played.steps))
    cube = sage.CubeState(decision.cube, decision.cube_owner, decision.away, decision.crawford)
    ranked = sage.ranked_plays(plies, decision.board, decision.dice, cube, (played_board,))
    chosen = [move for move in ranked[:CANDIDATES] if move.board in legal]
    if all(move.board != played_board for move in chosen):
        chosen += [move for move in ranked if move.board == played_board][:1]
    candidates = [
        Candidate(str(legal[move.board]), round(move.equity, 5), move.board == played_board) for move in chosen
    ]
    return tuple(sorted(candidates, key=lambda candidate: candidate.text))


def rank_in_worker(decision_json: str, plies: str) -> dict[str, Any]:
    """In a worker process (bot.computer.pool's task): the candidates as JSON values, or `{"error": traceback}`."""
    import json

    try:
        decision = DecisionResult.from_dict(json.loads(decision_json))
        found = checker_candidates(decision, int(plies))
        return {"candidates": [[c.text, c.equity, c.played] for c in found]}
    except Exception:
        return {"error": traceback.format_exc()}
