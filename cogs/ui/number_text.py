"""Figures of the records, the ladder and the analyses as the reader's language writes them: `1,5`
in German, a sign where a change or luck is shown, a share as a percentage, a rating without thousands separators.
"""

from __future__ import annotations

from babel.numbers import format_decimal

from bot.i18n import format_number, language_of


def _pattern(digits: int, grouped: bool = True) -> str:
    return ("#,##0" if grouped else "0") + ("." + "0" * digits if digits else "")


def number(language: str, value: float, digits: int = 0) -> str:
    """`1,234.5` in English, `1.234,5` in German."""
    return format_number(language, value, digits)


def signed(language: str, value: float, digits: int) -> str:
    """A change with its sign: `+0.45`, `-1.50` (`+0,45` in German)."""
    pattern = _pattern(digits)
    return format_decimal(value, format=f"+{pattern};-{pattern}", locale=language_of(language))


def rating(language: str, value: float, digits: int = 0) -> str:
    """A rating as the ladders write it, without a thousands separator: `1520`, `1520.4` (`1520,4` in German)."""
    return format_decimal(value, format=_pattern(digits, grouped=False), locale=language_of(language))


def percent(language: str, share: float, digits: int = 1) -> str:
    """`16.7%` (`16,7%` in German) for a share of 0.167."""
    return format_decimal(100 * share, format=_pattern(digits), locale=language_of(language)) + "%"
