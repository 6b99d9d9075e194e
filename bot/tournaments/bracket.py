"""The single-elimination bracket as pure functions: seeding, byes, pairings, advancing and the champion.

A bracket of `size` lines (the field rounded up to a power of two) is laid out in the standard seeding order
(1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight), so the top seeds meet as late as possible and the byes (the lines of
seeds past the field) go to the top seeds. Rounds are numbered from 1 (the first round) to `round_count`
(the final); slot i of round r is fed by slots 2i and 2i+1 of round r-1. Nothing here touches storage: the
service stores the seeds and each decided slot's winner, and the whole bracket is computed from those.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.i18n import N_, Message

MIN_PLAYERS = 2


def bracket_size(players: int) -> int:
    """The number of lines of the bracket: the field rounded up to a power of two (at least 2)."""
    if players < MIN_PLAYERS:
        raise ValueError(f"A bracket needs at least {MIN_PLAYERS} players, not {players}")
    size = 2
    while size < players:
        size *= 2
    return size


def round_count(size: int) -> int:
    """How many rounds a bracket of `size` lines plays (the last one is the final)."""
    return size.bit_length() - 1


def seed_order(size: int) -> list[int]:
    """The seeds (1 = best) line by line: seed s meets seed size + 1 - s in the first round, and the two best
    seeds can only meet in the final: [1, 2], [1, 4, 2, 3], [1, 8, 4, 5, 2, 7, 3, 6]."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def seed_by_rating(ratings: Mapping[int, float | None], rng: random.Random) -> list[int]:
    """The players in seed order: rated players by rating, best first (equal ratings in random order), then the
    unrated ones drawn at random."""
    players = sorted(ratings)  # a fixed order before shuffling, so that a seeded rng gives a fixed draw
    rng.shuffle(players)
    rated = sorted((p for p in players if ratings[p] is not None), key=lambda p: -float(ratings[p] or 0.0))
    unrated = [p for p in players if ratings[p] is None]
    return rated + unrated


@dataclass(frozen=True, slots=True)
class Slot:
    """One match of the bracket. A side is a player id, None while its feeder is undecided, or absent (no
    player will ever come: a bye). `winner` is the decided or bye winner."""

    round: int
    index: int
    players: tuple[int | None, int | None]
    absent: tuple[bool, bool]
    winner: int | None

    @property
    def bye(self) -> bool:
        """One side will never have a player: the other goes through without playing."""
        return self.absent[0] != self.absent[1]

    @property
    def empty(self) -> bool:
        return self.absent[0] and self.absent[1]

    @property
    def ready(self) -> bool:
        """Both players are known and the match is still to be decided: it can be played now."""
        return None not in self.players and self.winner is None

    @property
    def key(self) -> tuple[int, int]:
        return (self.round, self.index)


@dataclass(frozen=True, slots=True)
class Bracket:
    """The whole bracket computed from the seeds and the decided results."""

    seeds: tuple[int, ...]  # player ids, best seed first
    size: int
    rounds: tuple[tuple[Slot, ...], ...]  # rounds[0] is round 1

    @property
    def round_count(self) -> int:
        return len(self.rounds)

    def slot(self, round_number: int, index: int) -> Slot:
        return self.rounds[round_number - 1][index]

    @property
    def champion(self) -> int | None:
        return self.rounds[-1][0].winner

    def ready(self) -> list[Slot]:
        """Every match whose two players are known and which is not decided yet, round by round."""
        return [slot for slots in self.rounds for slot in slots if slot.ready]

    @property
    def round_in_play(self) -> int | None:
        """The earliest round with a match still to be decided (None once there is a champion)."""
        for number, slots in enumerate(self.rounds, start=1):
            if any(slot.winner is None and not slot.empty for slot in slots):
                return number
        return None

    def seed_of(self, player: int) -> int:
        return self.seeds.index(player) + 1


def build(seeds: Sequence[int], decided: Mapping[tuple[int, int], int]) -> Bracket:
    """The bracket for players in seed order with the decided results, {(round, slot): winner id}.

    :raises ValueError: a duplicate seed, too few players, or a result for a slot that cannot have one (its
        players not known yet, or a winner who is not one of them).
    """
    if len(set(seeds)) != len(seeds):
        raise ValueError(f"A player is seeded twice: {list(seeds)}")
    size = bracket_size(len(seeds))
    lines: list[int | None] = [seeds[s - 1] if s <= len(seeds) else None for s in seed_order(size)]
    sides = [(player, player is None) for player in lines]  # (player, absent) per line
    rounds: list[tuple[Slot, ...]] = []
    for number in range(1, round_count(size) + 1):
        slots = []
        for index in range(len(sides) // 2):
            (first, first_absent), (second, second_absent) = sides[2 * index], sides[2 * index + 1]
            players = (first, second)
            winner: int | None = None
            if first_absent != second_absent:  # a bye: the present side goes through
                winner = second if first_absent else first
            result = decided.get((number, index))
            if result is not None:
                if None in players or result not in players:
                    raise ValueError(f"Round {number} match {index}: {result} cannot win it (players {players})")
                winner = result
            slots.append(Slot(number, index, players, (first_absent, second_absent), winner))
        rounds.append(tuple(slots))
        sides = [(slot.winner, slot.empty) for slot in slots]
    unknown = set(decided) - {slot.key for slots in rounds for slot in slots}
    if unknown:
        raise ValueError(f"Results for slots that do not exist: {sorted(unknown)}")
    return Bracket(tuple(seeds), size, tuple(rounds))


#: The last three rounds by how many rounds follow them.
_LAST_ROUNDS = {0: N_("Final"), 1: N_("Semi-finals"), 2: N_("Quarter-finals")}


def round_name(number: int, count: int) -> Message:
    """'Final', 'Semi-finals', 'Quarter-finals', else 'Round n': a template, shown in the reader's language."""
    last = _LAST_ROUNDS.get(count - number)
    return Message(last) if last is not None else Message(N_("Round {number}"), {"number": number})
