"""Dice statistics for `/stats dice`: a player's rolls against what fair dice give, with chi-square
p-values. scipy is not a dependency: the chi-square survival function is computed here with `math` (the
regularized upper incomplete gamma function, by its series and its continued fraction, as in Numerical Recipes).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from bot.engine import events as ev
from bot.engine.match_log import MatchLog
from bot.records.mat import match_events

#: The 21 different rolls, high die first: 11, 21, 22, 31, ... 66.
ROLL_KINDS: tuple[tuple[int, int], ...] = tuple((high, low) for high in range(1, 7) for low in range(1, high + 1))
EXPECTED_PIPS = 49 / 6  # 7 for a plain roll, doubles count four times: (2 * 7 * 30 + 4 * 21) / 36


def _gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x)."""
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:  # the series of P(a, x)
        term = total = 1.0 / a
        n = a
        for _ in range(10_000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300  # the continued fraction of Q(a, x) (modified Lentz)
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def chi_square_p(statistic: float, degrees: int) -> float:
    """The chance that fair dice give a chi-square statistic at least this large (its survival function)."""
    return _gamma_q(degrees / 2, statistic / 2)


@dataclass(frozen=True, slots=True)
class DiceStats:
    """A player's rolls (each roll of theirs in a game, forced and automatic ones included; opening rolls are
    left out: one die each, and no doubles)."""

    rolls: int
    faces: tuple[int, ...]  # how often 1..6 came, counting both dice of every roll
    kinds: tuple[int, ...]  # how often each of ROLL_KINDS came
    doubles: int
    pips: int  # doubles count four times

    @property
    def expected_face(self) -> float:
        return self.rolls * 2 / 6

    def expected_kind(self, kind: tuple[int, int]) -> float:
        return self.rolls * (1 if kind[0] == kind[1] else 2) / 36

    @property
    def pips_per_roll(self) -> float:
        return self.pips / self.rolls if self.rolls else 0.0

    @property
    def faces_p(self) -> float | None:
        """Chi-square p-value of the faces (5 degrees of freedom); None without enough rolls."""
        if self.rolls < 15:
            return None
        expected = self.expected_face
        return chi_square_p(sum((seen - expected) ** 2 / expected for seen in self.faces), 5)

    @property
    def kinds_p(self) -> float | None:
        """Chi-square p-value of the 21 rolls (20 degrees of freedom); None below 180 rolls (5 expected each)."""
        if self.rolls < 180:
            return None
        statistic = sum(
            (seen - self.expected_kind(kind)) ** 2 / self.expected_kind(kind)
            for kind, seen in zip(ROLL_KINDS, self.kinds, strict=True)
        )
        return chi_square_p(statistic, 20)


def dice_stats(rolls: Iterable[tuple[int, int]]) -> DiceStats:
    listed = list(rolls)
    faces = Counter(die for roll in listed for die in roll)
    kinds = Counter((max(roll), min(roll)) for roll in listed)
    doubles = sum(1 for roll in listed if roll[0] == roll[1])
    pips = sum(roll[0] * 4 if roll[0] == roll[1] else roll[0] + roll[1] for roll in listed)
    return DiceStats(
        len(listed), tuple(faces[face] for face in range(1, 7)), tuple(kinds[k] for k in ROLL_KINDS), doubles, pips
    )


def players_rolls(log: MatchLog, player: int) -> list[tuple[int, int]]:
    """The rolls `player` (0 or 1) made in the match: every Rolled event of theirs."""
    return [event.dice for event in match_events(log) if isinstance(event, ev.Rolled) and event.player == player]
