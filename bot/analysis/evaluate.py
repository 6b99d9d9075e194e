"""`analyse(log, level)`: every decision and roll of a match evaluated by bgsage (blocking: run it in a worker).

Levels (bgsage counts plies so that its 1 ply is the raw neural net, GNU Backgammon's 0 ply):

- `standard` (the default): checker plays ranked by the net, the best five within 0.08 and the play made
  searched at 2 plies; cube decisions and answers at 2 plies. The luck of each roll comes from the same 2-ply cube
  analysis (each roll's best play by the net), so it costs no extra search.
  A play made that the net rates best by 0.10 or more is not searched (it costs nothing either way).
- `thorough`: the same, every play searched.
- `quick`: checker plays by the net alone (1 ply); cube and luck as above.

Cube analyses are shared by the positions that need the same one (a double, its answer, the next roll).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from bot.analysis.decisions import Choice, Decision, Kind, RollPoint, match_points
from bot.analysis.result import DecisionResult, MatchAnalysis, RollLuck
from bot.computer import sage
from bot.computer.board import SageBoard, legal_plays_by_board
from bot.computer.cube_equities import CubeEquities
from bot.engine.match_log import MatchLog
from bot.engine.play import Play
from bot.i18n import N_

#: gnubg's rule for a "close" cube decision (analysis.c, isCloseCubedecision): a no double counts in the figures
#: when doubling was worth at least the no double minus this, or when not doubling was an error.
CLOSE_CUBE = 0.16


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    checker_plies: int
    cube_plies: int
    #: A play the net (1 ply) rates best by at least this much is not searched deeper (0: every play is).
    obvious: float = 0.0


LEVELS = {
    "standard": Level("standard", 2, 2, obvious=0.10),
    "thorough": Level("thorough", 2, 2),
    "quick": Level("quick", 1, 2),
}
DEFAULT_LEVEL = "standard"

#: A cube decision as the analysis stores it: English, marked so that its readers see it in their language
#: (`translate(language, decision.chosen)`; a checker play's text is no message and stays as it is).
CHOICE_TEXT = {
    Choice.NO_DOUBLE: N_("No double"),
    Choice.DOUBLE: N_("Double"),
    Choice.TAKE: N_("Take"),
    Choice.DROP: N_("Drop"),
    Choice.BEAVER: N_("Beaver"),
    Choice.ACCEPT: N_("Accept the beaver"),
    Choice.REFUSE: N_("Refuse the beaver"),
}


def analyse(log: MatchLog, level_name: str = DEFAULT_LEVEL) -> MatchAnalysis:
    """The match's analysis. :raises ValueError: for an unknown level; RuntimeError when bgsage is missing."""
    if level_name not in LEVELS:
        raise ValueError(f"Unknown analysis level {level_name!r}: one of {', '.join(LEVELS)}.")
    started = time.perf_counter()
    points = match_points(log)
    analyser = Evaluator(LEVELS[level_name])
    decisions = tuple(analyser.decision(decision) for decision in points.decisions)
    rolls = tuple(luck for luck in (analyser.roll(roll) for roll in points.rolls) if luck is not None)
    return MatchAnalysis(
        level_name, log.names, log.options.length, decisions, rolls, round(time.perf_counter() - started, 3)
    )


def _steps(play: Play) -> tuple[tuple[int, int, int, bool], ...]:
    return tuple((step.start, step.end, step.die, step.hit) for step in play.steps)


