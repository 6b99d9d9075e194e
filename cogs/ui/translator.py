"""Command, option and choice names and descriptions in each client's language, from the catalogues.

discord.py wraps every name and description of the tree in a `locale_str` and asks the tree's translator for
each of Discord's locales when it syncs; this translator answers from bot/i18n's catalogues, with a context per
kind of text so that a command's name ("move") and a word in a sentence are translated apart. A name the
catalogue lacks (or writes in a form Discord refuses) stays English in that client.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import DEFAULT_LANGUAGE, catalogue, language_of

#: The msgctxt of each kind of text in the catalogues.
CONTEXTS = {
    Where.command_name: "command name",
    Where.group_name: "command name",
    Where.parameter_name: "option name",
    Where.choice_name: "choice",
    Where.command_description: "command description",
    Where.group_description: "command description",
    Where.parameter_description: "command description",
}
NAME_CONTEXTS = frozenset({"command name", "option name"})
#: Discord's rule for command and option names (lowercase; letters of any script, digits, - and _).
NAME_PATTERN = re.compile(r"^[-_\w]{1,32}$")
MAX_DESCRIPTION = 100
MAX_CHOICE_NAME = 100


def fits_discord(context: str, text: str) -> bool:
    """Whether Discord accepts the text as this kind of localisation."""
    if context in NAME_CONTEXTS:
        return bool(NAME_PATTERN.match(text)) and text == text.lower()
    limit = MAX_CHOICE_NAME if context == "choice" else MAX_DESCRIPTION
    return 1 <= len(text) <= limit


class CatalogueTranslator(app_commands.Translator):
    """Answers discord.py's sync from the .po catalogues; English (the code's own text) needs no answer."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        language = language_of(locale)
        kind = CONTEXTS.get(context.location)
        if language == DEFAULT_LANGUAGE or kind is None:
            return None
        text = catalogue(language).get(string.message, kind)
        return text if text is not None and fits_discord(kind, text) else None


def command_strings(tree: app_commands.CommandTree[Any]) -> Iterator[tuple[str, str]]:
    """Every (context, English text) of the tree that Discord shows: what the catalogues must translate."""
    for command in tree.get_commands():
        yield from _strings_of(command)


def _strings_of(command: Any) -> Iterator[tuple[str, str]]:
    yield "command name", command.name
    if getattr(command, "description", None):
        yield "command description", command.description
    if isinstance(command, app_commands.Group):
        for child in command.commands:
            yield from _strings_of(child)
        return
    if not isinstance(command, app_commands.Command):
        return
    for parameter in command.parameters:
        yield "option name", parameter.display_name
        yield "command description", parameter.description
        for choice in parameter.choices:
            yield "choice", choice.name
