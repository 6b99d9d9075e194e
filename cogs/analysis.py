"""Match analysis in Discord (issue 17): `/bg analyze [match]`, the automatic analysis when a match ends, the
public message (both players' figures, each one's three costliest decisions as pictures) and the private,
paged list of every decision behind the **All decisions** button.

`AnalysisDesk` is held by the /bg cog (thin calls there). The work is done by bot.analysis.jobs: a worker process
analyses, the store keeps the result, and a restart finishes what was asked for.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.analysis import MatchAnalysis, costliest, grade, player_figures
from bot.analysis.figures import BLUNDER, DOUBTFUL, ERROR, PlayerFigures
from bot.analysis.jobs import IDLE_SECONDS, AnalysisJobs
from bot.analysis.pictures import decision_picture
from bot.computer import sage
from bot.service import MatchStatus
from bot.store import analysis as analysis_store
from cogs.errors import UserFacingError, report_error
from cogs.event_text import escape_name
from cogs.export import chosen_match, describe
from cogs.views import HANDLER_COG

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)

#: Decisions per page of the private list (each line is under 120 characters: a page stays far below 4096).
PAGE_SIZE = 20
#: The costliest decisions shown as pictures, per player (two players: 6 files, Discord allows 10).
PICTURES = 3
NOT_AVAILABLE = "Match analysis is not available on this server (its engine, bgsage, is not installed)."
#: `an:<match>:<page>`, with `:p` / `:n` on the Previous / Next buttons so that a message's ids stay distinct.
LIST_TEMPLATE = re.compile(r"an:(?P<match>[0-9]{1,20}):(?P<page>[0-9]{1,4})(?::(?P<tag>[pn]))?")


def figures_text(figures: PlayerFigures) -> str:
    """A player's field of the public message."""
    return (
        f"**{figures.summary}**\n"
        f"Checker {figures.checker_rate:.1f} ({figures.checker_decisions} plays) · "
        f"cube {figures.cube_rate:.1f} ({figures.cube_decisions} decisions)\n"
        f"Doubtful {figures.doubtful} · errors {figures.errors} · blunders {figures.blunders}\n"
        f"Luck {figures.luck:+.2f} ({figures.luck_rate:+.1f} per 1000 per roll, {figures.rolls} rolls)"
    )


def decision_line(analysis: MatchAnalysis, index: int, *, named: bool = True) -> str:
    """`G1 Ann 31: 6/3 6/5 → best 8/5 6/5, -0.418 **blunder**` (without `G1 Ann` when not `named`)."""
    d = analysis.decisions[index]
    who = f"G{d.game} {escape_name(analysis.names[d.player])}" if named else ""
    roll = f"{d.dice[0]}{d.dice[1]}" if d.kind == "checker" else ""
    head = " ".join(part for part in (who, roll) if part)
    what = d.chosen if d.loss == 0 else f"{d.chosen} → best {d.best}, -{d.loss:.3f}"
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
        text=f"Equity in EMG per unit of cube. Doubtful from {DOUBTFUL:.3f}, error from {ERROR:.3f}, "
        f"blunder from {BLUNDER:.3f}. Forced plays and clear no doubles are not listed."
    )
    return embed, pages


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
        cog = client.get_cog(HANDLER_COG) if isinstance(client, commands.bot.BotBase) else None  # auto-sharded too
        desk = getattr(cog, "analysis", None)
        try:
            if not isinstance(desk, AnalysisDesk):
                raise UserFacingError("The bot is still starting; try again in a moment.")
            await desk.show_page(interaction, self.match_id, self.page)
        except Exception as error:
            await report_error(interaction, error)


def page_view(match_id: int, page: int, pages: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ListButton(match_id, max(page - 1, 0), "Previous", disabled=page <= 0, tag="p"))
    view.add_item(ListButton(match_id, min(page + 1, pages - 1), "Next", disabled=page >= pages - 1, tag="n"))
    return view


