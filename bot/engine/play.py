"""Plays as values: a `Step` moves one checker by one die, a `Play` is a turn's steps in a legal order (R3, R10.1)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

BAR = 25
OFF = 0


def point_name(point: int) -> str:
    """A point as written in notation (R10.1): `bar` for 25, `off` for 0, else the number."""
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return str(point)


@dataclass(frozen=True, slots=True)
class Step:
    """One checker moved by one die, in the mover's numbering (25 = bar, 0 = borne off).

    `die` is the die used: it can exceed `start - end` when a checker is borne off from a lower point (R5.4).
    """

    start: int
    end: int
    die: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{point_name(self.start)}/{point_name(self.end)}{'*' if self.hit else ''}"


@dataclass(frozen=True, slots=True)
class Play:
    """An immutable, hashable sequence of steps, in an order in which they can be played one by one.

    The empty play means nothing could be played (R4.4). `str(play)` gives standard notation (R10.1).
    """

    steps: tuple[Step, ...]

    def __str__(self) -> str:
        return format_play(self.steps)

    @property
    def pips(self) -> int:
        """Pips this play moves, counting a bear-off as the distance to off (not the die)."""
        return sum(step.start - step.end for step in self.steps)


NO_PLAY_TEXT = "no move"


def _chains(steps: tuple[Step, ...]) -> list[list[tuple[int, bool]]]:
    """Join consecutive steps of one checker into chains of (point, hit there) starting at the start point."""
    chains: list[list[tuple[int, bool]]] = []
    for step in steps:
        for chain in reversed(chains):
            if chain[-1][0] == step.start and step.start != OFF:
                chain.append((step.end, step.hit))
                break
        else:
            chains.append([(step.start, False), (step.end, step.hit)])
    return chains


def _chain_text(chain: list[tuple[int, bool]]) -> str:
    """`24/13` for a plain run, `8/5*/1` when a blot is hit on the way: only hit stops are written."""
    parts = [point_name(chain[0][0])]
    last = len(chain) - 1
    for index, (point, hit) in enumerate(chain[1:], start=1):
        if hit or index == last:
            parts.append(point_name(point) + ("*" if hit else ""))
    return "/".join(parts)


@lru_cache(maxsize=8192)
def format_play(steps: tuple[Step, ...]) -> str:
    """Standard notation (R10.1), ordered as GNU Backgammon does: farthest start first, then nearest end first.
    Cached: every board of a turn lists the same plays in its menu (and sorts them by their text)."""
    if not steps:
        return NO_PLAY_TEXT
    chains = sorted(_chains(steps), key=lambda chain: (-chain[0][0], chain[-1][0]))
    texts = [_chain_text(chain) for chain in chains]
    counts = Counter(texts)
    seen: set[str] = set()
    parts: list[str] = []
    for text in texts:
        if text in seen:
            continue
        seen.add(text)
        parts.append(text if counts[text] == 1 else f"{text}({counts[text]})")
    return " ".join(parts)
