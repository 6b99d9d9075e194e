"""Durations as people type them (`24h`, `90m`, `1h30m`, `2d`, `45s`) and as the bot writes them back, in the
reader's language (bot.i18n.durations, Babel's units)."""

from __future__ import annotations

import re

from bot.i18n import DEFAULT_LANGUAGE, N_, Message
from bot.i18n.durations import Duration
from bot.i18n.durations import format_duration as duration_in

_UNITS = {"d": 86400, "h": 3600, "m": 60, "s": 1}
_PART = re.compile(r"(\d+)\s*([dhms])")
_WHOLE = re.compile(r"(?:\d+\s*[dhms]\s*)+")

#: The longest duration read: a year, beyond every turn limit and delay the bot has a use for. An amount with more
#: digits than it has is refused before it is turned into a number (Python converts at most 4,300 digits).
LONGEST_SECONDS = 365 * 86400
#: How much of the text a refusal quotes back.
_QUOTED = 40


def _shown(text: str) -> str:
    return repr(text if len(text) <= _QUOTED else text[: _QUOTED - 1] + "\u2026")


UNREADABLE = N_("I could not read {text} as a duration: write it like `24h`, `90m`, `1h30m` or `2d`.")
TOO_LONG = N_("{text} is too long: a duration may be at most {most}.")


class UnreadableDuration(ValueError):
    """A duration that cannot be read; `message` says so in any reader's language (`str()` is the English)."""

    def __init__(self, text: str, template: str = UNREADABLE, **params: object) -> None:
        self.message = Message(template, {"text": _shown(text), **params})
        super().__init__(str(self.message))


class DurationTooLong(UnreadableDuration):
    """A duration longer than `LONGEST_SECONDS`, however many digits it was typed with."""

    def __init__(self, text: str) -> None:
        super().__init__(text, TOO_LONG, most=Duration(LONGEST_SECONDS))


def parse_duration(text: str) -> int:
    """Seconds in `text`; a bare number means hours. UnreadableDuration (a ValueError) otherwise, DurationTooLong
    (one of them) past `LONGEST_SECONDS`."""
    cleaned = text.strip().lower().replace(" ", "")
    if cleaned.isdecimal():  # the digits `int` reads, in any script (`²` is a digit, but no decimal one)
        parts = [(cleaned, "h")]
    elif cleaned and _WHOLE.fullmatch(cleaned):
        parts = _PART.findall(cleaned)
    else:
        raise UnreadableDuration(text)
    seconds = 0
    for amount, unit in parts:
        digits = amount.lstrip("0")
        if len(digits) > len(str(LONGEST_SECONDS)):
            raise DurationTooLong(text)
        seconds += int(digits or "0") * _UNITS[unit]
    if seconds > LONGEST_SECONDS:
        raise DurationTooLong(text)
    return seconds


def format_duration(seconds: float, language: str = DEFAULT_LANGUAGE) -> str:
    """`1 day 2 hours`, `90 minutes` reads worse than `1 hour 30 minutes`: largest units first, at most two."""
    return duration_in(language, seconds)
