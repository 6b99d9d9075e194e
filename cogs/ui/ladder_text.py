"""The ladder's text (issue 9): names made safe, ranks, the caller's line, stats fields, history lines, and the
leaderboard's Previous / Next buttons. The buttons are DynamicItems whose custom_id carries who asked and which
page to show, so they keep working after a restart; the Ladder cog (cogs/ladder.py, found by name) answers them.
"""

from __future__ import annotations

import re
from typing import Any, Protocol, runtime_checkable

import discord
from discord.ext import commands

from bot.ratings.records import PAGE_SIZE, HistoryEntry, LadderEntry, LeaderboardPage, PlayerStats
from cogs.ui.errors import UserFacingError, report_error
from cogs.ui.event_text import escape_text
from cogs.ui.names import LADDER_COG

LEADERBOARD_TEMPLATE = re.compile(r"bglb:(?P<owner>[0-9]{1,20}):(?P<page>[0-9]{1,9}):(?P<direction>prev|next)")
NAME_WIDTH = 32
CHART_FILE = "rating.png"
COLOUR = discord.Colour.blurple()


def safe_name(name: str) -> str:
    """A stored display name made safe for an embed: markdown escaped, at most NAME_WIDTH characters."""
    name = " ".join(name.split()) or "(no name)"
    if len(name) > NAME_WIDTH:
        name = name[: NAME_WIDTH - 1] + "\u2026"
    return escape_text(name)  # the escaping of every message that shows a name (cogs.ui.event_text)


def plural(count: int, word: str) -> str:
    """`1 match`, `2 matches`, `3 losses`, `0 wins`."""
    if count == 1:
        return f"{count} {word}"
    return f"{count} {word}es" if word.endswith(("ch", "ss")) else f"{count} {word}s"


def rating_text(rating: float) -> str:
    """`rating 1520`: whole points, as the sites show a rating (the ladder keeps the decimals for its sums)."""
    return f"rating {rating:.0f}"


def ladder_line(entry: LadderEntry) -> str:
    return (
        f"`#{entry.rank:>3}` **{safe_name(entry.name)}** · {rating_text(entry.rating)} · "
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
        you = f"#{page.caller.rank} of {page.player_count} · {rating_text(page.caller.rating)}"
        if not page.caller_on_page:
            you = f"{ladder_line(page.caller)}\n(on page {(page.caller.rank - 1) // PAGE_SIZE + 1})"
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
        return [("Rating", "1500 · not rated yet in this server")]
    fields = [
        ("Rating", f"{standing.rating:.0f} · rank #{standing.rank}"),
        ("Matches", f"{standing.matches} played · {standing.wins} won · {standing.losses} lost"),
        ("Current streak", streak_text(stats.streak)),
        ("Gammons", f"{stats.gammons_won} won · {stats.gammons_lost} lost"),
        ("Backgammons", f"{stats.backgammons_won} won · {stats.backgammons_lost} lost"),
        ("Cubes", f"{stats.cubes_taken} taken · {stats.cubes_dropped} dropped"),
        (
            "Average match length",
            f"{stats.average_length or 0:.1f} points · {plural(stats.experience, 'point')} played in all",
        ),
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
        line += " (on time: a match clock ran out)"
    if entry.rating_change is not None:
        line += f" · rating {entry.rating_change:+.1f}"
    link = message_link(guild_id, entry.channel_id, entry.message_id)
    if link is not None:
        line += f" · [last message]({link})"
    return line


@runtime_checkable
class LadderPages(Protocol):
    """The Ladder cog (cogs/ladder.py), which shows a page of the leaderboard."""

    async def show_page(self, interaction: discord.Interaction[Any], owner_id: int, page: int) -> None: ...


def guild_id_of(interaction: discord.Interaction[Any]) -> int:
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
        client = interaction.client
        cog = client.get_cog(LADDER_COG) if isinstance(client, commands.bot.BotBase) else None  # auto-sharded too
        try:
            if not isinstance(cog, LadderPages):
                raise UserFacingError("The bot is still starting; try again in a moment.")
            await cog.show_page(interaction, self.owner_id, self.page)
        except Exception as error:
            await report_error(interaction, error)


def leaderboard_message(
    interaction: discord.Interaction[Any], page: LeaderboardPage, owner_id: int
) -> tuple[discord.Embed, discord.ui.View]:
    description, you, footer = leaderboard_text(page)
    server = interaction.guild.name if interaction.guild is not None else "this server"
    embed = discord.Embed(title=f"Leaderboard of {server}", description=description, colour=COLOUR)
    embed.add_field(name="You", value=you, inline=False)
    embed.set_footer(text=footer)
    view = discord.ui.View(timeout=None)
    view.add_item(LeaderboardButton(owner_id, max(page.page - 1, 0), "prev", disabled=page.page == 0))
    last = page.page_count - 1
    view.add_item(LeaderboardButton(owner_id, min(page.page + 1, last), "next", disabled=page.page >= last))
    return embed, view
