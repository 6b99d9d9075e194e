"""Where the dice come from (R9.1). The engine asks a source for one die at a time, so tests inject fixed dice
and a replay feeds back the dice a log recorded. The bot rolls every match's dice with `CommittedDice`:
each roll is an HMAC of a server seed, committed to before the first roll and revealed after the last, and of
both players' seeds, so that anyone can recompute every roll afterwards (`python -m bot.fairness`)."""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from bot.engine.errors import RefusalError
from bot.i18n.messages import N_


class DiceSource(Protocol):
    """Anything that rolls one fair die: returns 1..6."""

    def roll_die(self) -> int: ...


class SecretDice:
    """The default source: the operating system's CSPRNG through `secrets` (R9.1)."""

    def roll_die(self) -> int:
        return secrets.randbelow(6) + 1


class SeededDice:
    """Dice that repeat from a seed, for tests, benchmarks and the scripts that play the computer against itself;
    never a match's dice (those are secret, then committed: R9.1)."""

    def __init__(self, seed: int | float | str) -> None:
        self.rng = random.Random(seed)

    def roll_die(self) -> int:
        return self.rng.randint(1, 6)


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


# --- provably fair dice ----------------------------------------------------------------------------------

#: Bytes of a server seed; its commitment is the SHA-256 of these bytes, shown in hex.
SERVER_SEED_BYTES = 32
#: The longest seed a player may give (characters), so that it fits on one line of every message and file.
MAX_PLAYER_SEED = 64
#: Bytes >= this are skipped: 252 = 6 * 42, so `b % 6` is uniform over the bytes kept.
_SKIP_FROM = 252


def new_server_seed() -> bytes:
    """A fresh server seed from the operating system's CSPRNG."""
    return secrets.token_bytes(SERVER_SEED_BYTES)


def commitment(server_seed: bytes) -> str:
    """The SHA-256 of the server seed, in hex: shown before the first roll, checked after the reveal."""
    return hashlib.sha256(server_seed).hexdigest()


def committed_roll(server_seed: bytes, challenger_seed: str, acceptor_seed: str, k: int) -> tuple[int, int]:
    """Roll `k` of a match (0, 1, ... across all games, opening rolls and their re-rolls included), exactly as
    the published commitment defines it: block j is HMAC-SHA256(key=server seed, message=UTF-8 of
    "<challenger seed>:<acceptor seed>:<k>:<j>"); its bytes in order, skipping every byte >= 252, give the dice
    b % 6 + 1; the first two dice are the roll (for an opening roll, the challenger's die, then the acceptor's)."""
    dice: list[int] = []
    j = 0
    while True:
        message = f"{challenger_seed}:{acceptor_seed}:{k}:{j}".encode()
        for byte in hmac.new(server_seed, message, hashlib.sha256).digest():
            if byte < _SKIP_FROM:
                dice.append(byte % 6 + 1)
                if len(dice) == 2:
                    return dice[0], dice[1]
        j += 1


class SeedError(RefusalError):
    """A player's seed that cannot be used; the message says why, for the player."""


def clean_player_seed(text: str) -> str:
    """A player's seed as given, trimmed; SeedError (a ValueError) when it cannot be used."""
    seed = text.strip()
    if not seed:
        raise SeedError(N_("A seed cannot be empty: leave the option out to use the default."))
    if len(seed) > MAX_PLAYER_SEED:
        raise SeedError(
            N_("A seed may have at most {limit} characters (this one has {count})."),
            limit=MAX_PLAYER_SEED,
            count=len(seed),
        )
    if any(not char.isprintable() for char in seed):
        raise SeedError(N_("A seed cannot hold line breaks or other control characters."))
    return seed


@dataclass(frozen=True, slots=True)
class MatchSeeds:
    """What a match's dice are made from. The server seed stays secret until the match ends."""

    server_seed: bytes
    challenger_seed: str
    acceptor_seed: str

    @property
    def commitment(self) -> str:
        return commitment(self.server_seed)

    def __repr__(self) -> str:  # never print the secret by accident (logs, tracebacks)
        return f"MatchSeeds(commitment={self.commitment[:16]}..., {self.challenger_seed!r}, {self.acceptor_seed!r})"


@dataclass(frozen=True, slots=True)
class FairnessInfo:
    """What may be shown about a match's dice: the server seed (hex) only once the match is over."""

    commitment: str
    challenger_seed: str
    acceptor_seed: str
    server_seed: str | None = None  # hex, only once the match is over


class CommittedDice:
    """The bot's per-match source: roll k of `committed_roll`, one die at a time. `drawn` dice were already used
    (a match loaded from its log goes on with the next roll)."""

    def __init__(self, seeds: MatchSeeds, drawn: int = 0) -> None:
        self._seeds = seeds
        self.drawn = drawn
        self._roll: tuple[int, tuple[int, int]] | None = None

    def roll_die(self) -> int:
        k, which = divmod(self.drawn, 2)
        if self._roll is None or self._roll[0] != k:
            seeds = self._seeds
            self._roll = (k, committed_roll(seeds.server_seed, seeds.challenger_seed, seeds.acceptor_seed, k))
        self.drawn += 1
        return self._roll[1][which]

    def __repr__(self) -> str:
        return f"CommittedDice({self._seeds!r}, drawn={self.drawn})"
