"""Turn limits typed by admins: the forms accepted, the refusals, and the text written back."""

from __future__ import annotations

import pytest

from cogs.ui.durations import (
    LONGEST_SECONDS,
    DurationTooLong,
    UnreadableDuration,
    format_duration,
    parse_duration,
)


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


@pytest.mark.parametrize(
    "text",
    [
        "9" * 4301,  # more digits than Python turns into a number
        "9" * 5000 + "d",
        "1h" + "5" * 4400 + "s",
        "366d",
        "1" + "0" * 30 + "s",
    ],
)
def test_a_duration_too_long_is_refused_with_the_longest(text: str) -> None:
    with pytest.raises(DurationTooLong) as refused:
        parse_duration(text)
    said = str(refused.value)
    assert said.endswith("is too long: a duration may be at most 365 days.") and len(said) < 120
    assert isinstance(refused.value, UnreadableDuration)  # the callers' refusal of a duration takes it as it is


def test_the_longest_duration_and_leading_zeros_are_read() -> None:
    assert parse_duration("365d") == LONGEST_SECONDS == 365 * 86400
    assert parse_duration("0" * 5000 + "2h") == 7200


def test_a_digit_that_is_no_decimal_digit_is_unreadable() -> None:
    with pytest.raises(UnreadableDuration, match="24h"):
        parse_duration("\u00b2")  # `²`: str.isdigit says yes, int() refuses it
    assert parse_duration("\u0663h") == 3 * 3600  # Arabic-Indic 3: a decimal digit int() reads
