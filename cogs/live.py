"""`/bg live`: the match as a Discord Activity beside the chat (docs/activity.md). The Activity finds the match of
its channel itself, or lists the member's matches; the board's **Live board** button opens it the same way
(cogs/play.py). Discord's launch-activity response is the whole answer: nothing is stored."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.ui.live_board import launch
from cogs.ui.wiring import remove_from_bg

if TYPE_CHECKING:
    from bot.app import GammonBot


class Live(commands.Cog):
    """`/bg live` (a /bg subcommand, cogs.ui.wiring)."""

    def __init__(self, bot: GammonBot) -> None:
        self.bot = bot

    async def cog_unload(self) -> None:
        remove_from_bg(self.bot, self)

    @app_commands.command(name="live")
    @app_commands.guild_only()
    async def live(self, interaction: discord.Interaction[Any]) -> None:
        """Open the live board: this channel's match inside Discord, checkers moved by hand."""
        await launch(interaction)
