"""The global error handler: every failed slash command is answered by cogs.ui.errors.report_error (player
mistakes privately in plain words, bugs with an apology and a log line). Before any command runs, the tree's
interaction check refuses option values Discord's client never sends (cogs.ui.forged_options)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.ui.errors import report_error
from cogs.ui.forged_options import check_options


class Errors(commands.Cog):
    """Installs the global app command error handler while loaded."""

    def __init__(self, bot: commands.bot.BotBase) -> None:
        self.bot = bot
        self._previous = bot.tree.on_error
        self._previous_check = bot.tree.interaction_check

    async def cog_load(self) -> None:
        self.bot.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        self.bot.tree.interaction_check = self.options_check  # type: ignore[method-assign]

    async def cog_unload(self) -> None:
        self.bot.tree.on_error = self._previous  # type: ignore[method-assign]
        self.bot.tree.interaction_check = self._previous_check  # type: ignore[method-assign]

    async def options_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Raises ForgedOption (answered by the error handler) for a value Discord's client never sends."""
        check_options(interaction)
        return True

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await report_error(interaction, error)
