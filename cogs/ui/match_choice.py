"""The `match` option of /bg fairness, /bg export and /bg analyze: a match of this channel, running or over (or one
of this server named by its number), its autocomplete, and how a match is named in answers and file names."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.service import MatchRecord, MatchStatus, NotFoundError
from cogs.ui.errors import UserFacingError

if TYPE_CHECKING:
    from bot.service import GameService

MAX_CHOICES = 25
_UNSAFE = re.compile(r"[^A-Za-z0-9]+")

HOW_TO_OPEN = (
    "Open it in GNU Backgammon with File > Import (or `import mat <file>`), or in any program that reads "
    ".mat match files."
)


async def chosen_match(
    service: GameService, interaction: discord.Interaction[Any], match_id: int | None
) -> MatchRecord:
    """The match a `match` option names (of this server only), else this channel's running or latest match."""
    if match_id is not None:
        try:
            record = await service.match(match_id)
        except NotFoundError:
            record = None
        if record is None or record.guild_id != interaction.guild_id:
            raise UserFacingError(f"There is no match #{match_id} in this server.")
        return record
    records = await service.recent_matches_in_channel(interaction.channel_id or 0, limit=1)
    if not records:
        raise UserFacingError(
            "No match has been played in this channel yet. Name one by its number: `/bg export match:<number>`."
        )
    return records[0]


async def match_choices(
    service: GameService, interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[int]]:
    """The autocomplete: this channel's matches, running first, filtered by what was typed."""
    records = await service.recent_matches_in_channel(interaction.channel_id or 0, limit=MAX_CHOICES)
    typed = current.strip().lstrip("#").lower()
    choices = []
    for record in records:
        label = describe(record)
        if typed in label.lower():
            choices.append(app_commands.Choice(name=label[:100], value=record.id))
    return choices[:MAX_CHOICES]


def describe(record: MatchRecord) -> str:
    """`#12 Alice vs Bob, match to 5, 3-1, running`."""
    match = record.match
    kind = f"match to {match.options.length}" if match.options.length else "money game"
    state = {MatchStatus.ACTIVE: "running", MatchStatus.FINISHED: "over", MatchStatus.ABORTED: "stopped"}[record.status]
    names = f"{record.players[0].name} vs {record.players[1].name}"
    return f"#{record.id} {names}, {kind}, {match.scores[0]}-{match.scores[1]}, {state}"


def filename(record: MatchRecord) -> str:
    """`match-12-Alice-vs-Bob.mat`, kept to letters and digits so every system can save it."""
    names = [
        _UNSAFE.sub("-", player.name).strip("-")[:20] or f"player{index + 1}"
        for index, player in enumerate(record.players)
    ]
    return f"match-{record.id}-{names[0]}-vs-{names[1]}.mat"
