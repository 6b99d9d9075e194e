"""A page's request to act, read into the service's command: the same commands as the channel board's buttons (an
action asked for by its word, a step with its point and die), checked by the same `act`. Anything else is None."""

from __future__ import annotations

from typing import Any

from bot.engine import actions
from bot.service import commands
from bot.web.activity.state import BUTTONS

#: The page's buttons that ask for an action built from the seat alone, by word.
_ASKED: dict[str, type[actions.SeatAction]] = {
    action.word: seat for action, _ in BUTTONS if (seat := actions.seat_action(action)) is not None
}


def _small_int(value: Any, low: int, high: int) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high else None


def command_of(message: dict[str, Any]) -> commands.Command | None:
    """The command a page's `act` message asks for; None for one no control of the page sends."""
    word = message.get("action")
    if word == "step":
        start, die = _small_int(message.get("start"), 1, 25), _small_int(message.get("die"), 1, 6)
        return None if start is None or die is None else commands.Step(start, die)
    if word == actions.Resign.word:
        return commands.Resign()
    if isinstance(word, str) and word in _ASKED:
        return commands.Ask(_ASKED[word])
    return None
