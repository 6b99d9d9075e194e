"""Turn limits typed by admins: the forms accepted, the refusals, and the text written back."""

from __future__ import annotations

import pytest

from cogs.ui.durations import format_duration, parse_duration


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("24h", 86400), ("90m", 5400), ("1h30m", 5400), ("2d", 172800), ("45s", 45), ("12", 43200), (" 1H 5M ", 3900)],
)
def test_parse(text: str, seconds: int) -> None:
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["", "soon", "h", "1x", "-5h", "1.5h"])
def test_unreadable_durations_are_refused_with_an_example(text: str) -> None:
    with pytest.raises(ValueError, match="24h"):
        parse_duration(text)


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(86400, "1 day"), (5400, "1 hour 30 minutes"), (90061, "1 day 1 hour"), (45, "45 seconds"), (0, "0 seconds")],
)
def test_format(seconds: int, text: str) -> None:
    assert format_duration(seconds) == text
