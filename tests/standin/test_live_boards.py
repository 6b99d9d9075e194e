"""The stand-in's watch on live boards: a match with game controls on two messages at once is caught the moment it
happens, and a board that loses its controls (edited, deleted) stops counting."""

from __future__ import annotations

from typing import Any

from tests.support.discord_standin.live_boards import LiveBoards, TwoLiveBoards
from tests.support.discord_standin.model import Message, User

BOT = User(id=1, name="gammon", bot=True)
CHANNEL = 10


def controls(match_id: int, *, disabled: bool = False, action: str = "roll") -> list[dict[str, Any]]:
    button = {"type": 2, "style": 1, "label": "Roll", "custom_id": f"bg:{match_id}:3:{action}", "disabled": disabled}
    return [{"type": 1, "components": [button]}]


def board(message_id: int, match_id: int, **options: Any) -> Message:
    return Message(message_id, CHANNEL, 100, BOT, components=controls(match_id, **options))


def test_a_second_live_board_of_a_match_is_caught_and_a_retired_one_stops_counting() -> None:
    watch = LiveBoards()
    first, other_match = board(1, 7), board(2, 8)
    assert watch.changed(first) == [] and watch.changed(other_match) == []
    assert watch.changed(board(3, 7)) == [TwoLiveBoards(7, (1, 3))]
    assert watch.changed(board(1, 7, disabled=True)) == []  # the old board's controls disabled by an edit
    assert watch.changed(board(4, 7)) == [TwoLiveBoards(7, (3, 4))]
    deleted = board(3, 7)
    deleted.deleted = True
    assert watch.changed(deleted) == []
    assert watch.changed(board(5, 7, action="rematch")) == []  # no game control
    assert watch.live[(CHANNEL, 7)] == {4} and watch.live[(CHANNEL, 8)] == {2}
    assert watch.moments == [TwoLiveBoards(7, (1, 3)), TwoLiveBoards(7, (3, 4))]
