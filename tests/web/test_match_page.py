"""A match page's analysis panel (issue 34), from a played match and an analysis made by hand for it (no bgsage):
each step marked with the worst grade of its counted decisions, the play made beside the best one with the equity
lost, the chart of the first player's equity with every graded decision marked on its step, and each roll's luck
on the step that rolled it."""

from __future__ import annotations

from bot.analysis import player_figures
from bot.analysis.decisions import match_points
from bot.engine.dice import MatchSeeds
from bot.engine.match_log import MatchLog
from bot.engine.options import MatchOptions
from bot.web.match_page import CHART_HEIGHT, CHART_WIDTH, _mark, match_page
from tests.fairness.helpers import played_match
from tests.web.helpers import EQUITIES, analysis_of, result


def played() -> MatchLog:
    """A 3-point match of three games (the luck is laid game by game)."""
    return played_match(MatchSeeds(bytes(32), "c", "a"), MatchOptions.match(3), 5).log


def test_the_worst_counted_grade_marks_a_step() -> None:
    assert _mark([result(0, 0, 0.03), result(1, 0, 0.05), result(2, 0, 0.5, counted=False)]) == "error"
    assert _mark([result(0, 0, 0.03), result(1, 1, 0.09)]) == "blunder"
    assert _mark([result(0, 0, 0.019), result(1, 0, 0.9, counted=False)]) == ""


def test_the_move_list_and_the_steps_carry_each_decisions_grade_and_best_play() -> None:
    log = played()
    points = match_points(log).decisions
    blunder, error, doubtful, uncounted = [d.index for d in points if d.kind.value == "checker"][:4]
    losses = {blunder: 0.2, error: 0.05, doubtful: 0.025, uncounted: 0.6}
    analysis = analysis_of(log, losses, {uncounted})
    page, frames = match_page(7, log, (3, 1), 0, analysis, None)
    step = {index: frame.index for frame in frames for index in frame.decisions}
    marked = {line.index: line.mark for line in page.lines if line.mark}
    assert marked == {step[blunder]: "blunder", step[error]: "error", step[doubtful]: "doubtful"}
    judged = page.frames[step[blunder]]["an"]
    assert [(e["chosen"], e["best"], e["loss"], e["grade"], e["counted"]) for e in judged] == [
        (f"made {blunder}", f"best {blunder}", 0.2, "blunder", True)
    ]
    assert page.frames[step[uncounted]]["an"][0]["grade"] == ""  # not counted: shown, never graded
    assert page.figures == (player_figures(analysis, 0), player_figures(analysis, 1))


def test_the_chart_follows_the_first_players_equity_and_marks_each_graded_decision() -> None:
    log = played()
    points = match_points(log).decisions
    graded = {points[3].index: 0.1, points[8].index: 0.045}
    page, frames = match_page(7, log, (3, 1), 0, analysis_of(log, graded, set()), None)
    assert len(page.chart) == len(points) and page.chart_path.startswith("M0.0,")
    assert page.chart_path.count("L") == len(points) - 1
    for decision, point in zip(points, page.chart, strict=True):
        equity = EQUITIES[decision.index % len(EQUITIES)] * (1 if decision.player == 0 else -1)
        assert point.y == round(CHART_HEIGHT / 2 * (1 - max(-1.0, min(1.0, equity))), 1)
        assert 0.0 <= point.x <= CHART_WIDTH and point.frame == next(
            frame.index for frame in frames if decision.index in frame.decisions
        )
    assert page.chart[-1].x == CHART_WIDTH
    assert {(p.frame, p.mark) for p in page.chart if p.mark} == {
        (page.chart[3].frame, "blunder"),
        (page.chart[8].frame, "error"),
    }


def test_each_rolls_luck_is_on_the_step_that_rolled_it() -> None:
    log = played()
    rolls = match_points(log).rolls
    page, frames = match_page(7, log, (3, 1), 0, analysis_of(log, {}, set()), None)
    shown = [(roll.who, roll.dice, roll.luck) for line in page.lines for roll in line.luck]
    expected = [(r.player, f"{r.dice[0]}{r.dice[1]}", round((k + 1) / 1000 * (1 if k % 2 else -1), 3))
                for k, r in enumerate(rolls)]  # fmt: skip
    assert shown == expected and len({r.game for r in rolls}) == 3
    for frame, line, entry in zip(frames, page.lines, page.frames, strict=True):
        assert [(roll.who, roll.dice) for roll in line.luck] == [(p, f"{a}{b}") for p, a, b in frame.rolls]
        assert entry["lk"] == [{"who": roll.who, "dice": roll.dice, "luck": roll.luck} for roll in line.luck]
    # A roll the analysis could not rate is left out; the later ones stay on their own steps.
    page, _ = match_page(7, log, (3, 1), 0, analysis_of(log, {}, set(), dropped=5), None)
    assert [(roll.who, roll.dice, roll.luck) for line in page.lines for roll in line.luck] == expected[:5] + expected[
        6:
    ]
    unanalysed, _ = match_page(7, log, (3, 1), 0, None, None)
    assert all(not line.luck for line in unanalysed.lines) and unanalysed.chart == []


def test_every_rolls_luck_is_shown_when_a_forced_play_ends_a_game() -> None:
    """A forced play that ends a game and the next game's opening roll, in one action: each roll's luck still
    found on its own step (a step's game is the one it was played in)."""
    log = played_match(MatchSeeds(bytes(32), "c", "a"), MatchOptions.match(5), 32).log
    rolls = match_points(log).rolls
    page, frames = match_page(7, log, (5, 3), 0, analysis_of(log, {}, set()), None)
    assert any(frame.pending for frame in frames)
    shown = [(line.game, roll.who, roll.dice) for line in page.lines for roll in line.luck]
    assert shown == [(r.game, r.player, f"{r.dice[0]}{r.dice[1]}") for r in rolls]
