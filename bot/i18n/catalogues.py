"""The catalogues on disk, read once each: one `.po` file per language, compiled in memory at first use.

No `.mo` file is built or committed: Babel reads the `.po` text directly (a few hundred messages, milliseconds),
so a translator's file is live as soon as it is saved. A message left empty or marked fuzzy falls back to English.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

#: The language of the code's own messages, and the fallback for any language without a catalogue.
DEFAULT_LANGUAGE = "en"
LOCALES = Path(__file__).resolve().parent / "locales"
DOMAIN = "gammon"


@dataclass(frozen=True, slots=True)
class Catalogue:
    """One language's translations: (context, English) -> translated text. An empty catalogue is English."""

    language: str
    messages: dict[tuple[str | None, str], str]

    def get(self, message: str, context: str | None = None) -> str | None:
        return self.messages.get((context, message))


def po_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def available_languages() -> tuple[str, ...]:
    """English, then every language with a catalogue, in the order of their codes."""
    found = sorted(path.parent.parent.name for path in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (DEFAULT_LANGUAGE, *(language for language in found if language != DEFAULT_LANGUAGE))


@cache
def catalogue(language: str) -> Catalogue:
    """The language's translations (an empty catalogue for English or a language the bot does not have)."""
    path = po_path(language)
    if language == DEFAULT_LANGUAGE or not path.is_file():
        return Catalogue(DEFAULT_LANGUAGE, {})
    with path.open("rb") as file:
        po = read_po(file, locale=language)
    messages: dict[tuple[str | None, str], str] = {}
    for entry in po:
        if not entry.id or entry.fuzzy or not isinstance(entry.id, str) or not isinstance(entry.string, str):
            continue
        if entry.string:
            messages[(entry.context, entry.id)] = entry.string
    return Catalogue(language, messages)


def language_of(locale: object) -> str:
    """The catalogue for a Discord locale ("de", "pt-BR", "en-US", a discord.Locale, None): the exact one (folder
    `pt_BR` for "pt-BR"), else the language without its region ("es-ES" -> "es"), else English."""
    code = str(getattr(locale, "value", locale) or "").replace("-", "_")
    languages = available_languages()
    if code in languages:
        return code
    base = code.split("_")[0]
    return base if base in languages else DEFAULT_LANGUAGE
