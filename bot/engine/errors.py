"""Errors the engine raises for bad input; their messages are written for a player to read."""

from __future__ import annotations


class InvalidPlayError(ValueError):
    """The text of a play cannot be read (R10.1): not `from/to` steps, unknown points, bad repeat counts."""


class IllegalPlayError(ValueError):
    """A readable play that the rules forbid with this position and roll (R3, R4, R5)."""


class InvalidPositionIdError(ValueError):
    """A Position ID that is malformed or describes an impossible board (R10.2)."""
