"""Durations as people type them (`24h`, `90m`, `1h30m`, `2d`, `45s`) and as the bot writes them back, in the
reader's language (bot.i18n.durations, Babel's units)."""

from __future__ import annotations

import re

from bot.i18n import DEFAULT_LANGUAGE, N_, Message
from bot.i18n.durations import format_duration as duration_in

_UNITS = {"d": 86400, "h": 3600, "m": 60, "s": 1}
_PART = re.compile(r"(\d+)\s*([dhms])")
_WHOLE = re.compile(r"(?:\d+\s*[dhms]\s*)+")


class UnreadableDuration(ValueError):
    """A duration that cannot be read; `message` says so in any reader's language (`str()` is the English)."""

    def __init__(self, text: str) -> None:
        self.message = Message(
            N_("I could not read {text} as a duration: write it like `24h`, `90m`, `1h30m` or `2d`."),
            {"text": repr(text)},
        )
        super().__init__(str(self.message))


def parse_duration(text: str) -> int:
    """Seconds in `text`; a bare number means hours. UnreadableDuration (a ValueError) otherwise."""
    cleaned = text.strip().lower().replace(" ", "")
    if cleaned.isdigit():
        return int(cleaned) * 3600
    if not cleaned or not _WHOLE.fullmatch(cleaned):
        raise UnreadableDuration(text)
    return sum(int(amount) * _UNITS[unit] for amount, unit in _PART.findall(cleaned))


def format_duration(seconds: float, language: str = DEFAULT_LANGUAGE) -> str:
    """`1 day 2 hours`, `90 minutes` reads worse than `1 hour 30 minutes`: largest units first, at most two."""
    return duration_in(language, seconds)
