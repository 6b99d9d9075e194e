"""A refusal of typed notation quotes the player's text, cut short: a 3,000-character play gets an answer that
fits in a Discord message (issue 15)."""

from __future__ import annotations

import pytest

from bot.engine.errors import InvalidPlayError
from bot.engine.notation import QUOTE_LIMIT, read_paths


@pytest.mark.parametrize("text", ["x" * 3000, "13/" + "x" * 3000, "off/" + "1" * 3000, "13*/" + "7" * 3000])
def test_long_text_is_quoted_short(text: str) -> None:
    with pytest.raises(InvalidPlayError) as refused:
        read_paths(text)
    assert len(str(refused.value)) < 3 * QUOTE_LIMIT + 100


def test_short_text_is_quoted_whole() -> None:
    with pytest.raises(InvalidPlayError, match="I can't read '24-18'"):
        read_paths("24-18")


@pytest.mark.parametrize("count", ["9" * 4301, "5" * 10_000, "0" * 5000 + "7"])
def test_a_repeat_count_of_thousands_of_digits_is_refused_in_words(count: str) -> None:
    """Python converts at most 4,300 digits: a longer count is refused as any count over four is."""
    with pytest.raises(InvalidPlayError, match="at most four moves") as refused:
        read_paths(f"24/18({count})")
    assert len(str(refused.value)) < 2 * QUOTE_LIMIT + 100


def test_a_repeat_count_with_leading_zeros_is_read() -> None:
    assert read_paths("13/11(02)") == read_paths("13/11(2)")
