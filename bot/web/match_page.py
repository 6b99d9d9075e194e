"""What a match page shows, as plain values for its template: the frames with their move-list lines, the analysis
laid beside them (each decision's grade, the best play against the one made, the equity lost, each roll's luck),
each player's figures, the equity chart's points, and the dice proof with every roll to check. Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.analysis import MatchAnalysis, PlayerFigures, grade, player_figures
from bot.analysis.result import DecisionResult
from bot.engine.dice import FairnessInfo
from bot.engine.match_log import MatchLog
from bot.web.frames import Frame, match_frames

#: Grades, worst first: a frame is marked with the worst of its decisions.
GRADES = ("blunder", "error", "doubtful")
CHART_WIDTH = 600
CHART_HEIGHT = 160


@dataclass(frozen=True, slots=True)
class RollLine:
    """One roll's luck as the page shows it: EMG per unit of cube, from the roller's side (positive: lucky)."""

    who: int
    dice: str  # "63"
    luck: float


@dataclass(frozen=True, slots=True)
class MoveLine:
    index: int
    game: int
    text: str
    mark: str  # "", "doubtful", "error", "blunder"
    luck: tuple[RollLine, ...] = ()


@dataclass(frozen=True, slots=True)
class ChartPoint:
    x: float
    y: float
    frame: int
    mark: str


@dataclass(frozen=True, slots=True)
class MatchPage:
    match_id: int
    names: tuple[str, str]
    length: int
    scores: tuple[int, int]
    winner: int | None
    lines: list[MoveLine]
    frames: list[dict[str, Any]]  # for the page's script: one entry per frame (the first in the page, all as JSON)
    figures: tuple[PlayerFigures, PlayerFigures] | None
    level: str | None
    chart: list[ChartPoint] = field(default_factory=list)
    chart_path: str = ""
    fairness: FairnessInfo | None = None
    rolls: list[list[int]] = field(default_factory=list)
    advice: list[str] = field(default_factory=list)  # the tutor's, against the computer (bot.records.advice)

    @property
    def title(self) -> str:
        kind = f"{self.length}-point match" if self.length else "money game"
        return f"{self.names[0]} vs {self.names[1]}, {kind} #{self.match_id}"


def _mark(decisions: list[DecisionResult]) -> str:
    grades = {grade(d.loss) for d in decisions if d.counted}
    return next((g for g in GRADES if g in grades), "")


def _decision_entry(decision: DecisionResult) -> dict[str, Any]:
    return {
        "who": decision.player,
        "kind": decision.kind,
        "chosen": decision.chosen,
        "best": decision.best,
        "loss": round(decision.loss, 3),
        "grade": grade(decision.loss) if decision.counted else "",
        "counted": decision.counted,
    }


def _frame_entry(frame: Frame, decisions: list[DecisionResult], luck: tuple[RollLine, ...] = ()) -> dict[str, Any]:
    state = frame.state
    return {
        "pid": frame.position_id,
        "mid": state.match_id,
        "n": frame.actions,
        "pending": frame.pending,
        "score": list(state.scores),
        "pips": list(frame.pips),
        "cube": state.cube_value,
        "an": [_decision_entry(d) for d in decisions],
        "lk": [{"who": roll.who, "dice": roll.dice, "luck": roll.luck} for roll in luck],
    }


def _luck(frames: list[Frame], analysis: MatchAnalysis | None) -> list[tuple[RollLine, ...]]:
    """Each frame's rolls with their luck. The analysis has one entry per roll of the match, in the order played
    (bot.analysis.decisions reads the same events), but for a roll bgsage could not rate, left out: an entry is
    laid on the next frame roll with the same game, player and dice."""
    rolls = analysis.rolls if analysis is not None else ()
    at = 0
    per_frame = []
    for frame in frames:
        lines = []
        for player, first, second in frame.rolls:
            rolled = (frame.game, player, (first, second))
            if at < len(rolls) and (rolls[at].game, rolls[at].player, rolls[at].dice) == rolled:
                lines.append(RollLine(player, f"{first}{second}", round(rolls[at].luck, 3)))
                at += 1
        per_frame.append(tuple(lines))
    return per_frame


def _rolls(log: MatchLog) -> list[list[int]]:
    """Every roll of the match, k = 0, 1, ...: the dice in the order drawn (opening ties included)."""
    dice = [*log.start_dice, *(die for entry in log.entries for die in entry.dice)]
    return [[dice[i], dice[i + 1]] for i in range(0, len(dice) - 1, 2)]


def _chart(frames: list[Frame], analysis: MatchAnalysis, marks: list[str]) -> tuple[list[ChartPoint], str]:
    """Player 0's equity before each checker or cube decision (EMG, clipped to -1..+1), as an SVG path."""
    where = {index: frame.index for frame in frames for index in frame.decisions}
    points = []
    count = max(1, len(analysis.decisions) - 1)
    for decision in analysis.decisions:
        equity = decision.best_equity if decision.player == 0 else -decision.best_equity
        equity = max(-1.0, min(1.0, equity))
        x = round(CHART_WIDTH * decision.index / count, 1)
        y = round(CHART_HEIGHT / 2 * (1 - equity), 1)
        frame = where.get(decision.index, 0)
        mark = grade(decision.loss) if decision.counted else ""
        points.append(ChartPoint(x, y, frame, mark))
    path = " ".join(f"{'M' if i == 0 else 'L'}{p.x},{p.y}" for i, p in enumerate(points))
    return points, path


def match_page(
    match_id: int,
    log: MatchLog,
    scores: tuple[int, int],
    winner: int | None,
    analysis: MatchAnalysis | None,
    fairness: FairnessInfo | None,
) -> tuple[MatchPage, list[Frame]]:
    """The page's values and the frames (whose boards the server draws on request)."""
    frames = match_frames(log)
    decided = analysis.decisions if analysis is not None else ()
    per_frame = [[decided[i] for i in frame.decisions if i < len(decided)] for frame in frames]
    marks = [_mark(decisions) for decisions in per_frame]
    luck = _luck(frames, analysis)
    lines = [
        MoveLine(frame.index, frame.game, " · ".join(frame.texts) or "The match starts", mark, rolls)
        for frame, mark, rolls in zip(frames, marks, luck, strict=True)
    ]
    entries = [_frame_entry(*parts) for parts in zip(frames, per_frame, luck, strict=True)]
    figures = None
    chart: list[ChartPoint] = []
    path = ""
    if analysis is not None:
        figures = (player_figures(analysis, 0), player_figures(analysis, 1))
        chart, path = _chart(frames, analysis, marks)
    rolls = _rolls(log) if fairness is not None and fairness.server_seed else []
    page = MatchPage(
        match_id,
        log.names,
        log.options.length,
        scores,
        winner,
        lines,
        entries,
        figures,
        analysis.level if analysis is not None else None,
        chart,
        path,
        fairness,
        rolls,
    )
    return page, frames
