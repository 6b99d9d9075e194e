"""Listens for deleted channels and threads: their matches end at once, aborted and unrated (cogs.ui.channel_gone).

Discord reports a deletion on the gateway (CHANNEL_DELETE, THREAD_DELETE; discord.py's raw event covers threads
it never cached); a deletion the bot missed shows up when it next posts there (`ended_if_gone`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from cogs.ui.channel_gone import channel_gone

if TYPE_CHECKING:
    from bot.app import GammonBot


class Channels(commands.Cog):
    """Listens for deleted channels and threads."""

    def __init__(self, bot: GammonBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await channel_gone(self.bot, channel.id)

    @commands.Cog.listener()
    async def on_thread_delete(self, thread: discord.Thread) -> None:
        await channel_gone(self.bot, thread.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await channel_gone(self.bot, payload.thread_id)  # also for threads the bot never cached
