"""Matches with the cube against gnubg's checker play (bench_gnubg.py --matches): the part of issue 36 item 3.

gnubg's Python module has no cube decision call (its `hint` answers "Hints for cube actions not yet
implemented", and its `evaluate` gives the same cubeless figure whatever the cube), so gnubg's side takes its
cube decisions, and answers resignations, with the computer's own judgement at the same level: both sides
judge the cube alike, and the figure compares checker play under the cube and the match score. gnubg's plays
are match-aware (its cube_info carries the score). Each match's dice are played twice, the seats swapped.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from bench.bench_computer import SeededDice, interval
from bench.gnubg_player import best_play
from bot.computer import choose_action
from bot.engine import Match, MatchOptions
from bot.engine.game import Phase


def one_match(level: str, gnubg_plies: int, length: int, seat: int, seed: int) -> tuple[int, int]:
    """The computer at `level` in `seat`: (1 if it won the match else 0, its score minus gnubg's)."""
    import gnubg

    match = Match(("zero", "one"), MatchOptions.match(length), SeededDice(seed))
    rng = random.Random(seed)
    while not match.finished:
        player = match.to_act
        assert player is not None
        if player != seat and match.phase is Phase.MOVING:
            owner = -1 if match.cube_owner is None else match.cube_owner
            score = (match.scores[0], match.scores[1])
            cube = gnubg.cube_info(match.cube, owner, player, length, score, int(match.crawford))
            action: Any = best_play(match, gnubg_plies, cube)
        else:
            action = choose_action(match, level, rng)
        match.apply(action)
    won = int(match.scores[seat] > match.scores[1 - seat])
    return won, match.scores[seat] - match.scores[1 - seat]


def match_pair(level: str, gnubg_plies: int, length: int, seed: int) -> tuple[float, float]:
    """The level's share of the two matches on one dice stream, and its mean score difference."""
    first = one_match(level, gnubg_plies, length, 0, seed)
    second = one_match(level, gnubg_plies, length, 1, seed)
    return (first[0] + second[0]) / 2, (first[1] + second[1]) / 2


def play_matches(
    pool: Executor, args: argparse.Namespace, progress: Callable[[dict[str, Any]], None]
) -> dict[str, Any]:
    """`args.matches` pairs of matches; `progress` gets the figures after every pair (a stopped run keeps them)."""
    seeds = range(args.first_seed, args.first_seed + args.matches)
    pairs: list[tuple[float, float]] = []
    for pair in pool.map(
        match_pair, [args.match_level] * len(seeds), [args.gnubg_plies] * len(seeds), [args.length] * len(seeds), seeds
    ):
        pairs.append(pair)
        progress(match_figures(args, pairs))
    return match_figures(args, pairs)


def match_figures(args: argparse.Namespace, pairs: list[tuple[float, float]]) -> dict[str, Any]:
    share, share_half = interval([won for won, _ in pairs])
    margin, margin_half = interval([difference for _, difference in pairs])
    return {
        "level": args.match_level,
        "opponent": f"gnubg {args.gnubg_plies}-ply checker play, the cube judged at {args.match_level} on both sides",
        "length": args.length,
        "matches": 2 * len(pairs),
        "match_wins": share,
        "match_wins_ci95": [share - share_half, share + share_half],
        "score_difference": margin,
        "score_difference_ci95": [margin - margin_half, margin + margin_half],
        "pairs": [list(pair) for pair in pairs],
    }


def matches_text(found: dict[str, Any]) -> str:
    low, high = found["match_wins_ci95"]
    m_low, m_high = found["score_difference_ci95"]
    return (
        f"{found['length']}-point matches, {found['level']} against {found['opponent']}: won "
        f"{found['match_wins']:.1%} [{low:.1%}, {high:.1%}] of {found['matches']}; points per match "
        f"{found['score_difference']:+.2f} [{m_low:+.2f}, {m_high:+.2f}]"
    )
