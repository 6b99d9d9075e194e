"""Where the dice come from (R9.1). The engine asks a source for one die at a time, so tests inject fixed dice
and a replay feeds back the dice a log recorded."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Protocol


class DiceSource(Protocol):
    """Anything that rolls one fair die: returns 1..6."""

    def roll_die(self) -> int: ...


class SecretDice:
    """The default source: the operating system's CSPRNG through `secrets` (R9.1)."""

    def roll_die(self) -> int:
        return secrets.randbelow(6) + 1


class DiceExhaustedError(LookupError):
    """A fixed source was asked for more dice than it was given."""


class FixedDice:
    """Dice given in advance, in order (tests and replays). Running out raises DiceExhaustedError."""

    def __init__(self, values: Iterable[int]) -> None:
        self._values = list(values)
        for value in self._values:
            if not 1 <= value <= 6:
                raise ValueError(f"A die shows 1..6, not {value}")
        self._next = 0

    def roll_die(self) -> int:
        if self._next >= len(self._values):
            raise DiceExhaustedError(f"Only {len(self._values)} dice were given")
        value = self._values[self._next]
        self._next += 1
        return value

    @property
    def remaining(self) -> int:
        return len(self._values) - self._next
