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
