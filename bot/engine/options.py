"""The options a match is played with, checked once so that the game flow can trust them (R8.2, R8.3)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MAX_LENGTH = 25
MAX_AUTOMATIC_DOUBLES = 6


@dataclass(frozen=True, slots=True)
class MatchOptions:
    """Match length (0 = a money game, else 1..25) and the money-play options.

    Jacoby (R7.3), beavers (R6.4) and automatic doubles (R2.3) are money-game options only (R8.2, R8.3):
    asking for one in a match raises ValueError with a message a player can read.
    """

    length: int = 0
    jacoby: bool = False
    beavers: bool = False
    automatic_doubles: bool = False
    automatic_double_limit: int = 1
    #: Doubles of a dead cube allowed, which R6.1 forbids: only a match stored before that rule reads so (an
    #: options dict without the key), so that its log replays as it was played.
    dead_cube_doubles: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.length, bool) or not isinstance(self.length, int):
            raise ValueError("The match length must be a whole number.")
        if not 0 <= self.length <= MAX_LENGTH:
            raise ValueError(f"A match is played to 1..{MAX_LENGTH} points (or 0 for a money game), not {self.length}.")
        if self.length:
            chosen = [
                name
                for name, on in (
                    ("Jacoby", self.jacoby),
                    ("beavers", self.beavers),
                    ("automatic doubles", self.automatic_doubles),
                )
                if on
            ]
            if chosen:
                raise ValueError(f"{' and '.join(chosen).capitalize()} can only be used in a money game.")  # R8.3
        if not 1 <= self.automatic_double_limit <= MAX_AUTOMATIC_DOUBLES:
            raise ValueError(
                f"The automatic double limit must be 1..{MAX_AUTOMATIC_DOUBLES}, not {self.automatic_double_limit}."
            )

    @classmethod
    def money(
        cls,
        *,
        jacoby: bool = True,
        beavers: bool = False,
        automatic_doubles: bool = False,
        automatic_double_limit: int = 1,
    ) -> MatchOptions:
        """A money game; Jacoby is on by default there (R7.3)."""
        return cls(0, jacoby, beavers, automatic_doubles, automatic_double_limit)

    @classmethod
    def match(cls, length: int) -> MatchOptions:
        """A match to `length` points: no money-play options apply (R8.3)."""
        return cls(length)

    @property
    def is_money(self) -> bool:
        return self.length == 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "length": self.length,
            "jacoby": self.jacoby,
            "beavers": self.beavers,
            "automatic_doubles": self.automatic_doubles,
            "automatic_double_limit": self.automatic_double_limit,
            "dead_cube_doubles": self.dead_cube_doubles,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchOptions:
        return cls(
            int(data["length"]),
            bool(data["jacoby"]),
            bool(data["beavers"]),
            bool(data["automatic_doubles"]),
            int(data["automatic_double_limit"]),
            bool(data.get("dead_cube_doubles", True)),  # absent: stored before the dead-cube rule (R6.1)
        )
