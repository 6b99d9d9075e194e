"""What a play changed, reduced to what the picture marks: where checkers left from and where they arrived.

A checker moved 24/18/13 leaves 24 and arrives on 13; the stop on 18 is not marked, so chained steps and the
same play entered in another order (R4.5) give the same marks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from bot.engine import BAR, OFF, Step


@dataclass(frozen=True, slots=True)
class Marks:
    """Net moves of one player, in its own numbering: `left[p]` checkers left point p (25 = bar), `arrived[p]`
    checkers arrived on p (0 = borne off), and how many opposing checkers were hit."""

    left: dict[int, int]
    arrived: dict[int, int]
    hits: int

    @classmethod
    def of(cls, steps: Iterable[Step]) -> Marks:
        net: Counter[int] = Counter()
        hits = 0
        for step in steps:
            if not (1 <= step.start <= BAR and OFF <= step.end <= 24 and step.end < step.start):
                raise ValueError(f"A step must go forward from 25..1 to 24..0, not {step.start}/{step.end}")
            net[step.start] -= 1
            net[step.end] += 1
            hits += bool(step.hit)
        left = {point: -count for point, count in net.items() if count < 0}
        arrived = {point: count for point, count in net.items() if count > 0}
        return cls(left, arrived, hits)

    @property
    def empty(self) -> bool:
        return not (self.left or self.arrived or self.hits)
