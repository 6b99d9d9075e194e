"""The ladder commands: /leaderboard, /stats player, /stats dice and /history, per server.

The leaderboard is an embed of 10 players a page with Previous / Next buttons (cogs.ui.ladder_text); the person who
asked turns the pages of the message, anyone else gets their own private copy at that page. Every answer, its charts
too, is in the language of the member who asked. Names are the ones
stored with the ratings, so a member who left still shows. All figures come from bot.ratings and bot.analysis
(this module runs no SQL); the charts are drawn in a thread so Pillow never blocks the loop.
"""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.analysis.figures import pr_trend
from bot.daily.service import DailyService
from bot.i18n import N_, translate
from cogs.ui.computer_text import computer_record_lines, level_name
from cogs.ui.daily_text import DAILY_FIELD
from cogs.ui.daily_text import figures_text as daily_figures
from cogs.ui.dice_text import DICE_CHART_FILE, dice_chart_of, dice_embed, dice_figures
from cogs.ui.errors import UserFacingError
from cogs.ui.ladder_text import (
    AVERAGE_LENGTH,
    CHART_FILE,
    COLOUR,
    LeaderboardButton,
    chart_caption,
    guild_id_of,
    history_line,
    leaderboard_message,
    safe_name,
    stats_fields,
)
from cogs.ui.languages import member_language
from cogs.ui.names import LADDER_COG
from cogs.ui.number_text import number
from cogs.ui.web_links import match_url, player_link_view, player_url, view_kwargs, with_links
from render.chart import rating_chart

if TYPE_CHECKING:
    from bot.app import GammonBot


