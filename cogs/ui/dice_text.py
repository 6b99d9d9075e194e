"""What `/stats dice [player]` shows (issue 18): a player's rolls over every match in the server against what fair
dice give, with chi-square p-values and a chart. The figures come from bot.fairness.stats (cogs/ladder.py asks the
service for the rolls)."""

from __future__ import annotations

import discord

from bot.engine.match_log import MatchLog
from bot.fairness.stats import EXPECTED_PIPS, ROLL_KINDS, DiceStats, dice_stats, players_rolls
from render.dice_chart import dice_chart

DICE_CHART_FILE = "dice.png"


def p_text(p: float | None, needed: int) -> str:
    if p is None:
        return f"needs at least {needed} rolls"
    verdict = "as fair dice often do" if p >= 0.01 else "unusual for fair dice"
    return f"p = {p:.3f} ({verdict})"


def dice_fields(stats: DiceStats) -> list[tuple[str, str]]:
    """(name, value) pairs of the dice embed: each figure with what fair dice give."""
    if not stats.rolls:
        return [("Rolls", "None yet: rolls are counted from the matches this player plays here.")]
    expected_face = stats.expected_face
    faces = "\n".join(f"{face}: {seen} (fair: {expected_face:.1f})" for face, seen in enumerate(stats.faces, 1))
    cells = [
        f"{high}{low}: {seen:>3} ({stats.expected_kind((high, low)):.1f})"
        for (high, low), seen in zip(ROLL_KINDS, stats.kinds, strict=True)
    ]
    table = "\n".join("   ".join(cells[i : i + 3]) for i in range(0, len(cells), 3))
    return [
        ("Rolls", f"{stats.rolls} (each roll of theirs in a game; opening rolls are left out)"),
        ("Faces", faces),
        ("Doubles", f"{stats.doubles} ({stats.doubles / stats.rolls:.1%}; fair: {stats.rolls / 6:.1f}, 16.7%)"),
        ("Pips per roll", f"{stats.pips_per_roll:.2f} (fair: {EXPECTED_PIPS:.2f}; doubles count four times)"),
        ("Chi-square", f"faces: {p_text(stats.faces_p, 15)}\nthe 21 rolls: {p_text(stats.kinds_p, 180)}"),
        ("The 21 rolls (fair in brackets)", f"```\n{table}\n```"),
    ]


def dice_figures(logs: list[tuple[MatchLog, int]]) -> DiceStats:
    """The player's rolls over these matches against fair dice (replays every log: run it in a thread)."""
    return dice_stats(roll for log, player in logs for roll in players_rolls(log, player))


def dice_embed(name: str, stats: DiceStats, matches: int) -> discord.Embed:
    """The /stats dice embed, without its chart."""
    embed = discord.Embed(title=f"Dice of {name}", colour=discord.Colour.blurple())
    for field_name, value in dice_fields(stats):
        embed.add_field(name=field_name, value=value, inline=field_name in ("Doubles", "Pips per roll"))
    embed.set_footer(
        text=f"{matches} match{'es' if matches != 1 else ''} in this server · the dice of every "
        "match can be checked: /bg fairness"
    )
    return embed


def dice_chart_of(name: str, stats: DiceStats) -> bytes:
    """The chart of faces and rolls against fair dice (Pillow: run it in a thread)."""
    labels = [f"{high}{low}" for high, low in ROLL_KINDS]
    return dice_chart(
        name,
        stats.faces,
        stats.expected_face,
        stats.kinds,
        labels,
        [stats.expected_kind(kind) for kind in ROLL_KINDS],
    )
