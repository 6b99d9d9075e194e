"""Boards Discord refused are tried again with a growing pause, for as long as it takes (issue 15)."""

from __future__ import annotations

import discord
import pytest

from cogs.ui.errors import player_message
from cogs.ui.game_messages import addresses
from cogs.ui.repairs import FIRST_PAUSE_SECONDS, LONGEST_PAUSE_SECONDS, BoardNotShown, Repairs


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_refused_board_is_tried_after_a_pause_that_doubles_up_to_a_minute() -> None:
    clock = Clock()
    repairs = Repairs(clock)
    repairs.add(7)
    assert 7 in repairs and repairs.due() == []
    clock.now += FIRST_PAUSE_SECONDS
    assert repairs.due() == [7]
    pauses = []
    for _ in range(8):
        repairs.failed(7)
        start = clock.now
        while not repairs.due():
            clock.now += 0.5
        pauses.append(clock.now - start)
    assert pauses[:3] == [4.0, 8.0, 16.0] and max(pauses) == LONGEST_PAUSE_SECONDS
    repairs.succeeded(7)
    assert 7 not in repairs and len(repairs) == 0


def test_matches_found_at_start_up_are_shown_at_once_oldest_first() -> None:
    clock = Clock()
    repairs = Repairs(clock)
    repairs.add(3, at_once=True)
    clock.now += 0.1
    repairs.add(1, at_once=True)
    repairs.add(3)  # already queued: keeps its place
    assert repairs.due() == [3, 1]


@pytest.mark.parametrize(("status", "words"), [(403, "Attach Files"), (503, "Discord is having trouble")])
def test_the_player_is_told_their_action_was_saved(status: int, words: str) -> None:
    class Response:
        reason = "x"

    Response.status = status  # type: ignore[attr-defined]
    error = (discord.Forbidden if status == 403 else discord.DiscordServerError)(Response(), "refused")
    text = player_message(BoardNotShown(4, error))
    assert text is not None and text.startswith("Your action was saved") and words in text
    assert "nothing was changed" not in text


def test_a_board_addresses_the_player_its_prompt_mentions() -> None:
    content = "Alice rolled 6-5 and played 24/13.\n-# Pips: ...\n<@2>, your turn: **Roll**, or **Double** to 2."
    assert addresses(content, 2) and not addresses(content, 1)
