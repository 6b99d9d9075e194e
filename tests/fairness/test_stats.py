"""Dice statistics (issue 18, /stats dice): the counts from a match's log, the texts beside fair dice, the chart."""

from __future__ import annotations

import io
import random

from PIL import Image

from bot.engine import events as ev
from bot.engine.dice import MatchSeeds, new_server_seed
from bot.engine.options import MatchOptions
from bot.fairness.stats import EXPECTED_PIPS, ROLL_KINDS, dice_stats, players_rolls
from bot.records.mat import match_events
from cogs.ui.dice_text import dice_fields
from render.dice_chart import dice_chart
from tests.fairness.helpers import played_match


def test_expected_pips_per_roll() -> None:
    every = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    assert dice_stats(every).pips_per_roll == EXPECTED_PIPS
    assert len(ROLL_KINDS) == 21 and dice_stats(every).kinds == tuple(1 if a == b else 2 for a, b in ROLL_KINDS)


def test_counts_of_given_rolls() -> None:
    stats = dice_stats([(6, 6), (3, 1), (1, 3), (2, 5)])
    assert stats.rolls == 4 and stats.doubles == 1 and stats.pips == 24 + 4 + 4 + 7
    assert stats.faces == (2, 1, 2, 0, 1, 2)
    assert stats.kinds[ROLL_KINDS.index((3, 1))] == 2 and stats.kinds[ROLL_KINDS.index((6, 6))] == 1
    assert stats.faces_p is None and stats.kinds_p is None  # too few rolls for a chi-square test


def test_a_players_rolls_are_their_rolled_events() -> None:
    match = played_match(MatchSeeds(new_server_seed(), "a", "b"), MatchOptions.match(3), 8)
    events = match_events(match.log)
    for player in (0, 1):
        mine = [e.dice for e in events if isinstance(e, ev.Rolled) and e.player == player]
        assert players_rolls(match.log, player) == mine and mine


def test_the_embed_and_the_chart() -> None:
    rng = random.Random(5)
    stats = dice_stats((rng.randint(1, 6), rng.randint(1, 6)) for _ in range(600))
    fields = dict(dice_fields(stats))
    assert fields["Rolls"].startswith("600 ")
    assert "p = " in fields["Chi-square"] and "needs" not in fields["Chi-square"]
    assert fields["Pips per roll"].startswith(f"{stats.pips_per_roll:.2f} (fair: 8.17")
    assert fields["The 21 rolls (fair in brackets)"].count("(") == 21
    assert sum(len(value) for value in fields.values()) < 6000  # Discord's limit for an embed
    assert all(len(value) <= 1024 for value in fields.values())  # and for a field
    png = dice_chart(
        "Alice",
        stats.faces,
        stats.expected_face,
        stats.kinds,
        [f"{a}{b}" for a, b in ROLL_KINDS],
        [stats.expected_kind(kind) for kind in ROLL_KINDS],
    )
    assert Image.open(io.BytesIO(png)).size == (800, 360)
    assert dict(dice_fields(dice_stats([])))["Rolls"].startswith("None yet")
