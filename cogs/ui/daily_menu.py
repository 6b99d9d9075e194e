"""The daily position's select menu: a DynamicItem whose custom id names the post (server and day), so that it
keeps working after a restart; an option's value is the candidate's place in the menu. The answer goes to the
Daily cog (found by name: views keep no references)."""

from __future__ import annotations

import re
from typing import Any, Protocol, runtime_checkable

import discord
from discord.ext import commands

from bot.daily.puzzle import Puzzle
from bot.i18n import N_
from cogs.ui.daily_text import candidate_text, closed_placeholder, placeholder
from cogs.ui.errors import UserFacingError, report_error
from cogs.ui.names import DAILY_COG

DAILY_TEMPLATE = re.compile(r"daily:(?P<guild>[0-9]{1,20}):(?P<day>[0-9]{1,7})")


def custom_id(guild_id: int, day: int) -> str:
    return f"daily:{guild_id}:{day}"


@runtime_checkable
class DailyAnswers(Protocol):
    """The Daily cog (cogs/daily.py)."""

    async def on_answer(self, interaction: discord.Interaction[Any], guild_id: int, day: int, choice: int) -> None: ...


@runtime_checkable
class DailyAdmin(Protocol):
    """What /bgadmin daily (cogs/admin.py) asks of the Daily cog."""

    async def configure(
        self, interaction: discord.Interaction[Any], setting: str | None, channel_id: int | None, hour: int | None
    ) -> None: ...


class DailySelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=DAILY_TEMPLATE):
    def __init__(
        self, guild_id: int, day: int, options: list[discord.SelectOption], hint: str = "", *, closed: bool = False
    ) -> None:
        select = discord.ui.Select[Any](
            custom_id=custom_id(guild_id, day), placeholder=hint or None, options=options, disabled=closed
        )
        super().__init__(select)
        self.guild_id, self.day = guild_id, day

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DailySelect:
        shown = getattr(item, "options", None) or [discord.SelectOption(label="?", value="0")]
        return cls(int(match["guild"]), int(match["day"]), list(shown))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        client = interaction.client
        cog = client.get_cog(DAILY_COG) if isinstance(client, commands.bot.BotBase) else None
        try:
            if not isinstance(cog, DailyAnswers):
                raise UserFacingError(N_("The bot is still starting; try again in a moment."))
            values = self.item.values
            if len(values) != 1 or not values[0].isdigit():
                raise UserFacingError(N_("That is not one of the position's answers."))
            await cog.on_answer(interaction, self.guild_id, self.day, int(values[0]))
        except Exception as error:
            await report_error(interaction, error)


def menu(guild_id: int, day: int, puzzle: Puzzle, language: str, *, closed: bool = False) -> discord.ui.View:
    """The post's menu of candidates, in the puzzle's order, in the server's words; `closed` once revealed (kept,
    disabled, so that a member whose client still shows it open is told so rather than ignored)."""
    options = [
        discord.SelectOption(label=candidate_text(candidate, puzzle, language)[:100], value=str(index))
        for index, candidate in enumerate(puzzle.candidates)
    ]
    hint = closed_placeholder(language) if closed else placeholder(language)
    view = discord.ui.View(timeout=None)
    view.add_item(DailySelect(guild_id, day, options, hint, closed=closed))
    return view
