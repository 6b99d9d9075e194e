"""Legal-play generation on plain lists of ints, built for speed (R3, R4, R5).

Boards here are mutable lists of 26 ints in the mover's numbering: `me[p]` is the mover's checkers on point p
(0 = borne off, 25 = bar) and `opp[p]` the opponent's checkers on the mover's point p, so `opp[0]` is the
opponent's bar and `opp[25]` its borne-off checkers (the opponent's own tuple reversed). Moves are made and
unmade in place, and every resulting position gets an int key (4 bits per point of `me`, plus one bit per
point where a blot was hit), so a play is kept once per distinct result (R4.5) without building tuples.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from bot.engine.play import BAR, OFF, Step

Board = list[int]

# WEIGHT[p] adds one checker on point p to a key; HIT_BIT[p] records a blot hit on point p.
WEIGHT = tuple(1 << (4 * point) for point in range(26))
HIT_BIT = tuple(1 << (104 + point) for point in range(26))
HOME = 6

# Every possible Step, built once: STEPS[start][die][hit].
STEPS: tuple[tuple[tuple[Step, Step], ...], ...] = tuple(
    tuple(
        (Step(start, max(start - die, OFF), die, False), Step(start, max(start - die, OFF), die, True))
        for die in range(7)
    )
    for start in range(26)
)

ALL_STARTS = tuple(range(24, 0, -1))
BAR_ONLY = (BAR,)


@lru_cache(maxsize=4096)
def board_key(me: tuple[int, ...]) -> int:
    """The key of a board before any hit (cached: parsing and the step API ask again for the same board)."""
    return sum(count << (4 * point) for point, count in enumerate(me))


def outside_count(me: Sequence[int]) -> int:
    """Checkers not yet in the home board (points 7..24 and the bar), which forbid bearing off (R5.3)."""
    return sum(me[HOME + 1 :])


def step_end(me: Board, opp: Board, start: int, die: int, outside: int) -> int:
    """Where a checker on `start` lands with `die`, 0 for off, or -1 when the rules forbid the step.

    The caller checks that a checker is on `start` and that the bar is empty unless `start` is the bar (R5.1).
    """
    end = start - die
    if end > 0:
        return -1 if opp[end] >= 2 else end  # R3.4: never on two or more opposing checkers
    if outside:
        return -1  # R5.3: all checkers must be home before bearing off
    if end < 0:
        for point in range(start + 1, HOME + 1):
            if me[point]:
                return -1  # R5.4: a higher die bears off from a lower point only if no checker is higher
    return OFF


def _two_dice(me: Board, opp: Board, high: int, low: int, key0: int) -> dict[int, tuple[Step, ...]]:
    """Non-double rolls: both dice if possible (R4.1), else the higher if it can be played (R4.3), else the lower."""
    outside0 = outside_count(me)
    both: dict[int, tuple[Step, ...]] = {}
    single: dict[int, dict[int, tuple[Step, ...]]] = {high: {}, low: {}}
    for first, second in ((high, low), (low, high)):
        for start in BAR_ONLY if me[BAR] else ALL_STARTS:
            if not me[start]:
                continue
            end = step_end(me, opp, start, first, outside0)
            if end < 0:
                continue
            hit = end > 0 and opp[end] == 1
            me[start] -= 1
            me[end] += 1
            if hit:
                opp[end] = 0
                opp[OFF] += 1
            outside = outside0 - 1 if start > HOME >= end else outside0
            key1 = key0 - WEIGHT[start] + WEIGHT[end] + (HIT_BIT[end] if hit else 0)
            step1 = STEPS[start][first][hit]
            moved = False
            for start2 in BAR_ONLY if me[BAR] else ALL_STARTS:
                if not me[start2]:
                    continue
                end2 = step_end(me, opp, start2, second, outside)
                if end2 < 0:
                    continue
                moved = True
                hit2 = end2 > 0 and opp[end2] == 1
                key2 = key1 - WEIGHT[start2] + WEIGHT[end2] + (HIT_BIT[end2] if hit2 else 0)
                if key2 not in both:
                    both[key2] = (step1, STEPS[start2][second][hit2])
            if not moved and not both and key1 not in single[first]:
                single[first][key1] = (step1,)
            if hit:
                opp[end] = 1
                opp[OFF] -= 1
            me[end] -= 1
            me[start] += 1
    return both or single[high] or single[low] or {key0: ()}


def _doubles(me: Board, opp: Board, die: int, key0: int) -> dict[int, tuple[Step, ...]]:
    """Doubles: as many of the four moves as possible (R3.3, R4.1).

    Steps are generated with non-increasing start points: any legal set of steps can be played in that order
    (a checker has to reach a point before leaving it, the bar comes first, outer checkers go home first), so
    each set of steps is visited once instead of once per order.
    """
    by_count: list[dict[int, tuple[Step, ...]]] = [{}, {}, {}, {}, {}]
    path: list[Step] = []
    steps_for_die = [STEPS[start][die] for start in range(26)]

    def extend(highest: int, count: int, key: int, outside: int) -> None:
        moved = False
        if count < 4:
            starts = BAR_ONLY if me[BAR] else range(min(highest, 24), 0, -1)
            for start in starts:
                if not me[start]:
                    continue
                end = step_end(me, opp, start, die, outside)
                if end < 0:
                    continue
                moved = True
                hit = end > 0 and opp[end] == 1
                me[start] -= 1
                me[end] += 1
                if hit:
                    opp[end] = 0
                    opp[OFF] += 1
                path.append(steps_for_die[start][hit])
                extend(
                    start,
                    count + 1,
                    key - WEIGHT[start] + WEIGHT[end] + (HIT_BIT[end] if hit else 0),
                    outside - 1 if start > HOME >= end else outside,
                )
                path.pop()
                if hit:
                    opp[end] = 1
                    opp[OFF] -= 1
                me[end] -= 1
                me[start] += 1
        if not moved:
            found = by_count[count]
            if key not in found:
                found[key] = tuple(path)

    extend(BAR, 0, key0, outside_count(me))
    for found in reversed(by_count):
        if found:
            return found
    return {}  # not reached: with no step possible the empty path is recorded under count 0


def generate(mover: Sequence[int], opponent: Sequence[int], dice: tuple[int, int]) -> dict[int, tuple[Step, ...]]:
    """The step sequences of every legal play keyed by their resulting position (see `result_key`), in a fixed
    order: one entry per distinct result (R4.5), and the single entry `()` when nothing can be played (R4.4).
    """
    key0 = board_key(tuple(mover))
    me = list(mover)
    opp = list(reversed(opponent))
    first, second = dice
    if first == second:
        return _doubles(me, opp, first, key0)
    return _two_dice(me, opp, max(first, second), min(first, second), key0)


def result_key(mover: Sequence[int], opponent: Sequence[int], steps: Iterable[Step]) -> int:
    """The key `generate` gives the position these steps lead to, for steps already known to be legal."""
    key = board_key(tuple(mover))
    opp = list(reversed(opponent))
    for step in steps:
        key += WEIGHT[step.end] - WEIGHT[step.start]
        if step.end and opp[step.end] == 1:
            opp[step.end] = 0
            key += HIT_BIT[step.end]
    return key


def max_dice(me: Board, opp: Board, dice: list[int]) -> int:
    """How many of `dice` can still be played from this board, one after another (for R4.1 look-ahead)."""
    if not dice:
        return 0
    best = 0
    outside = outside_count(me)
    for index, die in enumerate(dice):
        if index and die in dice[:index]:
            continue
        rest = dice[:index] + dice[index + 1 :]
        for start in BAR_ONLY if me[BAR] else ALL_STARTS:
            if not me[start]:
                continue
            end = step_end(me, opp, start, die, outside)
            if end < 0:
                continue
            hit = end > 0 and opp[end] == 1
            make_step(me, opp, start, end, hit)
            best = max(best, 1 + max_dice(me, opp, rest))
            unmake_step(me, opp, start, end, hit)
            if best == len(dice):
                return best
    return best


def make_step(me: Board, opp: Board, start: int, end: int, hit: bool) -> None:
    """Move one checker in place; a hit blot goes to the opponent's bar (R3.4)."""
    me[start] -= 1
    me[end] += 1
    if hit:
        opp[end] -= 1
        opp[OFF] += 1


def unmake_step(me: Board, opp: Board, start: int, end: int, hit: bool) -> None:
    """Undo `make_step`."""
    if hit:
        opp[end] += 1
        opp[OFF] -= 1
    me[end] -= 1
    me[start] += 1
