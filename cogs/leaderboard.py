"""The ladder commands (issue 9): /leaderboard, /stats player, /stats dice (issue 18) and /history, per server.

The leaderboard is an embed of 10 players a page with Previous / Next buttons. The buttons are DynamicItems
whose custom_id carries who asked and which page to show, so they keep working after a restart; the
person who asked turns the pages of the message, anyone else gets their own private copy at that page.
Names are the ones stored with the ratings, so a member who left still shows. All figures come from
bot.ratings (this module runs no SQL); the chart is drawn in a thread so Pillow never blocks the loop.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.analysis.figures import pr_trend
from bot.analysis.jobs import prs_of_matches, recent_prs
from bot.ratings import store
from bot.ratings.records import HistoryEntry, LadderEntry, LeaderboardPage, PlayerStats
from bot.store import Database
from cogs.computer import computer_record_lines
from cogs.dice_stats import dice_command
from cogs.errors import UserFacingError, report_error
from cogs.event_text import escape_text
from render.chart import rating_chart

LEADERBOARD_TEMPLATE = re.compile(r"bglb:(?P<owner>[0-9]{1,20}):(?P<page>[0-9]{1,9}):(?P<direction>prev|next)")
NAME_WIDTH = 32
CHART_FILE = "rating.png"
_COLOUR = discord.Colour.blurple()


# --- text (pure: tested without Discord) ---------------------------------------------------------------------


def safe_name(name: str) -> str:
    """A stored display name made safe for an embed: markdown escaped, at most NAME_WIDTH characters."""
    name = " ".join(name.split()) or "(no name)"
    if len(name) > NAME_WIDTH:
        name = name[: NAME_WIDTH - 1] + "\u2026"
    return escape_text(name)  # the escaping of every message that shows a name (cogs.event_text)


def plural(count: int, word: str) -> str:
    """`1 match`, `2 matches`, `3 losses`, `0 wins`."""
    if count == 1:
        return f"{count} {word}"
    return f"{count} {word}es" if word.endswith(("ch", "ss")) else f"{count} {word}s"


def ladder_line(entry: LadderEntry) -> str:
    return (
        f"`#{entry.rank:>3}` **{safe_name(entry.name)}** · {entry.rating:.2f} · "
        f"{plural(entry.matches, 'match')}, {plural(entry.wins, 'win')}"
    )


def leaderboard_text(page: LeaderboardPage) -> tuple[str, str, str]:
    """The description, the caller's line and the footer of a leaderboard page."""
    if not page.entries:
        description = "Nobody is rated here yet. Finish a match (`/bg challenge`) to start the ladder."
    else:
        description = "\n".join(ladder_line(entry) for entry in page.entries)
    if page.caller is None:
        you = "Not rated yet: your first finished match puts you on the ladder."
    else:
        you = f"#{page.caller.rank} of {page.player_count} · {page.caller.rating:.2f}"
        if not page.caller_on_page:
            you = f"{ladder_line(page.caller)}\n(on page {(page.caller.rank - 1) // store.PAGE_SIZE + 1})"
    footer = f"Page {page.page + 1} of {page.page_count} · {plural(page.player_count, 'player')}"
    return description, you, footer


def streak_text(streak: int) -> str:
    if streak == 0:
        return "none yet"
    return plural(abs(streak), "win" if streak > 0 else "loss") + " in a row"


def stats_fields(stats: PlayerStats) -> list[tuple[str, str]]:
    """(name, value) pairs of the stats embed."""
    standing = stats.standing
    if standing is None:
        return [("Rating", "1500.00 · not rated yet in this server")]
    fields = [
        ("Rating", f"{standing.rating:.2f} · rank #{standing.rank}"),
        ("Matches", f"{standing.matches} played · {standing.wins} won · {standing.losses} lost"),
        ("Current streak", streak_text(stats.streak)),
        ("Gammons", f"{stats.gammons_won} won · {stats.gammons_lost} lost"),
        ("Backgammons", f"{stats.backgammons_won} won · {stats.backgammons_lost} lost"),
        ("Cubes", f"{stats.cubes_taken} taken · {stats.cubes_dropped} dropped"),
        ("Average match length", f"{stats.average_length or 0:.1f} points · experience {stats.experience}"),
    ]
    if stats.head_to_head is not None:
        h2h = stats.head_to_head
        fields.append(("Against you", f"{h2h.wins} won · {h2h.losses} lost"))
    return fields


