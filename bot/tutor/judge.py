"""What the computer's worker processes run for the tutor: one decision judged, or a position's best choices, by
the analysis's evaluator (bot.analysis.evaluate) at the tutor's level. Blocking: never on the event loop.

The level is the analysis's `quick` one: checker plays ranked by the neural net (1 ply, the net the computer's
workers already hold), cube decisions at 2 plies, as the analysis judges them at every level."""

from __future__ import annotations

from typing import Any

from bot.analysis.decisions import Choice, Kind, decision_at, decision_now
from bot.analysis.evaluate import CHOICE_TEXT, LEVELS, Evaluator
from bot.computer import sage
from bot.computer.board import plays_by_result, position_from_sage
from bot.engine.game import Phase
from bot.engine.match import Match
from bot.engine.match_log import MatchLog
from bot.tutor.advice import Hint, HintLine, Judgement

#: The analysis level the tutor and the hints judge at (bot.analysis.evaluate.LEVELS).
TUTOR_LEVEL = "quick"
#: How many plays a hint lists.
HINT_PLAYS = 3


def judge_in_worker(log_json: str, entry: int, level: str = TUTOR_LEVEL) -> dict[str, Any]:
    """In a worker: the judgement of the decision made by the log's entry `entry` (JSON), or {} when that entry
    decided nothing the analysis rates (a forced play, a roll without a possible double)."""
    decision = decision_at(MatchLog.from_json(log_json), entry)
    if decision is None or decision.forced:
        return {}
    result = Evaluator(LEVELS[level]).decision(decision)
    return Judgement(result.kind, result.chosen, result.best, result.loss).to_json()


def hint_in_worker(log_json: str, level: str = TUTOR_LEVEL) -> dict[str, Any]:
    """In a worker: the best choices of the player the match waits for (JSON), {} when it waits for no choice a
    hint can rank (a resignation offered, the match over)."""
    log = MatchLog.from_json(log_json)
    match = Match.replay(log)
    player, phase = match.to_act, match.phase
    evaluator = Evaluator(LEVELS[level])
    if player is None:
        return {}
    if phase is Phase.MOVING and match.dice is not None:
        return _plays(evaluator, log, player, match.dice).to_json()
    if phase is Phase.ROLLING:
        return _cube(evaluator, log, player, Kind.DOUBLE).to_json()
    if phase is Phase.DOUBLED:
        return _cube(evaluator, log, player, Kind.TAKE).to_json()
    return {}


def _plays(evaluator: Evaluator, log: MatchLog, player: int, dice: tuple[int, int]) -> Hint:
    decision = decision_now(log, Kind.CHECKER, player, dice)
    ranked = sage.ranked_plays(evaluator.level.checker_plies, decision.board, dice, decision.cube)
    position = position_from_sage(decision.board)
    legal = plays_by_result(position, position.legal_plays(dice))
    best = ranked[0].equity if ranked else 0.0
    lines = [
        HintLine(str(legal[move.board]), round(move.equity, 5), round(best - move.equity, 5))
        for move in ranked
        if move.board in legal
    ]
    return Hint("checker", tuple(lines[:HINT_PLAYS]))


def _cube(evaluator: Evaluator, log: MatchLog, player: int, kind: Kind) -> Hint:
    decision = decision_now(log, kind, player)
    answer, _ = evaluator.cube(decision.board, decision.cube)
    if kind is Kind.DOUBLE:
        options = {
            Choice.NO_DOUBLE: answer.no_double,
            Choice.DOUBLE: min(answer.double_take, answer.double_pass),
        }
    else:  # the taker's equity is minus the doubler's
        options = {Choice.TAKE: -answer.double_take, Choice.DROP: -answer.double_pass}
    best = max(options.values())
    lines = sorted(
        (
            HintLine(CHOICE_TEXT[choice], round(equity, 5), round(best - equity, 5))
            for choice, equity in options.items()
        ),
        key=lambda line: line.behind,
    )
    return Hint("cube", tuple(lines))
