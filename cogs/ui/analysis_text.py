"""Match analysis in words (issue 17): each player's figures, a decision in one line, and the private, paged
list of every decision behind the **All decisions** button (its buttons go to the Analysis cog, cogs/analysis.py,
found by name)."""

from __future__ import annotations

import re
from typing import Any, Protocol, runtime_checkable

import discord
from discord.ext import commands

from bot.analysis import MatchAnalysis, grade
from bot.analysis.figures import BLUNDER, DOUBTFUL, ERROR, PlayerFigures
from cogs.ui.errors import UserFacingError, report_error
from cogs.ui.event_text import escape_name
from cogs.ui.names import ANALYSIS_COG

#: Decisions per page of the private list (each line is under 120 characters: a page stays far below 4096).
PAGE_SIZE = 20
#: The costliest decisions shown as pictures, per player (two players: 6 files, Discord allows 10).
PICTURES = 3
NOT_AVAILABLE = "Match analysis is not available on this server (its engine, bgsage, is not installed)."
#: `an:<match>:<page>`, with `:p` / `:n` on the Previous / Next buttons so that a message's ids stay distinct.
LIST_TEMPLATE = re.compile(r"an:(?P<match>[0-9]{1,20}):(?P<page>[0-9]{1,4})(?::(?P<tag>[pn]))?")


def figures_text(figures: PlayerFigures) -> str:
    """A player's field of the public message: every number with its unit or a word (issue 33). Luck and costs
    are in points of equity: what a game is worth on average, with the cube at 1."""
    luck = "average dice" if not figures.luck else f"{'better' if figures.luck > 0 else 'worse'} dice than average"
    return (
        f"**{figures.summary}**\n"
        f"Checker play PR {figures.checker_rate:.1f} over {figures.checker_decisions} plays · "
        f"cube PR {figures.cube_rate:.1f} over {figures.cube_decisions} decisions\n"
        f"Doubtful {figures.doubtful} · errors {figures.errors} · blunders {figures.blunders}\n"
        f"Luck {figures.luck:+.2f} points over {figures.rolls} rolls ({luck})"
    )


def decision_line(analysis: MatchAnalysis, index: int, *, named: bool = True) -> str:
    """`G1 Ann 31: 6/3 6/5 → best 8/5 6/5, cost 0.418 points **blunder**` (without `G1 Ann` when not `named`)."""
    d = analysis.decisions[index]
    who = f"G{d.game} {escape_name(analysis.names[d.player])}" if named else ""
    roll = f"{d.dice[0]}{d.dice[1]}" if d.kind == "checker" else ""
    head = " ".join(part for part in (who, roll) if part)
    what = d.chosen if d.loss == 0 else f"{d.chosen} → best {d.best}, cost {d.loss:.3f} points"
    mark = grade(d.loss)
    return (f"{head}: " if head else "") + what + (f" **{mark}**" if mark else "")


def listed(analysis: MatchAnalysis) -> list[int]:
    """The decisions of the private list: every counted one (forced plays and clear no doubles left out)."""
    return [d.index for d in analysis.decisions if d.counted]


def page_embed(analysis: MatchAnalysis, match_id: int, page: int) -> tuple[discord.Embed, int]:
    indexes = listed(analysis)
    pages = max(1, -(-len(indexes) // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    lines = [decision_line(analysis, i) for i in indexes[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]]
    embed = discord.Embed(
        title=f"Match #{match_id}: every decision (page {page + 1} of {pages})",
        description="\n".join(lines) or "No decision to rate.",
        colour=discord.Colour.dark_green(),
    )
    embed.set_footer(
        text=f"Costs in points of equity (a game's worth with the cube at 1). Doubtful from {DOUBTFUL:.3f} points, "
        f"error from {ERROR:.3f}, blunder from {BLUNDER:.3f}. Forced plays and clear no doubles are not listed."
    )
    return embed, pages


@runtime_checkable
class AnalysisPages(Protocol):
    """The Analysis cog (cogs/analysis.py), as the list's buttons and /bgadmin analysis find it by name."""

    async def show_page(self, interaction: discord.Interaction[Any], match_id: int, page: int) -> None: ...

    async def auto_length(self, guild_id: int, length: int | None) -> int: ...


class ListButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=LIST_TEMPLATE):
    """**All decisions** under the public message, and the page buttons of the private list."""

    def __init__(
        self, match_id: int, page: int, label: str = "All decisions", disabled: bool = False, tag: str = ""
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"an:{match_id}:{page}" + (f":{tag}" if tag else ""),
                disabled=disabled,
            )
        )
        self.match_id = match_id
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ListButton:
        return cls(
            int(match["match"]),
            int(match["page"]),
            getattr(item, "label", None) or "All decisions",
            tag=match["tag"] or "",
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        client = interaction.client
        cog = client.get_cog(ANALYSIS_COG) if isinstance(client, commands.bot.BotBase) else None  # auto-sharded too
        try:
            if not isinstance(cog, AnalysisPages):
                raise UserFacingError("The bot is still starting; try again in a moment.")
            await cog.show_page(interaction, self.match_id, self.page)
        except Exception as error:
            await report_error(interaction, error)


def page_view(match_id: int, page: int, pages: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ListButton(match_id, max(page - 1, 0), "Previous", disabled=page <= 0, tag="p"))
    view.add_item(ListButton(match_id, min(page + 1, pages - 1), "Next", disabled=page >= pages - 1, tag="n"))
    return view
