"""Numbers in the reader's language (Babel's CLDR data): 1,234.5 in English, 1.234,5 in German."""

from __future__ import annotations

from babel.numbers import format_decimal

from bot.i18n.catalogues import DEFAULT_LANGUAGE, language_of


def format_number(locale: object, number: float, digits: int = 0) -> str:
    """The number with `digits` decimals as the reader's language writes it."""
    language = language_of(locale)
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(number, format=pattern, locale=language or DEFAULT_LANGUAGE)
