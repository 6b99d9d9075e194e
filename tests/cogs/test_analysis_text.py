"""The analysis message's figures carry units or words (issue 33: "+1.2 per 1000 per roll" read as a formula)."""

from __future__ import annotations

from bot.analysis.figures import PlayerFigures
from cogs.ui.analysis_text import figures_text


def figures(luck: float) -> PlayerFigures:
    return PlayerFigures(
        player=0,
        name="Ann",
        pr=6.2,
        checker_rate=5.1,
        cube_rate=9.0,
        checker_decisions=40,
        cube_decisions=5,
        total_loss=0.5,
        doubtful=1,
        errors=2,
        blunders=0,
        luck=luck,
        luck_rate=1000 * luck / 30,
        rolls=30,
    )


def test_figures_say_what_each_number_is() -> None:
    assert figures_text(figures(0.45)).splitlines() == [
        "**PR 6.2 - expert**",
        "Checker play PR 5.1 over 40 plays · cube PR 9.0 over 5 decisions",
        "Doubtful 1 · errors 2 · blunders 0",
        "Luck +0.45 points over 30 rolls (better dice than average)",
    ]
    assert figures_text(figures(-1.5)).endswith("Luck -1.50 points over 30 rolls (worse dice than average)")
    assert figures_text(figures(0.0)).endswith("(average dice)")
