"""Match analysis in Discord: `/bg analyze [match]`, the automatic analysis when a match ends, the
public message (both players' figures, each one's three costliest decisions as pictures) and the private,
paged list of every decision behind the **All decisions** button (its text: cogs.ui.analysis_text).

The work is done by bot.analysis.jobs: a worker process analyses, the store keeps the result, and a restart
finishes what was asked for.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.analysis import MatchAnalysis, costliest, player_figures
from bot.analysis.jobs import AnalysisJobs
from bot.analysis.pictures import decision_picture
from bot.analysis.requests import AnalysisRequests, Shown
from bot.i18n import N_, translate
from bot.service import MatchStatus
from cogs.ui.analysis_text import (
    NOT_AVAILABLE,
    PICTURES,
    ListButton,
    all_decisions_button,
    analysed_by,
    captions,
    costliest_line,
    figures_text,
    heading,
    page_embed,
    page_view,
)
from cogs.ui.board_picture import draw_picture
from cogs.ui.board_words import board_words
from cogs.ui.errors import UserFacingError
from cogs.ui.event_text import escape_name
from cogs.ui.languages import guild_language, member_language
from cogs.ui.match_choice import chosen_match, describe, match_choices
from cogs.ui.names import ANALYSIS_COG
from cogs.ui.web_links import match_link_view, view_kwargs
from cogs.ui.wiring import remove_from_bg

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)

#: How many of a channel's latest messages a start looks through for an analysis sent just before a stop (players
#: may have written meanwhile; the match's own final board is among them).
LOOK_BACK = 100


class Analysis(commands.Cog, name=ANALYSIS_COG):
    """`/bg analyze` (a /bg subcommand, cogs.ui.wiring), the automatic analysis and the list's pages."""

    def __init__(self, bot: GammonBot) -> None:
        self.bot = bot
        self.jobs = AnalysisJobs(
            bot.service,
            on_done=self.post_in_channel,
            find_post=self.find_in_channel,
            idle_seconds=bot.settings.analysis_idle_seconds,
            auto_length=bot.settings.analysis_auto_length,
            threads=bot.settings.computer_threads,
        )
        self.requests = AnalysisRequests(self.jobs)
        self._resume: asyncio.Task[Any] | None = None

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ListButton)
        if not self.bot.sage_problem:
            self.bot.service.add_match_finished_hook(self.jobs.on_match_finished)
            self._resume = asyncio.ensure_future(self.resume())

    async def cog_unload(self) -> None:
        remove_from_bg(self.bot, self)
        self.bot.remove_dynamic_items(ListButton)
        self.jobs.close()

    async def resume(self) -> None:
        await self.bot.wait_until_ready()
        try:
            count = await self.jobs.resume(self.bot.shard_set)  # its shards' guilds only
        except Exception:
            log.exception("Resuming the analyses failed")
            return
        if count:
            log.info("Resumed %d match analyses", count)

    # --- /bg analyze ---------------------------------------------------------------------------------------------

    @app_commands.command(name="analyze")
    @app_commands.guild_only()
    @app_commands.describe(match="The finished match's number (default: this channel's latest match).")
    async def analyze(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        """Analyse a finished match: each player's errors, luck and costliest decisions."""
        # Posted once, in the match's channel; later requests get a link to it. Refusals are private.
        if self.bot.sage_problem:
            raise UserFacingError(NOT_AVAILABLE)
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await chosen_match(self.bot.service, interaction, match)
        language = member_language(interaction)  # every answer here is the member's alone
        if record.status is MatchStatus.ACTIVE:
            raise UserFacingError(
                N_("{match}: a match is analysed once it is over (no help while it is played)."),
                match=describe(record, language),
            )
        self.requests.admit(interaction.user.id)  # one request per member every 30 s
        answer = await self.requests.ask(record.id, record.channel_id, self.message_exists)
        match_text, channel = describe(record, language), f"<#{answer.channel_id}>"
        if answer.shown is Shown.PRIVATE and answer.analysis is not None:
            content, files, view = await self.message(record.id, answer.analysis, language)
            note = translate(
                language,
                N_("-# The analysis of {match} could not be posted in {channel}; here it is for you alone."),
                match=match_text,
                channel=f"<#{record.channel_id}>",
            )
            await interaction.followup.send(f"{note}\n{content}"[:2000], files=files, view=view, ephemeral=True)
            return
        page = view_kwargs(match_link_view(record.id, language=language))  # the match's web page
        if answer.message_id is None:  # on its way (the automatic analysis, or another request)
            said = translate(
                language, N_("The analysis of {match} is posted in {channel}."), match=match_text, channel=channel
            )
            await interaction.followup.send(said, ephemeral=True, **page)
            return
        link = f"https://discord.com/channels/{record.guild_id}/{answer.channel_id}/{answer.message_id}"
        if answer.shown is Shown.POSTED:
            done = N_("The analysis of {match} is posted here: {link}")
        else:
            done = N_("The analysis of {match} was posted here: {link}")
        await interaction.followup.send(translate(language, done, match=match_text, link=link), ephemeral=True, **page)

    @analyze.autocomplete("match")
    async def analyze_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        return await match_choices(self.bot.service, interaction, current)

    async def auto_length(self, guild_id: int, length: int | None) -> int:
        """The server's automatic analysis length (/bgadmin analysis); set first when `length` is given."""
        return await self.jobs.auto_length(guild_id, length)

    # --- the messages --------------------------------------------------------------------------------------------

    async def post_in_channel(self, match_id: int, channel_id: int, analysis: MatchAnalysis) -> tuple[int, int]:
        """The public message; where it went, for later requests to link to."""
        channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            raise RuntimeError(f"Channel {channel_id} cannot take messages")
        guild_id = getattr(getattr(channel, "guild", None), "id", None)
        language = await guild_language(self.bot.service.settings, self.bot, guild_id)  # public: the server's
        content, files, view = await self.message(match_id, analysis, language)
        message = await channel.send(content, files=files, view=view)
        return message.channel.id, message.id

    async def find_in_channel(self, match_id: int, channel_id: int) -> tuple[int, int] | None:
        """The analysis's message among the channel's LOOK_BACK latest, if the bot sent it (found by its list
        button's id): sent just before a stop, its id never stored. None when it is not there, or when the bot may
        not read the channel's history (posted then: a message twice rather than none)."""
        assert self.bot.user is not None
        wanted = all_decisions_button(match_id).custom_id
        channel = self.bot.get_partial_messageable(channel_id)
        try:
            async for message in channel.history(limit=LOOK_BACK):
                rows = [getattr(row, "children", ()) for row in message.components]
                ids = [getattr(item, "custom_id", None) for row in rows for item in row]
                if message.author.id == self.bot.user.id and wanted in ids:
                    return message.channel.id, message.id
        except discord.Forbidden:
            log.warning("May not read channel %d's history to find the analysis of match #%d", channel_id, match_id)
        return None

    async def message_exists(self, channel_id: int, message_id: int) -> bool:
        """Whether the posted analysis is still there (False: deleted, or its channel is); a doubt counts as yes,
        so that an outage never posts it twice."""
        try:
            channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
            if not isinstance(channel, discord.abc.Messageable):
                return False
            await channel.fetch_message(message_id)
        except discord.NotFound:
            return False
        except discord.HTTPException:
            return True
        return True

    async def message(
        self, match_id: int, analysis: MatchAnalysis, language: str
    ) -> tuple[str, list[discord.File], discord.ui.View]:
        """The message in `language` (the server's when posted): the figures, the costliest decisions listed and
        drawn (the pictures' words in that language too), the list button."""
        names = analysis.names
        lines = [heading(match_id, analysis, language)]
        drawn = []
        for player in (0, 1):
            figures = figures_text(player_figures(analysis, player), language)
            lines.append(f"__{escape_name(names[player])}__ — {figures}")
            worst = costliest(analysis, player, PICTURES)
            if worst:
                lines.append(costliest_line(analysis, worst, language))
            drawn += worst
        lines.append(analysed_by(analysis, language))
        words = board_words(language)
        pictures = await asyncio.gather(
            *(
                draw_picture(
                    decision_picture, d, names, analysis.length, captions=captions(d, names, language), words=words
                )
                for d in drawn
            )
        )
        files = [
            discord.File(io.BytesIO(png), filename=f"analysis-{match_id}-{d.index}.png")
            for d, png in zip(drawn, pictures, strict=True)
        ]
        view = discord.ui.View(timeout=None)
        view.add_item(all_decisions_button(match_id, language))
        match_link_view(match_id, view, language)  # the match's web page, when there are pages
        return "\n".join(lines)[:2000], files, view

    async def show_page(self, interaction: discord.Interaction[Any], match_id: int, page: int) -> None:
        stored = await self.jobs.stored(match_id)
        if stored is None or stored.result is None:
            raise UserFacingError(
                N_("Match #{match} has no analysis yet: `/bg analyze match:{match}`."), match=match_id
            )
        analysis = MatchAnalysis.from_json(stored.result)
        language = member_language(interaction)  # the list is private: the member's language
        embed, pages = page_embed(analysis, match_id, page, language)
        view = page_view(match_id, page, pages, language)
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
