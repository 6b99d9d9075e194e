"""A match's records: `/bg export` as a .mat file that GNU Backgammon and other programs import (the text
comes from bot.records), and `/bg fairness`, how its dice are made and how to check them. Both answers
are private, in the language of the member who asked; the file itself is English, as gnubg writes it."""

from __future__ import annotations

import asyncio
import datetime
import functools
import io
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_, translate
from bot.records import MatExport, export_mat
from bot.records.advice import advice_lines
from bot.service import MatchRecord
from cogs.ui.event_text import shortened
from cogs.ui.fairness_text import challenge_fairness_text, fairness_text, unchecked_text
from cogs.ui.languages import member_language
from cogs.ui.match_choice import chosen_match, describe, filename, match_choices
from cogs.ui.wiring import remove_from_bg

if TYPE_CHECKING:
    from bot.app import GammonBot
    from bot.service import GameService


class Records(commands.Cog):
    """`/bg fairness` and `/bg export` (/bg subcommands, cogs.ui.wiring)."""

    def __init__(self, bot: GammonBot) -> None:
        self.bot = bot

    @property
    def service(self) -> GameService:
        return self.bot.service

    async def cog_unload(self) -> None:
        remove_from_bg(self.bot, self)

    @app_commands.command(name="fairness")
    @app_commands.guild_only()
    @app_commands.describe(match="The match's number (default: this channel's running or latest match).")
    async def fairness(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """How a match's dice are made and how to check every roll.

        Without `match`, the open challenges of this channel come first: their commitments, before anyone accepts."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        language = member_language(interaction)
        waiting = [] if match is not None else await self.service.challenges.open_in(interaction.channel_id or 0)
        if waiting:  # the commitment before anyone accepts: the challenge itself says only that dice can be checked
            text = challenge_fairness_text(waiting, language)
        else:
            record = await chosen_match(self.service, interaction, match)
            info = record.fairness
            text = unchecked_text(record, language) if info is None else fairness_text(record, info, language)
        await interaction.followup.send(
            shortened(text), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @fairness.autocomplete("match")
    async def fairness_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        return await match_choices(self.service, interaction, current)

    @app_commands.command(name="export")
    @app_commands.guild_only()
    @app_commands.describe(match="The match's number (default: this channel's running or latest match).")
    async def export(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """Download a match as a .mat file for GNU Backgammon and other programs."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await chosen_match(self.service, interaction, match)
        date = datetime.datetime.fromtimestamp(record.created_at, tz=datetime.UTC).date()
        advice = advice_lines(await self.service.tutor.notes(record.id))  # English, as the file is
        export = await asyncio.to_thread(  # a replay of the whole log
            functools.partial(export_mat, record.match.log, date=date, fairness=record.fairness, advice=advice)
        )
        file = discord.File(io.BytesIO(export.text.encode("utf-8")), filename=filename(record))
        await interaction.followup.send(
            export_text(record, export, member_language(interaction)), file=file, ephemeral=True
        )

    @export.autocomplete("match")
    async def export_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        return await match_choices(self.service, interaction, current)


#: How to open an exported file (the same message as cogs.ui.match_choice.HOW_TO_OPEN's text).
OPEN_IT = N_(
    "Open it in GNU Backgammon with File > Import (or `import mat <file>`), or in any program that reads .mat match "
    "files."
)


def export_text(record: MatchRecord, export: MatExport, language: str) -> str:
    """The answer that brings the file: which match, how to open it, and its notes (the Jacoby setting, what gnubg
    could not hold), in the member's `language`."""
    notes = "".join(f"\n{note.render(language)}" for note in export.notes)
    return shortened(f"{describe(record, language)}.\n{translate(language, OPEN_IT)}{notes}")
