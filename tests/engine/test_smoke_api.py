"""The public API in one place: the names other parts of the bot import, and values that are hashable."""

from __future__ import annotations

import bot.engine
from bot.engine import BAR, OFF, IllegalPlayError, InvalidPlayError, Play, Position, Step


def test_public_names() -> None:
    for name in ["Position", "Play", "Step", "IllegalPlayError", "InvalidPlayError", "WinKind", "BAR", "OFF"]:
        assert name in bot.engine.__all__
    assert (BAR, OFF) == (25, 0)
    assert issubclass(IllegalPlayError, ValueError)
    assert issubclass(InvalidPlayError, ValueError)


def test_plays_and_positions_are_hashable_values() -> None:
    start = Position.initial()
    play = start.parse_play("8/5 6/5", (3, 1))
    assert play == Play((Step(8, 5, 3), Step(6, 5, 1)))
    assert {play, Play((Step(8, 5, 3), Step(6, 5, 1)))} == {play}
    assert {start, Position.initial()} == {start}
    assert len({start.apply(p) for p in start.legal_plays((3, 1))}) == 16