class Evaluator:
    """Judges decisions as the analysis does, at one level: a checker play against the ranked plays, a cube
    decision against the cube analysis (blocking: run it in a worker)."""

    def __init__(self, level: Level) -> None:
        self.level = level
        self._cubes: dict[tuple[SageBoard, sage.CubeState], tuple[CubeEquities, list[sage.RollEquity]]] = {}

    def cube(self, board: SageBoard, cube: sage.CubeState) -> tuple[CubeEquities, list[sage.RollEquity]]:
        key = (board, cube)
        if key not in self._cubes:
            self._cubes[key] = sage.cube_with_rolls(self.level.cube_plies, board, cube)
        return self._cubes[key]

    def roll(self, point: RollPoint) -> RollLuck | None:
        _, rolls = self.cube(point.board, point.cube)
        luck = sage.roll_luck(rolls, point.dice, opening=point.opening)
        return None if luck is None else RollLuck(point.game, point.player, point.dice, round(luck, 5))

    def decision(self, decision: Decision) -> DecisionResult:
        if decision.kind is Kind.CHECKER:
            return self.checker(decision)
        return self.cube_decision(decision)

    def result(
        self,
        decision: Decision,
        chosen: str,
        best: str,
        chosen_equity: float,
        best_equity: float,
        *,
        counted: bool,
        **extra: object,
    ) -> DecisionResult:
        cube = decision.cube
        viewer = decision.player if decision.kind in (Kind.CHECKER, Kind.DOUBLE, Kind.BEAVER) else 1 - decision.player
        return DecisionResult(
            decision.index,
            decision.game,
            decision.player,
            decision.kind.value,
            chosen,
            best,
            round(max(0.0, best_equity - chosen_equity), 5),
            counted,
            decision.forced,
            decision.dice,
            decision.board,
            viewer,
            cube.value,
            cube.owner,
            cube.away,
            cube.crawford,
            round(chosen_equity, 5),
            round(best_equity, 5),
            **extra,  # type: ignore[arg-type]
        )

    def checker(self, decision: Decision) -> DecisionResult:
        assert decision.play is not None and decision.played_board is not None
        text = str(decision.play)
        steps = _steps(decision.play)
        if decision.forced:
            return self.result(decision, text, text, 0.0, 0.0, counted=False, chosen_steps=steps, best_steps=steps)
        ranked = self.ranked(decision)
        played = next((move for move in ranked if move.board == decision.played_board), None)
        best = ranked[0]
        if played is None:  # bgsage does not know the play (never seen): judge it by its own evaluation
            equity, _ = sage.after_move(self.level.checker_plies, decision.played_board, decision.cube)
            played = sage.RankedMove(decision.played_board, equity, best.probs)
        best_play = legal_plays_by_board(decision.board, decision.dice).get(best.board, decision.play)
        return self.result(
            decision,
            text,
            str(best_play),
            played.equity,
            max(best.equity, played.equity),
            counted=True,
            chosen_steps=steps,
            best_steps=_steps(best_play),
        )

    def ranked(self, decision: Decision) -> list[sage.RankedMove]:
        assert decision.played_board is not None
        level = self.level
        if level.obvious and level.checker_plies > 1:
            net = sage.ranked_plays(1, decision.board, decision.dice, decision.cube)
            if (
                net
                and net[0].board == decision.played_board
                and (len(net) == 1 or net[0].equity - net[1].equity >= level.obvious)
            ):
                return net
        return sage.ranked_plays(
            level.checker_plies, decision.board, decision.dice, decision.cube, (decision.played_board,)
        )

    def cube_decision(self, decision: Decision) -> DecisionResult:
        answer, _ = self.cube(decision.board, decision.cube)
        nd, dt, dp = answer.no_double, answer.double_take, answer.double_pass
        chosen = decision.choice
        if decision.kind is Kind.DOUBLE:
            double = min(dt, dp)
            options = {Choice.NO_DOUBLE: nd, Choice.DOUBLE: double}
            close = double > nd - CLOSE_CUBE
            best = max(options, key=lambda choice: options[choice])
            counted = chosen is Choice.DOUBLE or close or best is not chosen
        elif decision.kind is Kind.TAKE:  # the taker's equity is minus the doubler's
            options = {Choice.TAKE: -dt, Choice.DROP: -dp}
            if chosen is Choice.BEAVER or (decision.cube.beavers and decision.cube.away == (0, 0)):
                options[Choice.BEAVER] = -2 * dt
            best = max(options, key=lambda choice: options[choice])
            counted = True
        else:  # the doubler's answer to a beaver: play on at twice the doubled cube, or give up the doubled cube
            options = {Choice.ACCEPT: 2 * dt, Choice.REFUSE: -2.0}
            best = max(options, key=lambda choice: options[choice])
            counted = True
        best_text = CHOICE_TEXT[best]
        if decision.kind is Kind.DOUBLE and best is Choice.DOUBLE:
            best_text = N_("Double, take") if dt <= dp else N_("Double, drop")
        return self.result(decision, CHOICE_TEXT[chosen], best_text, options[chosen], options[best], counted=counted)
