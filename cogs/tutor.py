"""The tutor against the computer: `/bg hint`, and the Undo and Keep buttons of a tutor's note. Thin adapters to
the tutor service (bot.service.tutor); the note itself is shown where the press was held (cogs.ui.tutor_view)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_
from bot.service import MatchUpdate
from cogs.ui.custom_ids import TutorAction, TutorControl
from cogs.ui.errors import UserFacingError
from cogs.ui.languages import member_language
from cogs.ui.names import TUTOR_COG
from cogs.ui.publisher import GamePublisher
from cogs.ui.tutor_text import hint_text, kept_text, undone_text
from cogs.ui.tutor_view import TutorButton
from cogs.ui.wiring import ComputerSide, remove_from_bg

if TYPE_CHECKING:
    from bot.app import GammonBot


class Tutor(commands.Cog, name=TUTOR_COG):
    """`/bg hint` (a /bg subcommand, cogs.ui.wiring) and the answers to a tutor's note."""

    def __init__(self, bot: GammonBot, publisher: GamePublisher, computer: ComputerSide) -> None:
        self.bot = bot
        self.publisher = publisher
        self.computer = computer

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(TutorButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(TutorButton)
        remove_from_bg(self.bot, self)

    @app_commands.command(name="hint")
    @app_commands.guild_only()
    async def hint(self, interaction: discord.Interaction[Any]) -> None:
        """The best choices for your position, in a tutored match against the computer."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await self.bot.service.match_in_channel(interaction.channel_id or 0)
        if record is None:
            raise UserFacingError(N_("There is no match in this channel. Start one with `/bg computer tutor: error`."))
        hint = await self.bot.service.tutor.hint(record.id, interaction.user.id)
        await interaction.followup.send(hint_text(hint, member_language(interaction)), ephemeral=True)

    async def on_tutor_control(self, interaction: discord.Interaction[Any], control: TutorControl) -> None:
        """Keep: the held decision is stored and the board follows; Undo: the note is closed (and the steps
        entered before a held Done taken back). The note's message says which, once it is stored."""
        tutor = self.bot.service.tutor
        language = member_language(interaction)
        update: MatchUpdate | None
        with self.publisher.acting(control.match_id):  # stored, not yet shown: the board keeper leaves it alone
            if control.action is TutorAction.KEEP:
                update = await tutor.keep(control.match_id, control.note_id, interaction.user.id)
                said = kept_text(await tutor.judgement(control.note_id), language)
            else:
                update = await tutor.undo(control.match_id, control.note_id, interaction.user.id)
                said = undone_text(language)
            await interaction.response.edit_message(content=said, view=None)
            if update is not None:
                await self.publisher.publish(update, before=update.before, actor=interaction.user.id)
        if update is not None:
            self.computer.after(update)
