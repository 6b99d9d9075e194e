"""Durations in the reader's language (Babel's CLDR units): "1 hour 30 minutes", "1 Stunde, 30 Minuten", "1 saat 30
dakika". No discord here: the service hands a `Duration` to a refusal, and it is written in the language of whoever
reads it (`translate` renders it with the message)."""

from __future__ import annotations

from dataclasses import dataclass

from babel.lists import format_list
from babel.units import format_unit

from bot.i18n.catalogues import DEFAULT_LANGUAGE, language_of

#: The units a duration is told in, largest first, with their length in seconds (CLDR's unit names).
_UNITS = (("duration-day", 86400), ("duration-hour", 3600), ("duration-minute", 60), ("duration-second", 1))


def format_duration(locale: object, seconds: float, parts: int = 2) -> str:
    """The duration in whole units, largest first, at most `parts` of them, each rounded down ("1 day 2 hours",
    "90 minutes" read as "1 hour 30 minutes"); "0 seconds" for nothing."""
    language = language_of(locale) or DEFAULT_LANGUAGE
    remaining = max(0, round(seconds))
    amounts: list[tuple[int, str]] = []
    for unit, size in _UNITS:
        amount, remaining = divmod(remaining, size)
        if amount:
            amounts.append((amount, unit))
    words = [format_unit(amount, unit, length="long", locale=language) for amount, unit in amounts[:parts]]
    if not words:
        return format_unit(0, "duration-second", length="long", locale=language)
    # "unit-narrow" joins without a conjunction as most languages write a duration ("1 hour 30 minutes")
    return format_list(words, style="unit-narrow", locale=language)


@dataclass(frozen=True, slots=True)
class Duration:
    """A duration carried in a message's parameters to where its reader's language is known: `translate` writes
    it in that language, `str()` in English."""

    seconds: float
    parts: int = 2

    def render(self, locale: object) -> str:
        return format_duration(locale, self.seconds, self.parts)

    def __str__(self) -> str:
        return self.render(DEFAULT_LANGUAGE)
