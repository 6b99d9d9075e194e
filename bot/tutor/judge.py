"""What the computer's worker processes run for the tutor: one decision judged, or a position's best choices, by
the analysis's evaluator (bot.analysis.evaluate) at the tutor's level. Blocking: never on the event loop.

The level is the analysis's `quick` one: checker plays ranked by the neural net (1 ply, the net the computer's
workers already hold), cube decisions at 2 plies, as the analysis judges them at every level."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import Any

from bot.analysis.decisions import Choice, Kind, decision_at, decision_now
from bot.analysis.evaluate import CHOICE_TEXT, LEVELS, Evaluator
from bot.computer import sage
from bot.computer.board import legal_plays_by_board
from bot.engine.game import Phase
from bot.engine.match import Match
from bot.engine.match_log import MatchLog
from bot.tutor.advice import Hint, HintLine, Judgement

#: The analysis level the tutor and the hints judge at (bot.analysis.evaluate.LEVELS).
TUTOR_LEVEL = "quick"
#: How many plays a hint lists.
HINT_PLAYS = 3


@contextlib.contextmanager
def promptly() -> Iterator[None]:
    """Leave the idle scheduling class for the length of one request (bot.computer.pool.run_when_idle): the
    computer's own search may wait for spare CPU, a player waiting for the tutor may not (a few milliseconds of
    work, still niced). Back to the class it was in afterwards; where there is none, nothing changes."""
    idle = getattr(os, "SCHED_IDLE", None)
    try:
        was_idle = idle is not None and os.sched_getscheduler(0) == idle
        if was_idle:
            os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))
    except (OSError, AttributeError):
        was_idle = False
    try:
        yield
    finally:
        if was_idle:
            with contextlib.suppress(OSError):
                os.sched_setscheduler(0, idle, os.sched_param(0))  # type: ignore[arg-type]


def judge_in_worker(log_json: str, entry: int, level: str = TUTOR_LEVEL) -> dict[str, Any]:
    """In a worker: the judgement of the decision made by the log's entry `entry` (JSON), or {} when that entry
    decided nothing the analysis rates (a forced play, a roll without a possible double)."""
    with promptly():
        decision = decision_at(MatchLog.from_json(log_json), entry)
        if decision is None or decision.forced:
            return {}
        result = Evaluator(LEVELS[level]).decision(decision)
        return Judgement(result.kind, result.chosen, result.best, result.loss).to_json()


def hint_in_worker(log_json: str, level: str = TUTOR_LEVEL) -> dict[str, Any]:
    """In a worker: the best choices of the player the match waits for (JSON), {} when it waits for no choice a
    hint can rank (a resignation offered, the match over)."""
    with promptly():
        return _hint(MatchLog.from_json(log_json), level)


def _hint(log: MatchLog, level: str) -> dict[str, Any]:
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
    legal = legal_plays_by_board(decision.board, dice)
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
