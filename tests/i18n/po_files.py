"""A catalogue's translations read straight from its `.po` with Babel, as the tests' reference: what the bot's
compiled catalogue (bot.i18n.catalogues) must answer, message by message."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

from bot.i18n.catalogues import po_path

Key = tuple[str | None, str]  # (context, English text)


def messages(language: str, path: Path | None = None) -> dict[Key, str | None]:
    """Every message of a `.po` (its header and plural forms left out) with its translation: None when it is empty
    or marked fuzzy, as the bot shows it in English then."""
    with (path or po_path(language)).open("rb") as file:
        po = read_po(file, locale=language)
    return {
        (entry.context, entry.id): entry.string
        if isinstance(entry.string, str) and entry.string and not entry.fuzzy
        else None
        for entry in po
        if entry.id and isinstance(entry.id, str)
    }


def translations(language: str, path: Path | None = None) -> dict[Key, str]:
    """The messages a `.po` translates: neither empty nor marked fuzzy."""
    return {key: text for key, text in messages(language, path).items() if text is not None}
