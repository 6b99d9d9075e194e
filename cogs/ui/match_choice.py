"""The `match` option of /bg fairness, /bg export and /bg analyze: a match of this channel, running or over (or one
of this server named by its number), its autocomplete, and how a match is named in answers and file names."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from bot.service import MatchRecord, MatchStatus, NotFoundError
from cogs.ui.errors import UserFacingError
from cogs.ui.event_text import escape_name
from cogs.ui.languages import member_language

if TYPE_CHECKING:
    from bot.service import GameService

MAX_CHOICES = 25
_UNSAFE = re.compile(r"[^A-Za-z0-9]+")

#: Said with an exported match (marked here, shown with `translate` in the member's language).
HOW_TO_OPEN = N_(
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
            raise UserFacingError(N_("There is no match #{match} in this server."), match=match_id)
        return record
    records = await service.recent_matches_in_channel(interaction.channel_id or 0, limit=1)
    if not records:
        raise UserFacingError(
            N_("No match has been played in this channel yet. Name one by its number: `/bg export match:<number>`.")
        )
    return records[0]


async def match_choices(
    service: GameService, interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[int]]:
    """The autocomplete: this channel's matches, running first, filtered by what was typed; in the language of the
    member typing."""
    records = await service.recent_matches_in_channel(interaction.channel_id or 0, limit=MAX_CHOICES)
    typed = current.strip().lstrip("#").lower()
    language = member_language(interaction)
    choices = []
    for record in records:
        label = describe(record, language, markdown=False)
        if typed in label.lower():
            choices.append(app_commands.Choice(name=label[:100], value=record.id))
    return choices[:MAX_CHOICES]


def describe(record: MatchRecord, language: str = DEFAULT_LANGUAGE, *, markdown: bool = True) -> str:
    """`#12 Alice vs Bob, match to 5, 3-1, running`, in the reader's language: for a message (the names escaped),
    or, not `markdown`, for an autocomplete choice, which Discord shows as plain text (the names as they are)."""
    match = record.match
    length = match.options.length
    kind = translate(language, N_("match to {length}"), length=length) if length else translate(language, MONEY)
    said = _DESCRIBED[record.status]
    first, second = (escape_name(p.name) if markdown else p.name for p in record.players)
    score = f"{match.scores[0]}-{match.scores[1]}"
    return translate(language, said, match=record.id, first=first, second=second, kind=kind, score=score)


MONEY = N_("money game")
#: A match's description in a list, by its state.
_DESCRIBED = {
    MatchStatus.ACTIVE: N_("#{match} {first} vs {second}, {kind}, {score}, running"),
    MatchStatus.FINISHED: N_("#{match} {first} vs {second}, {kind}, {score}, over"),
    MatchStatus.ABORTED: N_("#{match} {first} vs {second}, {kind}, {score}, stopped"),
}


def filename(record: MatchRecord) -> str:
    """`match-12-Alice-vs-Bob.mat`, kept to letters and digits so every system can save it."""
    names = [
        _UNSAFE.sub("-", player.name).strip("-")[:20] or f"player{index + 1}"
        for index, player in enumerate(record.players)
    ]
    return f"match-{record.id}-{names[0]}-vs-{names[1]}.mat"
