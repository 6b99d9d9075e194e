"""Durations as people type them (`24h`, `90m`, `1h30m`, `2d`, `45s`) and as the bot writes them back."""

from __future__ import annotations

import re

_UNITS = {"d": 86400, "h": 3600, "m": 60, "s": 1}
_PART = re.compile(r"(\d+)\s*([dhms])")
_WHOLE = re.compile(r"(?:\d+\s*[dhms]\s*)+")


def parse_duration(text: str) -> int:
    """Seconds in `text`; a bare number means hours. ValueError with a readable message otherwise."""
    cleaned = text.strip().lower().replace(" ", "")
    if cleaned.isdigit():
        return int(cleaned) * 3600
    if not cleaned or not _WHOLE.fullmatch(cleaned):
        raise ValueError(f"I could not read {text!r} as a duration: write it like `24h`, `90m`, `1h30m` or `2d`.")
    return sum(int(amount) * _UNITS[unit] for amount, unit in _PART.findall(cleaned))


def format_duration(seconds: float) -> str:
    """`1 day 2 hours`, `90 minutes` reads worse than `1 hour 30 minutes`: largest units first, at most two."""
    remaining = max(0, round(seconds))
    parts: list[str] = []
    for name, size in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)):
        amount, remaining = divmod(remaining, size)
        if amount:
            parts.append(f"{amount} {name}{'s' if amount != 1 else ''}")
    return " ".join(parts[:2]) or "0 seconds"