def message_link(guild_id: int, channel_id: int | None, message_id: int | None) -> str | None:
    if channel_id is None or message_id is None:
        return None
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


def history_line(guild_id: int, entry: HistoryEntry) -> str:
    kind = "money game" if entry.length == 0 else f"{entry.length}-point match"
    result = "**won**" if entry.won else "lost"
    line = (
        f"<t:{int(entry.finished_at)}:d> {result} {entry.score}\u2013{entry.opponent_score} "
        f"vs **{safe_name(entry.opponent_name)}** · {kind}"
    )
    if entry.result_kind == "claimed":
        line += " (claimed on time)"
    elif entry.result_kind == "timeout":
        line += " (on time: the clock ran out)"
    if entry.rating_change is not None:
        line += f" · {entry.rating_change:+.2f}"
    link = message_link(guild_id, entry.channel_id, entry.message_id)
    if link is not None:
        line += f" · [last message]({link})"
    return line


# --- Discord -------------------------------------------------------------------------------------------------


def _db(interaction: discord.Interaction[Any]) -> Database:
    """The bot's database connection (GammonBot.db)."""
    db = getattr(interaction.client, "db", None)
    if not isinstance(db, Database):
        raise UserFacingError("The bot is still starting; try again in a moment.")
    return db


def _guild_id(interaction: discord.Interaction[Any]) -> int:
    if interaction.guild_id is None:
        raise UserFacingError("Ladders belong to a server: use this command in a server channel.")
    return interaction.guild_id


class LeaderboardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=LEADERBOARD_TEMPLATE):
    """Previous / Next: shows page `page` of the ladder. The page is data in the custom_id, never memory."""

    def __init__(self, owner_id: int, page: int, direction: str, *, disabled: bool = False) -> None:
        label = "Previous" if direction == "prev" else "Next"
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"bglb:{owner_id}:{page}:{direction}",
                disabled=disabled,
            )
        )
        self.owner_id, self.page, self.direction = owner_id, page, direction

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LeaderboardButton:
        return cls(int(match["owner"]), int(match["page"]), match["direction"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            guild_id = _guild_id(interaction)
            viewer = interaction.user.id
            page = await store.leaderboard_page(_db(interaction), guild_id, self.page, caller_id=viewer)
            embed, view = leaderboard_message(interaction, page, viewer)
            if viewer == self.owner_id:
                await interaction.response.edit_message(embed=embed, view=view)
            else:
                await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
        except Exception as error:
            await report_error(interaction, error)


def leaderboard_message(
    interaction: discord.Interaction[Any], page: LeaderboardPage, owner_id: int
) -> tuple[discord.Embed, discord.ui.View]:
    description, you, footer = leaderboard_text(page)
    server = interaction.guild.name if interaction.guild is not None else "this server"
    embed = discord.Embed(title=f"Leaderboard of {server}", description=description, colour=_COLOUR)
    embed.add_field(name="You", value=you, inline=False)
    embed.set_footer(text=footer)
    view = discord.ui.View(timeout=None)
    view.add_item(LeaderboardButton(owner_id, max(page.page - 1, 0), "prev", disabled=page.page == 0))
    last = page.page_count - 1
    view.add_item(LeaderboardButton(owner_id, min(page.page + 1, last), "next", disabled=page.page >= last))
    return embed, view


class Leaderboard(commands.Cog):
    """Per-server ratings: the ladder, a player's stats with a rating chart, and recent matches."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LeaderboardButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LeaderboardButton)

    @app_commands.command(name="leaderboard")
    @app_commands.guild_only()
    @app_commands.describe(page="Which page of 10 players (default: the first)")
    async def leaderboard(
        self, interaction: discord.Interaction[Any], page: app_commands.Range[int, 1, 1_000_000] = 1
    ) -> None:
        """This server's ladder: rank, rating, matches and wins, 10 a page, and where you stand."""
        guild_id = _guild_id(interaction)
        ladder = await store.leaderboard_page(_db(interaction), guild_id, page - 1, caller_id=interaction.user.id)
        embed, view = leaderboard_message(interaction, ladder, interaction.user.id)
        await interaction.response.send_message(embed=embed, view=view)

    #: `/stats player` and `/stats dice` (issue 18): Discord does not let a command be both callable and a group.
    stats_group = app_commands.Group(
        name="stats", description="A player's ladder stats, or their dice", guild_only=True
    )

    @stats_group.command(name="player")
    @app_commands.describe(player="Whose stats (default: yours)")
    async def stats(
        self, interaction: discord.Interaction[Any], player: discord.Member | discord.User | None = None
    ) -> None:
        """A player's rating, rank, record, gammons, cubes, streak, your head-to-head and a rating chart."""
        guild_id = _guild_id(interaction)
        target = player or interaction.user
        await interaction.response.defer(thinking=True)
        figures = await store.player_stats(
            _db(interaction), guild_id, target.id, viewer_id=interaction.user.id, name=target.display_name
        )
        chart = await asyncio.to_thread(rating_chart, figures.ratings, name=figures.name)
        embed = discord.Embed(title=f"Stats of {safe_name(figures.name)}", colour=_COLOUR)
        for name, value in stats_fields(figures):
            embed.add_field(name=name, value=value, inline=name != "Average match length")
        against_computer = await computer_stats(interaction, target.id, guild_id)
        if against_computer:
            embed.add_field(name="Against the computer (not rated)", value=against_computer, inline=False)
        analysed = pr_trend(await recent_prs(_db(interaction), target.id, guild_id))
        if analysed:
            embed.add_field(name="Analysed play (issue 17)", value=analysed, inline=False)
        embed.set_image(url=f"attachment://{CHART_FILE}")
        await interaction.followup.send(embed=embed, file=discord.File(io.BytesIO(chart), filename=CHART_FILE))

    @stats_group.command(name="dice")
    @app_commands.describe(player="Whose dice (default: yours)")
    async def dice(
        self, interaction: discord.Interaction[Any], player: discord.Member | discord.User | None = None
    ) -> None:
        """A player's rolls in this server: faces, the 21 rolls, doubles, pips, against fair dice, with a chart."""
        service = getattr(interaction.client, "service", None)
        if service is None:
            raise UserFacingError("The bot is still starting; try again in a moment.")
        target = player or interaction.user
        name = await store.player_name(_db(interaction), target.id) or target.display_name
        await dice_command(service, interaction, target, safe_name(name))

    @app_commands.command(name="history")
    @app_commands.guild_only()
    @app_commands.describe(player="Whose matches (default: yours)")
    async def history(
        self, interaction: discord.Interaction[Any], player: discord.Member | discord.User | None = None
    ) -> None:
        """A player's latest finished matches: opponent, length, final score and a link to the last message."""
        guild_id = _guild_id(interaction)
        target = player or interaction.user
        db = _db(interaction)
        entries = await store.recent_matches(db, guild_id, target.id)
        name = await store.player_name(db, target.id) or target.display_name
        levels = await computer_levels(interaction, [entry.match_id for entry in entries])
        prs = await prs_of_matches(db, target.id, [entry.match_id for entry in entries])
        description = (
            "\n".join(
                history_line(guild_id, entry)
                + (f" · computer, {levels[entry.match_id]}" if entry.match_id in levels else "")
                + (f" · PR {prs[entry.match_id]:.1f}" if entry.match_id in prs else "")
                for entry in entries
            )
            or "No finished matches yet."
        )
        embed = discord.Embed(title=f"Recent matches of {safe_name(name)}", description=description, colour=_COLOUR)
        await interaction.response.send_message(embed=embed)


async def computer_stats(interaction: discord.Interaction[Any], user_id: int, guild_id: int) -> str:
    """The player's record against the computer per level (issue 16), from the game service."""
    service = getattr(interaction.client, "service", None)
    if service is None:
        return ""
    return computer_record_lines(await service.computer.records(user_id, guild_id))


async def computer_levels(interaction: discord.Interaction[Any], match_ids: list[int]) -> dict[int, str]:
    """Which of these matches were against the computer, at what level (issue 16)."""
    service = getattr(interaction.client, "service", None)
    return {} if service is None else dict(await service.computer.levels_of(match_ids))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Leaderboard(bot))
