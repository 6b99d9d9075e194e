"""Server settings for members with Manage Server: the turn time limit (R9.5), whether matches are played
in new threads by default, and the default match clock."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from bot.service.clocks import ClockPreset, preset_text
from bot.settings import MAX_AUTO_LENGTH
from cogs.ui import web_links
from cogs.ui.analysis_text import AnalysisPages
from cogs.ui.daily_menu import DailyAdmin
from cogs.ui.durations import UnreadableDuration, format_duration, parse_duration
from cogs.ui.errors import UserFacingError
from cogs.ui.languages import SERVER_DEFAULT, language_choices, language_name, member_language, server_language
from cogs.ui.options import ClockName

if TYPE_CHECKING:
    from bot.app import GammonBot


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Admin(commands.GroupCog, group_name="bgadmin", group_description="Backgammon settings for this server."):
    def __init__(self, bot: GammonBot, analysis: AnalysisPages | None = None, daily: DailyAdmin | None = None) -> None:
        self.bot = bot
        self.analysis_pages = analysis  # the analysis cog, for /bgadmin analysis
        self.daily_admin = daily  # the daily position's cog, for /bgadmin daily
        super().__init__()

    @app_commands.command(name="turn-limit")
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.describe(duration="How long a player may take for a turn, e.g. 24h, 90m or 2d (empty: show it).")
    async def turn_limit(self, interaction: discord.Interaction[Any], duration: str | None = None) -> None:
        """Show or change how long a player may take for a turn before the opponent may claim.

        The turn limit of R9.5."""
        guild_id = interaction.guild_id
        if guild_id is None:
            raise UserFacingError(N_("This setting belongs to a server."))
        await interaction.response.defer(ephemeral=True, thinking=True)
        language = member_language(interaction)
        if duration is None:
            settings = await self.bot.service.settings.guild_settings(guild_id)
            limit = format_duration(settings.turn_limit_seconds, language)
            said = translate(language, N_("The turn time limit here is {limit}."), limit=limit)
            await interaction.followup.send(said, ephemeral=True)
            return
        try:
            seconds = parse_duration(duration)
        except UnreadableDuration as error:
            raise UserFacingError(error.message.template, **error.message.params) from None
        settings = await self.bot.service.settings.set_turn_limit(guild_id, seconds)
        said = N_("The turn time limit is now {limit}: a reminder at half time, then the opponent may claim.")
        limit = format_duration(settings.turn_limit_seconds, language)
        await interaction.followup.send(translate(language, said, limit=limit), ephemeral=True)

    @app_commands.command(name="threads")
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.describe(setting="on: /bg challenge plays in a new thread unless told otherwise (empty: show it).")
    async def threads(self, interaction: discord.Interaction[Any], setting: Literal["on", "off"] | None = None) -> None:
        """Show or change whether matches are played in a new thread by default."""
        guild_id = interaction.guild_id
        if guild_id is None:
            raise UserFacingError(N_("This setting belongs to a server."))
        await interaction.response.defer(ephemeral=True, thinking=True)
        if setting is None:
            settings = await self.bot.service.settings.guild_settings(guild_id)
        else:
            settings = await self.bot.service.settings.set_threads(guild_id, setting == "on")
        text = translate(member_language(interaction), _THREADS[settings.threads, setting is not None])
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(name="clock")
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.describe(preset="The clock /bg challenge uses unless the challenger chooses one (empty: show it).")
    async def clock(
        self,
        interaction: discord.Interaction[Any],
        preset: ClockName | None = None,
    ) -> None:
        """Show or change the match clock that challenges use by default."""
        guild_id = interaction.guild_id
        if guild_id is None:
            raise UserFacingError(N_("This setting belongs to a server."))
        await interaction.response.defer(ephemeral=True, thinking=True)
        if preset is None:
            settings = await self.bot.service.settings.guild_settings(guild_id)
        else:
            settings = await self.bot.service.settings.set_clock(guild_id, ClockPreset(preset))
        said = _CLOCK[settings.clock is not ClockPreset.NONE, preset is not None]
        language = member_language(interaction)
        text = translate(language, said, clock=preset_text(settings.clock, language))
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(name="analysis")
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.describe(max_length="Analyse every match up to this many points when it ends; 0 turns it off.")
    async def analysis(
        self,
        interaction: discord.Interaction[Any],
        max_length: app_commands.Range[int, 0, MAX_AUTO_LENGTH] | None = None,
    ) -> None:
        """Show or change the automatic analysis of finished matches."""
        guild_id = interaction.guild_id
        if guild_id is None:
            raise UserFacingError(N_("This setting belongs to a server."))
        await interaction.response.defer(ephemeral=True, thinking=True)
        analysis = self.analysis_pages
        if analysis is None:
            raise UserFacingError(N_("The bot is still starting; try again in a moment."))
        length = await analysis.auto_length(guild_id, max_length)
        said = _ANALYSIS[bool(length), max_length is not None]
        text = translate(member_language(interaction), said, length=length)
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(name="daily")
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.describe(
        setting="on: post a position every day; off: stop (empty: show it).",
        channel="Where to post it (default: where it was, else this channel).",
        hour="At which hour, UTC (default: as it was, else 12).",
    )
    async def daily(
        self,
        interaction: discord.Interaction[Any],
        setting: Literal["on", "off"] | None = None,
        channel: discord.TextChannel | None = None,
        hour: app_commands.Range[int, 0, 23] | None = None,
    ) -> None:
        """Show or change the daily position: one position a day for the members to answer."""
        if self.daily_admin is None:
            raise UserFacingError(N_("The bot is still starting; try again in a moment."))
        await self.daily_admin.configure(interaction, setting, None if channel is None else channel.id, hour)

    @app_commands.command(name="web")
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.describe(
        setting="On: the server's ladder, recent matches and players on the web. Leave empty to see it."
    )
    async def web(self, interaction: discord.Interaction[Any], setting: Literal["on", "off"] | None = None) -> None:
        """Show or change whether this server has a web page: its ladder, recent matches and players."""
        # Match pages are reachable by their links whatever this says.
        guild_id = interaction.guild_id
        if guild_id is None:
            raise UserFacingError(N_("This setting belongs to a server."))
        if web_links.server_url(guild_id) is None:
            raise UserFacingError(N_("This bot has no web pages (its operator has not set them up)."))
        settings = self.bot.service.settings
        on = (
            await settings.web_page(guild_id)
            if setting is None
            else await settings.set_web_page(guild_id, setting == "on")
        )
        text = web_text(on, setting is not None, web_links.server_url(guild_id), member_language(interaction))
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="language")
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.describe(language="The language of public messages and boards here (empty: show it).")
    async def language(self, interaction: discord.Interaction[Any], language: str | None = None) -> None:
        """Show or change the language of this server's boards, challenges, results and tournaments."""
        guild_id = interaction.guild_id
        if guild_id is None:
            raise UserFacingError(N_("This setting belongs to a server."))
        settings = self.bot.service.settings
        if language is not None:
            await settings.set_guild_language(guild_id, None if language == SERVER_DEFAULT else language)
        chosen = await server_language(settings, interaction.guild, guild_id)
        said = _LANGUAGE[language is not None]
        text = translate(member_language(interaction), said, language=language_name(chosen))
        await interaction.response.send_message(text, ephemeral=True)

    @language.autocomplete("language")
    async def language_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Every language with a catalogue, in its own words: a new catalogue shows up with no command change. The
        server's own language first, said in the language of the member typing."""
        typed = current.casefold()
        server_default = translate(member_language(interaction), N_("server default (Discord's server language)"))
        choices = [
            app_commands.Choice(name=server_default, value=choice.value) if choice.value == SERVER_DEFAULT else choice
            for choice in language_choices()
        ]
        return [choice for choice in choices if typed in f"{choice.name} {choice.value}".casefold()][:25]