class Ladder(commands.Cog, name=LADDER_COG):
    """Per-server ratings: the ladder, a player's stats with a rating chart, and recent matches."""

    def __init__(self, bot: GammonBot, daily: DailyService | None = None) -> None:
        self.bot = bot
        self.daily = daily  # the daily position's figures

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LeaderboardButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LeaderboardButton)

    @app_commands.command(name="leaderboard")
    @app_commands.guild_only()
    @app_commands.describe(page="Which page of 10 players to show (default: the first).")
    async def leaderboard(
        self, interaction: discord.Interaction[Any], page: app_commands.Range[int, 1, 1_000_000] = 1
    ) -> None:
        """This server's ladder: rank, rating, matches and wins, 10 a page, and where you stand."""
        guild_id = guild_id_of(interaction)
        ladder = await self.bot.records.leaderboard_page(guild_id, page - 1, caller_id=interaction.user.id)
        embed, view = leaderboard_message(interaction, ladder, interaction.user.id, member_language(interaction))
        await interaction.response.send_message(embed=embed, view=view)

    async def show_page(self, interaction: discord.Interaction[Any], owner_id: int, page: int) -> None:
        """Previous / Next: the asker turns the pages of the message, anyone else gets a private copy."""
        guild_id = guild_id_of(interaction)
        viewer = interaction.user.id
        shown = await self.bot.records.leaderboard_page(guild_id, page, caller_id=viewer)
        embed, view = leaderboard_message(interaction, shown, viewer, member_language(interaction))
        if viewer == owner_id:
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    #: `/stats player` and `/stats dice`: Discord does not let a command be both callable and a group.
    stats_group = app_commands.Group(
        name="stats", description="A player's ladder stats, or their dice.", guild_only=True
    )

    @stats_group.command(name="player")
    @app_commands.describe(player="Whose stats to show (default: yours).")
    async def stats(
        self, interaction: discord.Interaction[Any], player: discord.Member | discord.User | None = None
    ) -> None:
        """A player's rating, rank, record, gammons, cubes, streak, head-to-head and rating chart."""
        guild_id = guild_id_of(interaction)
        target = player or interaction.user
        language = member_language(interaction)
        await interaction.response.defer(thinking=True)
        figures = await self.bot.records.player_stats(
            guild_id, target.id, viewer_id=interaction.user.id, name=target.display_name
        )
        unnamed = translate(language, N_("Player"))
        caption = chart_caption(figures.ratings, language)
        chart = await asyncio.to_thread(
            rating_chart, figures.ratings, name=figures.name, caption=caption, unnamed=unnamed
        )
        title = translate(language, N_("Stats of {name}"), name=safe_name(figures.name, language))
        embed = discord.Embed(title=title, colour=COLOUR)
        for name, value in stats_fields(figures, language):
            embed.add_field(name=name, value=value, inline=name != translate(language, AVERAGE_LENGTH))
        against_computer = await self.computer_stats(target.id, guild_id, language)
        if against_computer:
            computer = translate(language, N_("Against the computer (not rated)"))
            embed.add_field(name=computer, value=against_computer, inline=False)
        analysed = pr_trend(await self.bot.records.recent_prs(target.id, guild_id), language)
        if analysed:
            embed.add_field(name=translate(language, N_("Analysed play")), value=analysed, inline=False)
        if self.daily is not None and (daily := await self.daily.member_figures(guild_id, target.id)).answered:
            embed.add_field(name=translate(language, DAILY_FIELD), value=daily_figures(daily, language), inline=False)
        embed.set_image(url=f"attachment://{CHART_FILE}")
        page = view_kwargs(await self.player_page(guild_id, target.id, language))
        await interaction.followup.send(embed=embed, file=discord.File(io.BytesIO(chart), filename=CHART_FILE), **page)

    @stats_group.command(name="dice")
    @app_commands.describe(player="Whose dice to show (default: yours).")
    async def dice(
        self, interaction: discord.Interaction[Any], player: discord.Member | discord.User | None = None
    ) -> None:
        """A player's rolls in this server compared with fair dice, with a chart."""
        service = self.bot.service
        target = player or interaction.user
        language = member_language(interaction)
        name = await self.bot.records.player_name(target.id) or target.display_name  # as drawn on the chart
        if interaction.guild_id is None:
            raise UserFacingError(N_("Dice statistics belong to a server: use this command in a server channel."))
        await interaction.response.defer(thinking=True)
        logs = await service.player_logs(interaction.guild_id, target.id)
        stats = await asyncio.to_thread(dice_figures, logs)
        embed = dice_embed(safe_name(name, language), stats, len(logs), language)
        if not stats.rolls:
            await interaction.followup.send(embed=embed)
            return
        chart = await asyncio.to_thread(dice_chart_of, name, stats, language)
        embed.set_image(url=f"attachment://{DICE_CHART_FILE}")
        await interaction.followup.send(embed=embed, file=discord.File(io.BytesIO(chart), filename=DICE_CHART_FILE))

    @app_commands.command(name="history")
    @app_commands.guild_only()
    @app_commands.describe(player="Whose matches to show (default: yours).")
    async def history(
        self, interaction: discord.Interaction[Any], player: discord.Member | discord.User | None = None
    ) -> None:
        """A player's latest finished matches: opponent, length, final score and a link to each."""
        guild_id = guild_id_of(interaction)
        target = player or interaction.user
        language = member_language(interaction)
        records = self.bot.records
        entries = await records.recent_matches(guild_id, target.id)
        name = await records.player_name(target.id) or target.display_name
        levels = await self.computer_levels([entry.match_id for entry in entries])
        prs = await records.prs_of_matches(target.id, [entry.match_id for entry in entries])
        lines = []
        for entry in entries:
            line = history_line(guild_id, entry, language)
            if entry.match_id in levels:
                level = level_name(levels[entry.match_id], language)
                line += " · " + translate(language, N_("computer, {level}"), level=level)
            if entry.match_id in prs:
                line += f" · PR {number(language, prs[entry.match_id], 1)}"
            lines.append(line)
        description = "\n".join(lines) or translate(language, N_("No finished matches yet."))
        title = translate(language, N_("Recent matches of {name}"), name=safe_name(name, language))
        embed = discord.Embed(title=title, description=description, colour=COLOUR)
        # After the Player page, a link button to each listed match's page (at most
        # bot.ratings.records.HISTORY_SIZE, 10): 11 buttons in 3 rows, within the 25 Discord allows under a message.
        view = with_links(
            await self.player_page(guild_id, target.id, language),
            *((f"#{e.match_id}", match_url(e.match_id)) for e in entries),
        )
        await interaction.response.send_message(embed=embed, **view_kwargs(view))

    async def player_page(self, guild_id: int, user_id: int, language: str) -> discord.ui.View | None:
        """A **Player page** link button where the server's web page is on."""
        if player_url(guild_id, user_id) is None or not await self.bot.service.settings.web_page(guild_id):
            return None
        return player_link_view(guild_id, user_id, language)

    async def computer_stats(self, user_id: int, guild_id: int, language: str) -> str:
        """The player's record against the computer per level, from the game service."""
        service = self.bot.service
        return computer_record_lines(await service.computer.records(user_id, guild_id), language)

    async def computer_levels(self, match_ids: list[int]) -> dict[int, str]:
        """Which of these matches were against the computer, at what level."""
        service = self.bot.service
        return dict(await service.computer.levels_of(match_ids))
