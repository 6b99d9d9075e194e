"""The ladder's text: names made safe, ranks, the caller's line, stats fields, history lines, and the
leaderboard's Previous / Next buttons, in the language of the member who asked (each answer is theirs;
another member turning a page gets a private copy in their own). The buttons are DynamicItems whose custom_id
carries who asked and which page to show, so they keep working after a restart; the Ladder cog (cogs/ladder.py,
found by name) answers them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import discord
from discord.ext import commands

from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from bot.ratings.records import PAGE_SIZE, HistoryEntry, LadderEntry, LeaderboardPage, PlayerStats
from cogs.ui.errors import UserFacingError, report_error
from cogs.ui.event_text import escape_text
from cogs.ui.names import LADDER_COG
from cogs.ui.number_text import number, rating, signed

LEADERBOARD_TEMPLATE = re.compile(r"bglb:(?P<owner>[0-9]{1,20}):(?P<page>[0-9]{1,9}):(?P<direction>prev|next)")
NAME_WIDTH = 32
CHART_FILE = "rating.png"
COLOUR = discord.Colour.blurple()
#: The stats field shown across the whole embed (the others share rows).
AVERAGE_LENGTH = N_("Average match length")

#: (one, every other count) of each counted thing: a whole message per count, as docs/translating.md asks.
MATCHES = (N_("{count} match"), N_("{count} matches"))
WINS = (N_("{count} win"), N_("{count} wins"))
PLAYERS = (N_("{count} player"), N_("{count} players"))
_STREAKS = {
    True: (N_("{count} win in a row"), N_("{count} wins in a row")),
    False: (N_("{count} loss in a row"), N_("{count} losses in a row")),
}
_RESULTS = {
    True: N_("{date} **won** {score}\u2013{opponent_score} vs **{opponent}** · {kind}"),
    False: N_("{date} lost {score}\u2013{opponent_score} vs **{opponent}** · {kind}"),
}
_ON_TIME = {"claimed": N_("(claimed on time)"), "timeout": N_("(on time: a match clock ran out)")}


def counted(language: str, count: int, forms: tuple[str, str]) -> str:
    """`1 match`, `2 matches`: the message for one or for every other count, in `language`."""
    return translate(language, forms[0] if count == 1 else forms[1], count=number(language, count))


def safe_name(name: str, language: str = DEFAULT_LANGUAGE) -> str:
    """A stored display name made safe for an embed: markdown escaped, at most NAME_WIDTH characters."""
    name = " ".join(name.split()) or translate(language, N_("(no name)"))
    if len(name) > NAME_WIDTH:
        name = name[: NAME_WIDTH - 1] + "\u2026"
    return escape_text(name)  # the escaping of every message that shows a name (cogs.ui.event_text)


def rating_text(value: float, language: str = DEFAULT_LANGUAGE) -> str:
    """`rating 1520`: whole points, as the sites show a rating (the ladder keeps the decimals for its sums)."""
    return translate(language, N_("rating {rating}"), rating=rating(language, value))


def ladder_line(entry: LadderEntry, language: str = DEFAULT_LANGUAGE) -> str:
    line = translate(
        language,
        N_("**{name}** · rating {rating} · {matches}, {wins}"),
        name=safe_name(entry.name, language),
        rating=rating(language, entry.rating),
        matches=counted(language, entry.matches, MATCHES),
        wins=counted(language, entry.wins, WINS),
    )
    return f"`#{entry.rank:>3}` {line}"


def leaderboard_text(page: LeaderboardPage, language: str = DEFAULT_LANGUAGE) -> tuple[str, str, str]:
    """The description, the caller's line and the footer of a leaderboard page."""
    if not page.entries:
        description = translate(
            language, N_("Nobody is rated here yet. Finish a match (`/bg challenge`) to start the ladder.")
        )
    else:
        description = "\n".join(ladder_line(entry, language) for entry in page.entries)
    if page.caller is None:
        you = translate(language, N_("Not rated yet: your first finished match puts you on the ladder."))
    elif page.caller_on_page:
        you = translate(
            language,
            N_("#{rank} of {count} · rating {rating}"),
            rank=page.caller.rank,
            count=number(language, page.player_count),
            rating=rating(language, page.caller.rating),
        )
    else:
        on_page = translate(language, N_("(on page {page})"), page=(page.caller.rank - 1) // PAGE_SIZE + 1)
        you = f"{ladder_line(page.caller, language)}\n{on_page}"
    footer = translate(
        language,
        N_("Page {page} of {pages} · {players}"),
        page=page.page + 1,
        pages=page.page_count,
        players=counted(language, page.player_count, PLAYERS),
    )
    return description, you, footer


def streak_text(streak: int, language: str = DEFAULT_LANGUAGE) -> str:
    if streak == 0:
        return translate(language, N_("none yet"))
    return counted(language, abs(streak), _STREAKS[streak > 0])


def stats_fields(stats: PlayerStats, language: str = DEFAULT_LANGUAGE) -> list[tuple[str, str]]:
    """(name, value) pairs of the stats embed."""
    standing = stats.standing

    def field(name: str, value: str, **params: Any) -> tuple[str, str]:
        return translate(language, name), translate(language, value, **params)

    if standing is None:
        return [field(N_("Rating"), N_("{rating} · not rated yet in this server"), rating=rating(language, 1500))]
    won_lost = N_("{won} won · {lost} lost")
    average = number(language, stats.average_length or 0, 1)
    in_all = (
        N_("{average} points · {count} point played in all")
        if stats.experience == 1
        else N_("{average} points · {count} points played in all")
    )
    fields = [
        field(
            N_("Rating"), N_("{rating} · rank #{rank}"), rating=rating(language, standing.rating), rank=standing.rank
        ),
        field(
            N_("Matches"),
            N_("{played} played · {won} won · {lost} lost"),
            played=standing.matches,
            won=standing.wins,
            lost=standing.losses,
        ),
        (translate(language, N_("Current streak")), streak_text(stats.streak, language)),
        field(N_("Gammons"), won_lost, won=stats.gammons_won, lost=stats.gammons_lost),
        field(N_("Backgammons"), won_lost, won=stats.backgammons_won, lost=stats.backgammons_lost),
        field(
            N_("Cubes"), N_("{taken} taken · {dropped} dropped"), taken=stats.cubes_taken, dropped=stats.cubes_dropped
        ),
        field(AVERAGE_LENGTH, in_all, average=average, count=number(language, stats.experience)),
    ]
    if stats.head_to_head is not None:
        h2h = stats.head_to_head
        fields.append(field(N_("Against you"), won_lost, won=h2h.wins, lost=h2h.losses))
    return fields


def chart_caption(ratings: Sequence[float], language: str = DEFAULT_LANGUAGE) -> str:
    """The rating chart's caption (render.chart): the rating now, after how many rated matches."""
    matches = len(ratings) - 1
    template = N_("{rating} after {count} rated match") if matches == 1 else N_("{rating} after {count} rated matches")
    return translate(language, template, rating=rating(language, ratings[-1], 2), count=number(language, matches))


def message_link(guild_id: int, channel_id: int | None, message_id: int | None) -> str | None:
    if channel_id is None or message_id is None:
        return None
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


def history_line(guild_id: int, entry: HistoryEntry, language: str = DEFAULT_LANGUAGE) -> str:
    if entry.length == 0:
        kind = translate(language, N_("money game"))
    else:
        kind = translate(language, N_("{length}-point match"), length=entry.length)
    parts = [
        translate(
            language,
            _RESULTS[entry.won],
            date=f"<t:{int(entry.finished_at)}:d>",  # Discord writes the date as each reader's client does
            score=entry.score,
            opponent_score=entry.opponent_score,
            opponent=safe_name(entry.opponent_name, language),
            kind=kind,
        )
    ]
    if entry.result_kind in _ON_TIME:
        parts[0] += " " + translate(language, _ON_TIME[entry.result_kind])
    if entry.rating_change is not None:
        parts.append(translate(language, N_("rating {change}"), change=signed(language, entry.rating_change, 1)))
    link = message_link(guild_id, entry.channel_id, entry.message_id)
    if link is not None:
        parts.append(translate(language, N_("[last message]({link})"), link=link))
    return " · ".join(parts)


@runtime_checkable
class LadderPages(Protocol):
    """The Ladder cog (cogs/ladder.py), which shows a page of the leaderboard."""

    async def show_page(self, interaction: discord.Interaction[Any], owner_id: int, page: int) -> None: ...


def guild_id_of(interaction: discord.Interaction[Any]) -> int:
    if interaction.guild_id is None:
        raise UserFacingError(N_("Ladders belong to a server: use this command in a server channel."))
    return interaction.guild_id


class LeaderboardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=LEADERBOARD_TEMPLATE):
    """Previous / Next: shows page `page` of the ladder. The page is data in the custom_id, never memory."""

    def __init__(
        self, owner_id: int, page: int, direction: str, *, disabled: bool = False, language: str = DEFAULT_LANGUAGE
    ) -> None:
        label = translate(language, N_("Previous") if direction == "prev" else N_("Next"))
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
                raise UserFacingError(N_("The bot is still starting; try again in a moment."))
            await cog.show_page(interaction, self.owner_id, self.page)
        except Exception as error:
            await report_error(interaction, error)


def leaderboard_message(
    interaction: discord.Interaction[Any], page: LeaderboardPage, owner_id: int, language: str = DEFAULT_LANGUAGE
) -> tuple[discord.Embed, discord.ui.View]:
    description, you, footer = leaderboard_text(page, language)
    if interaction.guild is not None:
        title = translate(language, N_("Leaderboard of {server}"), server=escape_text(interaction.guild.name))
    else:
        title = translate(language, N_("Leaderboard of this server"))
    embed = discord.Embed(title=title, description=description, colour=COLOUR)
    embed.add_field(name=translate(language, N_("You")), value=you, inline=False)
    embed.set_footer(text=footer)
    view = discord.ui.View(timeout=None)
    first, last = page.page == 0, page.page >= page.page_count - 1
    view.add_item(LeaderboardButton(owner_id, max(page.page - 1, 0), "prev", disabled=first, language=language))
    following = min(page.page + 1, page.page_count - 1)
    view.add_item(LeaderboardButton(owner_id, following, "next", disabled=last, language=language))
    return embed, view