class AnalysisDesk:
    """The /bg cog's analysis side."""

    def __init__(self, bot: GammonBot) -> None:
        self.bot = bot
        self.jobs = AnalysisJobs(
            bot.service,
            on_done=self.post_in_channel,
            idle_seconds=getattr(bot.settings, "analysis_idle_seconds", IDLE_SECONDS),
        )
        self._resume: asyncio.Task[Any] | None = None

    def load(self) -> None:
        self.bot.add_dynamic_items(ListButton)
        if sage.available():
            self.bot.service.add_match_finished_hook(self.jobs.on_match_finished)
            self._resume = asyncio.ensure_future(self.resume())

    def unload(self) -> None:
        self.bot.remove_dynamic_items(ListButton)
        self.jobs.close()

    async def resume(self) -> None:
        await self.bot.wait_until_ready()
        try:
            count = await self.jobs.resume(self.bot.shard_set)  # its shards' guilds only (issue 19)
        except Exception:
            log.exception("Resuming the analyses failed")
            return
        if count:
            log.info("Resumed %d match analyses", count)

    # --- /bg analyze ---------------------------------------------------------------------------------------------

    async def analyze(self, interaction: discord.Interaction[Any], match_id: int | None) -> None:
        """Post the match's analysis in the channel (computed now, or the stored one); refusals are private."""
        if not sage.available():
            raise UserFacingError(NOT_AVAILABLE)
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await chosen_match(self.bot.service, interaction, match_id)
        if record.status is MatchStatus.ACTIVE:
            raise UserFacingError(
                f"{describe(record)}: a match is analysed once it is over (no help while it is played)."
            )
        channel_id = interaction.channel_id or record.channel_id
        running = self.jobs.posting(record.id)
        if running is not None:  # the automatic analysis is under way: it posts in the match's channel
            stored = await self.jobs.stored(record.id)
            if await running is not None and stored is not None:
                await interaction.followup.send(
                    f"The analysis of {describe(record)} is posted in <#{stored.channel_id}>.", ephemeral=True
                )
                return
        analysis = await self.jobs.result(record.id, channel_id)
        if analysis is None:
            raise UserFacingError("The analysis failed; the error is logged. Try again later.")
        await self.post_in_channel(record.id, channel_id, analysis)
        await self.jobs.mark_posted(record.id)
        await interaction.followup.send(f"The analysis of {describe(record)} is posted below.", ephemeral=True)

    async def auto_length(self, guild_id: int, length: int | None) -> int:
        """The server's automatic analysis length; set first when `length` is given."""
        db = self.bot.service.db
        if length is not None:
            await db.write(lambda c: analysis_store.set_auto_length(c, guild_id, length))
        return await db.read(lambda c: analysis_store.auto_length(c, guild_id))

    # --- the messages --------------------------------------------------------------------------------------------

    async def post_in_channel(self, match_id: int, channel_id: int, analysis: MatchAnalysis) -> None:
        channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            raise RuntimeError(f"Channel {channel_id} cannot take messages")
        content, files, view = await self.message(match_id, analysis)
        await channel.send(content, files=files, view=view)

    async def message(self, match_id: int, analysis: MatchAnalysis) -> tuple[str, list[discord.File], discord.ui.View]:
        """The public message: the figures, the costliest decisions listed and drawn, the list button."""
        names = analysis.names
        kind = f"{analysis.length}-point match" if analysis.length else "money game"
        lines = [f"**Analysis of match #{match_id}**: {escape_name(names[0])} vs {escape_name(names[1])}, {kind}"]
        drawn = []
        for player in (0, 1):
            lines.append(f"__{escape_name(names[player])}__ — {figures_text(player_figures(analysis, player))}")
            worst = costliest(analysis, player, PICTURES)
            if worst:
                lines.append("Costliest: " + "; ".join(decision_line(analysis, d.index, named=False) for d in worst))
            drawn += worst
        lines.append(
            f"-# bgsage, level {analysis.level}; PR = 500 x mean equity lost per unforced decision. "
            "`/bg help` says what counts."
        )
        pictures = await asyncio.gather(
            *(asyncio.to_thread(decision_picture, d, names, analysis.length) for d in drawn)
        )
        files = [
            discord.File(io.BytesIO(png), filename=f"analysis-{match_id}-{d.index}.png")
            for d, png in zip(drawn, pictures, strict=True)
        ]
        view = discord.ui.View(timeout=None)
        view.add_item(ListButton(match_id, 0))
        return "\n".join(lines)[:2000], files, view

    async def show_page(self, interaction: discord.Interaction[Any], match_id: int, page: int) -> None:
        stored = await self.jobs.stored(match_id)
        if stored is None or stored.result is None:
            raise UserFacingError(f"Match #{match_id} has no analysis yet: `/bg analyze match:{match_id}`.")
        analysis = MatchAnalysis.from_json(stored.result)
        embed, pages = page_embed(analysis, match_id, page)
        view = page_view(match_id, page, pages)
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
