"""The analysis on hand-made matches whose answer is known (issue 17)."""

from __future__ import annotations

import pytest

from bot.analysis import analyse, band, costliest, grade, player_figures
from bot.analysis.decisions import Choice, Kind, match_points
from bot.analysis.figures import pr_trend
from bot.analysis.result import MatchAnalysis
from bot.computer import sage
from tests.analysis.matches import deliberate_blunder, forced_dance, refused_beaver, wrong_drop

pytestmark = pytest.mark.skipif(not sage.available(), reason="bgsage is not installed")


def test_a_deliberate_blunder_is_the_top_error() -> None:
    analysis = analyse(deliberate_blunder().log)
    top = costliest(analysis, 0)[0]
    assert (top.kind, top.chosen, top.best) == ("checker", "6/3 6/5", "8/5 6/5")
    assert grade(top.loss) == "blunder"
    assert top.counted and not top.forced
    figures = player_figures(analysis, 0)
    assert figures.blunders >= 1 and figures.pr > 20


def test_a_forced_play_costs_nothing_and_does_not_count() -> None:
    analysis = analyse(forced_dance().log)
    dance = [d for d in analysis.decisions if d.kind == "checker" and d.player == 0 and d.dice == (6, 6)]
    assert len(dance) == 1
    assert dance[0].forced and not dance[0].counted
    assert dance[0].loss == 0 and dance[0].chosen == dance[0].best == "no move"
    # Ann's unforced decisions: her opening play and her no double before the dance, if close (it is not).
    assert player_figures(analysis, 0).checker_decisions == 1


def test_a_wrong_drop_at_a_take_point_is_a_cube_error() -> None:
    analysis = analyse(wrong_drop().log)
    drop = next(d for d in analysis.decisions if d.kind == "take")
    assert (drop.player, drop.chosen, drop.best) == (1, "Drop", "Take")
    assert drop.counted and grade(drop.loss) == "blunder"
    double = next(d for d in analysis.decisions if d.kind == "double" and d.chosen == "Double")
    assert double.player == 0 and double.best == "No double" and double.loss > 0
    bob = player_figures(analysis, 1)
    assert bob.cube_decisions == 1 and bob.cube_rate == pytest.approx(500 * drop.loss, abs=0.01)


def test_the_walker_sees_every_decision_and_roll_in_order() -> None:
    points = match_points(wrong_drop().log)
    kinds = [(d.player, d.kind, d.choice) for d in points.decisions]
    assert kinds == [
        (0, Kind.CHECKER, Choice.PLAY),
        (1, Kind.DOUBLE, Choice.NO_DOUBLE),
        (1, Kind.CHECKER, Choice.PLAY),
        (0, Kind.DOUBLE, Choice.DOUBLE),
        (1, Kind.TAKE, Choice.DROP),
    ]
    assert [(r.player, r.dice, r.opening) for r in points.rolls] == [
        (0, (3, 1), True),
        (1, (2, 1), False),
        (0, (4, 2), True),
    ]  # game 2 opens


def test_luck_sums_per_player_and_the_analysis_survives_json() -> None:
    analysis = analyse(forced_dance().log)
    assert len(analysis.rolls) == 3
    bob_hit = analysis.rolls[1]
    assert bob_hit.player == 1 and bob_hit.luck > 0  # 6-1 pointing on a blot is a lucky roll
    assert analysis.rolls[2].luck < 0  # dancing with 6-6
    again = MatchAnalysis.from_json(analysis.to_json())
    assert again == analysis
    assert player_figures(again, 1).luck == pytest.approx(bob_hit.luck, abs=1e-4)


def test_the_pr_trend_of_recent_matches() -> None:
    assert pr_trend([]) == ""
    one = pr_trend([6.2])
    assert one.startswith("PR 6.2 - expert, average of the last 1 analysed match") and "Trend" not in one
    improving = pr_trend([4.0, 5.0, 9.0, 10.0])  # newest first: the newer half plays better
    assert "PR 7.0 - expert" in improving and "Trend: improving (9.5 → 4.5" in improving
    assert "worsening" in pr_trend([12.0, 11.0, 3.0, 4.0]) and "steady" in pr_trend([5.0, 5.1, 5.0, 5.2])
    assert band(2.0) == "world class" and band(13.0) == "intermediate" and band(40.0) == "distracted"


def test_beavers_in_a_money_game() -> None:
    analysis = analyse(refused_beaver().log)
    beaver = next(d for d in analysis.decisions if d.kind == "take")
    assert (beaver.player, beaver.chosen, beaver.best) == (1, "Beaver", "Take")
    # a beaver doubles what the taker loses: wrong as soon as the doubler is the favourite (DT > 0)
    assert beaver.loss == pytest.approx(beaver.chosen_equity / -2, abs=1e-4) and grade(beaver.loss) == "blunder"
    refusal = next(d for d in analysis.decisions if d.kind == "beaver")
    assert (refusal.player, refusal.chosen, refusal.best) == (0, "Refuse the beaver", "Accept the beaver")
    assert grade(refusal.loss) == "blunder" and refusal.counted
    assert player_figures(analysis, 0).cube_decisions == 2  # the double and the answer to the beaver
