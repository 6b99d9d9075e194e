"""Differential test against GNU Backgammon (R4.5, R10.1): the same positions, the same rolls, the same plays.

2,000 positions from seeded random games x all 21 rolls. For every one, the set of positions our legal plays
lead to must equal gnubg's. gnubg cuts a move tuple at its first bear-off, so for those rolls the counts
are compared and every cut tuple must be the start of one of our plays; a seeded sample of them is checked
in full through gnubg's `hint` move strings (about 10 ms each). A seeded fifth of gnubg's move strings
(`move_tuple_to_string`: about 200,000 of a million) is parsed by `parse_play` and must give the play with the same
result: parsing every one took three quarters of the test's time and found nothing a fifth would not.
The positions are split into four parts, each a test of its own.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from bot.engine import Play, Position
from bot.engine.legal import legal_plays
from bot.engine.movegen import HIT_BIT, WEIGHT, board_key
from tests.engine import gnubg_reference as gnubg
from tests.engine.gnubg_reference import ROLLS

POSITIONS = 2000
PARTS = 4
HINT_SAMPLE = 0.08  # share of bear-off rolls checked in full through `hint`
PARSE_SAMPLE = 0.2  # share of gnubg's move strings read back by parse_play


@cache
def _positions() -> list[Position]:
    return list(gnubg.random_positions(seed=7, count=POSITIONS))


def _keys(position: Position, moves: list[tuple[int, ...]]) -> list[int]:
    """The engine's key (4 bits a point of the mover, one bit a hit point) of where each of gnubg's moves leads.

    The board's key and its blots are read once for all the moves: this runs for a million moves.
    """
    base = board_key(position.mover)
    blots = {point for point in range(1, 25) if position.opponent[25 - point] == 1}
    keys = []
    for move in moves:
        key = base
        for start, end in zip(move[0::2], move[1::2], strict=True):
            key += WEIGHT[end] - WEIGHT[start]
            if end in blots and not key & HIT_BIT[end]:  # the key's hit bit: a blot is hit once
                key += HIT_BIT[end]
        keys.append(key)
    return keys


def _pairs(move: tuple[int, ...]) -> list[tuple[int, int]]:
    return list(zip(move[0::2], move[1::2], strict=False))


def _is_start_of_some_play(cut: tuple[int, ...], plays: list[Play]) -> bool:
    """A tuple cut at its first bear-off (`..., from`) names some steps and one bear-off of a play of ours."""
    wanted = Counter([*_pairs(cut[:-1]), (cut[-1], 0)])
    for play in plays:
        ends = [(s.start, s.end) for s in play.steps]
        if not wanted - Counter(ends):
            return True
    return False


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
def test_same_plays_as_gnubg_for_2000_random_positions_and_all_rolls(part: int) -> None:
    rng = random.Random(20261122 + part)
    disagreements: list[str] = []
    compared = cut_rolls = hint_checks = parsed = 0
    for position in _positions()[part::PARTS]:
        position_id = position.position_id()
        for dice in ROLLS:
            plays = position.legal_plays(dice)
            ours = legal_plays(position.mover, position.opponent, (max(dice), min(dice))).by_key
            moves = gnubg.find_best_moves(position, dice)
            where = f"{position_id} {dice[0]}-{dice[1]}"
            compared += 1
            if not moves:
                if plays != [Play(())]:
                    disagreements.append(f"{where}: gnubg finds no play, we find {[str(p) for p in plays]}")
                continue
            complete = [move for move in moves if len(move) % 2 == 0]
            cut = [move for move in moves if len(move) % 2]
            keys = _keys(position, complete)
            theirs = set(keys)
            if cut:
                cut_rolls += 1
                with_off = {key for key, play in ours.items() if any(s.end == 0 for s in play.steps)}
                if len(with_off) != len(cut) or set(ours) - with_off != theirs:
                    disagreements.append(f"{where}: {len(ours)} plays here, gnubg {len(moves)}")
                for move in cut:
                    if not _is_start_of_some_play(move, plays):
                        disagreements.append(f"{where}: gnubg's {move} starts none of our plays")
                if rng.random() < HINT_SAMPLE:
                    hint_checks += 1
                    hinted = {position.parse_play(text, dice) for text in gnubg.hint_strings(position, dice)}
                    if hinted != set(plays):
                        disagreements.append(f"{where}: gnubg's hint lists other plays than ours")
            elif theirs != set(ours):
                only_ours = [str(ours[r]) for r in set(ours) - theirs]
                disagreements.append(f"{where}: {len(theirs)} gnubg plays, {len(ours)} ours; only ours: {only_ours}")
            for move, key in zip(complete, keys, strict=True):
                if rng.random() >= PARSE_SAMPLE:
                    continue
                text = gnubg.move_string(position, move)
                parsed += 1
                got = position.parse_play(text, dice)
                if got != ours.get(key):
                    disagreements.append(f"{where}: parse_play({text!r}) gave {got}")
    assert disagreements == []
    assert compared == POSITIONS // PARTS * 21
    # the comparison really covered these cases (each part: about 1,000 bear-off rolls, 80 hints, 46,000 strings)
    assert cut_rolls > 500 and hint_checks > 20 and parsed > 40_000