def web_text(on: bool, changed: bool, url: str | None, language: str = DEFAULT_LANGUAGE) -> str:
    """The web page setting in the member's words (`changed`: it was just set)."""
    return translate(language, _WEB[on, changed], url=url)


# The answers, one whole sentence per case (shown, or just changed), so that each language words it freely.
#: (on, changed) -> the answer of /bgadmin threads
_THREADS = {
    (True, False): N_(
        "Threads by default is on: `/bg challenge` plays each match in a new thread (`thread: False` keeps one in "
        "the channel)."
    ),
    (True, True): N_(
        "Threads by default is now on: `/bg challenge` plays each match in a new thread (`thread: False` keeps one "
        "in the channel)."
    ),
    (False, False): N_("Threads by default is off: matches are played in the channel (`thread: True` opens a thread)."),
    (False, True): N_(
        "Threads by default is now off: matches are played in the channel (`thread: True` opens a thread)."
    ),
}
#: (a clock, changed) -> the answer of /bgadmin clock
_CLOCK = {
    (True, False): N_(
        "Challenges here are played with {clock} unless the challenger chooses (`clock:` of `/bg challenge`)."
    ),
    (True, True): N_(
        "Challenges here are now played with {clock} unless the challenger chooses (`clock:` of `/bg challenge`)."
    ),
    (False, False): N_(
        "Challenges here are played with no clock (the turn limit only) unless the challenger chooses one."
    ),
    (False, True): N_(
        "Challenges here are now played with no clock (the turn limit only) unless the challenger chooses one."
    ),
}
#: (on, changed) -> the answer of /bgadmin analysis
_ANALYSIS = {
    (True, False): N_(
        "Automatic analysis is on for matches up to {length} points: the analysis is posted when the match ends."
    ),
    (True, True): N_(
        "Automatic analysis is now on for matches up to {length} points: the analysis is posted when the match ends."
    ),
    (False, False): N_("Automatic analysis is off: `/bg analyze` analyses a match."),
    (False, True): N_("Automatic analysis is now off: `/bg analyze` analyses a match."),
}
#: (on, changed) -> the answer of /bgadmin web
_WEB = {
    (True, False): N_("This server's web page is on: {url} (the ladder, recent matches, tournaments and players)."),
    (True, True): N_("This server's web page is now on: {url} (the ladder, recent matches, tournaments and players)."),
    (False, False): N_("This server's web page is off: a finished match's page is reachable only through its link."),
    (False, True): N_("This server's web page is now off: a finished match's page is reachable only through its link."),
}
#: changed -> the answer of /bgadmin language
_LANGUAGE = {
    False: N_(
        "Public messages and boards here are in {language}; private answers follow each member's own Discord language."
    ),
    True: N_(
        "Public messages and boards here are now in {language}; private answers follow each member's own Discord "
        "language."
    ),
}
