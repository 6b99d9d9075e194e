"""Who reads what, in which language.

Private answers (refusals, help, settings, exports, one's own board) are in the language of the member who asked,
`interaction.locale`. Public messages (challenges, boards, results, analyses, tournaments) and the words on the
board pictures are in the server's: the one its admin chose with `/bgadmin language`, else Discord's
`guild_locale`, else English.
"""

from __future__ import annotations

from typing import Any, Protocol

import discord
from babel import Locale, UnknownLocaleError
from discord import app_commands

from bot.i18n import DEFAULT_LANGUAGE, available_languages, language_of

#: The value of `/bgadmin language` that forgets the choice (the server's own language again).
SERVER_DEFAULT = "auto"


class LanguageSettings(Protocol):
    async def guild_language(self, guild_id: int) -> str | None: ...


def member_language(interaction: discord.Interaction[Any]) -> str:
    """The language of a private answer: the asking member's client language (English when the bot lacks it)."""
    return language_of(interaction.locale)


async def server_language(settings: LanguageSettings, guild: discord.Guild | None, guild_id: int | None = None) -> str:
    """The language of the server's public messages: the admin's choice, else the server's own, else English."""
    found = guild.id if guild is not None else guild_id
    chosen = None if found is None else await settings.guild_language(found)
    if chosen is not None:
        return language_of(chosen)
    return language_of(guild.preferred_locale) if guild is not None else DEFAULT_LANGUAGE


def language_name(language: str) -> str:
    """The language in its own words ("Deutsch", "Türkçe"), as its speakers look for it in a list."""
    try:
        name = Locale.parse(language).get_display_name(language) or language
    except (ValueError, UnknownLocaleError):
        return language
    return name[:1].upper() + name[1:]


def language_choices() -> list[app_commands.Choice[str]]:
    """`/bgadmin language`'s choices: the server's own language, then every language with a catalogue."""
    choices = [app_commands.Choice(name="server default (Discord's server language)", value=SERVER_DEFAULT)]
    # (autocomplete, not fixed choices: a new catalogue is offered without changing the synced commands)
    return choices + [app_commands.Choice(name=language_name(code), value=code) for code in available_languages()]


async def guild_language(settings: LanguageSettings, client: discord.Client, guild_id: int | None) -> str:
    """The server language of a guild known by id only (a match's board, posted by a timer or the computer)."""
    guild = client.get_guild(guild_id) if guild_id is not None else None
    return await server_language(settings, guild, guild_id)
