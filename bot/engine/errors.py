"""Errors the engine raises for bad input; their messages are written for a player to read.

A refusal carries its English template, marked `N_()` for the catalogues, and the parameters that fill it, so that
the front end shows it in the reader's language; `str(error)` is the English text.
"""

from __future__ import annotations

from typing import Any

from bot.i18n.messages import Message


class RefusalError(ValueError):
    """Something a player asked for that cannot be done, in the player's words: `template` and `params`."""

    def __init__(self, message: str = "", /, **params: Any) -> None:
        self.template = message
        self.params = params
        super().__init__(str(self.message))

    @property
    def message(self) -> Message:
        return Message(self.template, self.params)

    def render(self, locale: object) -> str:
        """The reason in the reader's language (English when the catalogue lacks it)."""
        return self.message.render(locale)


class InvalidPlayError(RefusalError):
    """The text of a play cannot be read (R10.1): not `from/to` steps, unknown points, bad repeat counts."""


class IllegalPlayError(RefusalError):
    """A readable play that the rules forbid with this position and roll (R3, R4, R5)."""


class InvalidPositionIdError(ValueError):
    """A Position ID that is malformed or describes an impossible board (R10.2)."""
