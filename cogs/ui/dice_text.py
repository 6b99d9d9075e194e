"""What `/stats dice [player]` shows: a player's rolls over every match in the server against what fair
dice give, with chi-square p-values and a chart, in the language of the member who asked, the chart's
words too. The figures come from bot.fairness.stats (cogs/ladder.py asks the service for the rolls)."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine.match_log import MatchLog
from bot.fairness.stats import EXPECTED_PIPS, ROLL_KINDS, DiceStats, dice_stats, players_rolls
from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from cogs.ui.number_text import number, percent
from render.dice_chart import dice_chart

DICE_CHART_FILE = "dice.png"
ROLLS = N_("Rolls")
DOUBLES = N_("Doubles")
PIPS_PER_ROLL = N_("Pips per roll")
#: The fields that share a row; the others take the embed's whole width.
_INLINE = (DOUBLES, PIPS_PER_ROLL)


def p_text(p: float | None, needed: int, language: str = DEFAULT_LANGUAGE) -> str:
    if p is None:
        return translate(language, N_("needs at least {count} rolls"), count=needed)
    verdict = N_("p = {p} (as fair dice often do)") if p >= 0.01 else N_("p = {p} (unusual for fair dice)")
    return translate(language, verdict, p=number(language, p, 3))


def dice_fields(stats: DiceStats, language: str = DEFAULT_LANGUAGE) -> list[tuple[str, str]]:
    """(name, value) pairs of the dice embed: each figure with what fair dice give."""

    def field(name: str, value: str, **params: Any) -> tuple[str, str]:
        return translate(language, name), translate(language, value, **params)

    if not stats.rolls:
        return [field(ROLLS, N_("None yet: rolls are counted from the matches this player plays here."))]
    fair_face = number(language, stats.expected_face, 1)
    faces = "\n".join(
        translate(language, N_("{face}: {seen} (fair: {fair})"), face=face, seen=seen, fair=fair_face)
        for face, seen in enumerate(stats.faces, 1)
    )
    cells = [
        f"{high}{low}: {seen:>3} ({number(language, stats.expected_kind((high, low)), 1)})"
        for (high, low), seen in zip(ROLL_KINDS, stats.kinds, strict=True)
    ]
    table = "\n".join("   ".join(cells[i : i + 3]) for i in range(0, len(cells), 3))
    chi_square = "\n".join(
        (
            translate(language, N_("faces: {p}"), p=p_text(stats.faces_p, 15, language)),
            translate(language, N_("the 21 rolls: {p}"), p=p_text(stats.kinds_p, 180, language)),
        )
    )
    return [
        field(ROLLS, N_("{rolls} (each roll of theirs in a game; opening rolls are left out)"), rolls=stats.rolls),
        (translate(language, N_("Faces")), faces),
        field(
            DOUBLES,
            N_("{doubles} ({share}; fair: {fair}, {fair_share})"),
            doubles=stats.doubles,
            share=percent(language, stats.doubles / stats.rolls),
            fair=number(language, stats.rolls / 6, 1),
            fair_share=percent(language, 1 / 6),
        ),
        field(
            PIPS_PER_ROLL,
            N_("{pips} (fair: {fair}; doubles count four times)"),
            pips=number(language, stats.pips_per_roll, 2),
            fair=number(language, EXPECTED_PIPS, 2),
        ),
        (translate(language, N_("Chi-square")), chi_square),
        (translate(language, N_("The 21 rolls (fair in brackets)")), f"```\n{table}\n```"),
    ]


def dice_figures(logs: list[tuple[MatchLog, int]]) -> DiceStats:
    """The player's rolls over these matches against fair dice (replays every log: run it in a thread)."""
    return dice_stats(roll for log, player in logs for roll in players_rolls(log, player))


def dice_embed(name: str, stats: DiceStats, matches: int, language: str = DEFAULT_LANGUAGE) -> discord.Embed:
    """The /stats dice embed, without its chart."""
    embed = discord.Embed(title=translate(language, N_("Dice of {name}"), name=name), colour=discord.Colour.blurple())
    inline = {translate(language, name) for name in _INLINE}
    for field_name, value in dice_fields(stats, language):
        embed.add_field(name=field_name, value=value, inline=field_name in inline)
    footer = (
        N_("{count} match in this server · the dice of every match can be checked: /bg fairness")
        if matches == 1
        else N_("{count} matches in this server · the dice of every match can be checked: /bg fairness")
    )
    embed.set_footer(text=translate(language, footer, count=number(language, matches)))
    return embed


def dice_chart_of(name: str, stats: DiceStats, language: str = DEFAULT_LANGUAGE) -> bytes:
    """The chart of faces and rolls against fair dice, its words in `language` (Pillow: run it in a thread)."""
    labels = [f"{high}{low}" for high, low in ROLL_KINDS]
    rolls = sum(stats.faces) // 2
    return dice_chart(
        name,
        stats.faces,
        stats.expected_face,
        stats.kinds,
        labels,
        [stats.expected_kind(kind) for kind in ROLL_KINDS],
        titles=(translate(language, N_("Faces")), translate(language, N_("The 21 rolls"))),
        caption=translate(language, N_("{count} rolls · orange: fair dice"), count=number(language, rolls)),
        unnamed=translate(language, N_("Player")),
    )
