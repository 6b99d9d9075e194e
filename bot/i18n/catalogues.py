"""The catalogues on disk: one `.po` file per language (what translators edit), read through its compiled `.mo`.

`python -m bot.i18n.compile` compiles each `.po` into a `.mo` beside it with Babel (tasks.py and the Dockerfile
run it; `.mo` files are not committed). The bot reads a `.mo` with the standard library's gettext, a few
milliseconds a language; a `.mo` that is missing or older than its `.po` (a translator saved since) is compiled
again in memory, so an edited `.po` is live at once, only slower to load (Babel's parser takes about 0.12 s for
the seven languages, a tenth of the bot's start). A message left empty or marked fuzzy falls back to English.
"""

from __future__ import annotations

import gettext
import io
from dataclasses import dataclass
from functools import cache
from pathlib import Path

#: The language of the code's own messages, and the fallback for any language without a catalogue.
DEFAULT_LANGUAGE = "en"
LOCALES = Path(__file__).resolve().parent / "locales"
DOMAIN = "gammon"

#: What a catalogue's fallback answers for a message the catalogue lacks (compared by identity).
_MISSING = "\x00missing"


class _Untranslated(gettext.NullTranslations):
    """The fallback under every catalogue: "missing" rather than the English text, so that `Catalogue.get` tells a
    message without translation from one translated as itself."""

    def gettext(self, message: str) -> str:
        return _MISSING

    def pgettext(self, context: str, message: str) -> str:
        return _MISSING


@dataclass(frozen=True, slots=True)
class Catalogue:
    """One language's translations, looked up by (English text, context). An empty catalogue is English."""

    language: str
    translations: gettext.NullTranslations

    def get(self, message: str, context: str | None = None) -> str | None:
        books = self.translations
        text = books.gettext(message) if context is None else books.pgettext(context, message)
        return None if text is _MISSING else text


def po_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


@cache
def available_languages() -> tuple[str, ...]:
    """English, then every language with a catalogue, in the order of their codes."""
    found = sorted(path.parent.parent.name for path in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (DEFAULT_LANGUAGE, *(language for language in found if language != DEFAULT_LANGUAGE))


@cache
def catalogue(language: str) -> Catalogue:
    """The language's translations (an empty catalogue for English or a language the bot does not have)."""
    if language == DEFAULT_LANGUAGE or not po_path(language).is_file():
        return Catalogue(DEFAULT_LANGUAGE, _Untranslated())
    mo = mo_path(language)
    data = mo.read_bytes() if is_current(language) else compiled(language)
    translations = gettext.GNUTranslations(io.BytesIO(data))
    translations.add_fallback(_Untranslated())
    return Catalogue(language, translations)


def is_current(language: str) -> bool:
    """Whether the language's `.mo` exists and is at least as new as its `.po`."""
    try:
        return mo_path(language).stat().st_mtime_ns >= po_path(language).stat().st_mtime_ns
    except FileNotFoundError:
        return False


def compiled(language: str) -> bytes:
    """The language's `.po` compiled to `.mo` bytes, without fuzzy or empty translations (Babel, imported here:
    the bot only needs it when a `.mo` is missing or out of date)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_path(language).open("rb") as file:
        po = read_po(file, locale=language)
    out = io.BytesIO()
    write_mo(out, po, use_fuzzy=False)
    return out.getvalue()


def language_of(locale: object) -> str:
    """The catalogue for a Discord locale ("de", "pt-BR", "en-US", a discord.Locale, None): the exact one (folder
    `pt_BR` for "pt-BR"), else the language without its region ("es-ES" -> "es"), else English."""
    code = str(getattr(locale, "value", locale) or "").replace("-", "_")
    languages = available_languages()
    if code in languages:
        return code
    base = code.split("_")[0]
    return base if base in languages else DEFAULT_LANGUAGE
