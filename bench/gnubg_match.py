"""Matches with the cube against GNU Backgammon (bench_gnubg.py --matches): issue 36 item 3.

The computer at its level plays gnubg at `--gnubg-plies` (2 = its "world class", 0 = its "expert"), each side with
its own cube: gnubg's checker plays, doubles, takes and passes are its own, read from its `hint`
(bench/gnubg_hint.py: cubeful, match-aware, its move filter). Only answers to the computer's resignations, which
it offers only in games it cannot win, are the computer's own judgement. Each match's dice are played twice, the
seats swapped.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from bench.computer_games import interval
from bench.gnubg_hint import best_play, cube_action
from bot.computer import choose_action
from bot.engine import Match, MatchOptions
from bot.engine.actions import Action, Double, Drop, Take
from bot.engine.dice import SeededDice
from bot.engine.game import Phase

#: the cube actions counted for each side
CUBE_ACTIONS = {Double: "doubles", Take: "takes", Drop: "drops"}


@dataclass
class MatchPlayed:
    """One match from the computer's seat: won or not, its score minus gnubg's, cube actions and thinking."""

    won: int
    margin: int
    cube: Counter[str] = field(default_factory=Counter)  # "computer doubles", "gnubg drops", ...
    computer_seconds: float = 0.0
    gnubg_seconds: float = 0.0


def gnubg_action(match: Match, gnubg_plies: int) -> Action:
    """gnubg's own decision for the side the match waits for: its play or its cube action."""
    return best_play(match, gnubg_plies) if match.phase is Phase.MOVING else cube_action(match, gnubg_plies)


def one_match(level: str, gnubg_plies: int, length: int, seat: int, seed: int) -> MatchPlayed:
    """The computer at `level` in `seat` against gnubg, each with its own cube."""
    dice = SeededDice(seed)
    match = Match.start(("zero", "one"), MatchOptions.match(length), dice)
    rng = random.Random(seed)
    played = MatchPlayed(0, 0)
    while not match.finished:
        player = match.to_act
        assert player is not None
        started = time.perf_counter()
        if player == seat:
            action: Any = choose_action(match, level, rng)
            played.computer_seconds += time.perf_counter() - started
        elif match.phase in (Phase.ROLLING, Phase.MOVING, Phase.DOUBLED):
            action = gnubg_action(match, gnubg_plies)
            played.gnubg_seconds += time.perf_counter() - started
        else:  # gnubg answering the computer's resignation (offered only in a game it cannot win)
            action = choose_action(match, level, rng)
        kind = CUBE_ACTIONS.get(type(action))
        if kind is not None:
            played.cube[f"{'computer' if player == seat else 'gnubg'} {kind}"] += 1
        match = match.apply(action, dice).match
    played.won = int(match.scores[seat] > match.scores[1 - seat])
    played.margin = match.scores[seat] - match.scores[1 - seat]
    return played


def match_pair(level: str, gnubg_plies: int, length: int, seed: int) -> tuple[MatchPlayed, MatchPlayed]:
    """The level's two matches on one dice stream, the seats swapped."""
    return one_match(level, gnubg_plies, length, 0, seed), one_match(level, gnubg_plies, length, 1, seed)


def play_matches(
    pool: Executor, args: argparse.Namespace, progress: Callable[[dict[str, Any]], None]
) -> dict[str, Any]:
    """`args.matches` pairs of matches; `progress` gets the figures after every pair (a stopped run keeps them)."""
    seeds = range(args.first_seed, args.first_seed + args.matches)
    pairs: list[tuple[MatchPlayed, MatchPlayed]] = []
    started = time.perf_counter()
    for pair in pool.map(
        match_pair, [args.match_level] * len(seeds), [args.gnubg_plies] * len(seeds), [args.length] * len(seeds), seeds
    ):
        pairs.append(pair)
        progress(match_figures(args, pairs, time.perf_counter() - started))
    return match_figures(args, pairs, time.perf_counter() - started)


def match_figures(
    args: argparse.Namespace, pairs: list[tuple[MatchPlayed, MatchPlayed]], seconds: float
) -> dict[str, Any]:
    """Match wins and points per match for the level, with 95% intervals over the pairs of matches."""
    share, share_half = interval([(first.won + second.won) / 2 for first, second in pairs])
    margin, margin_half = interval([(first.margin + second.margin) / 2 for first, second in pairs])
    matches = [played for pair in pairs for played in pair]
    cube: Counter[str] = Counter()
    for played in matches:
        cube.update(played.cube)
    count = max(1, len(matches))
    return {
        "level": args.match_level,
        "opponent": f"gnubg {args.gnubg_plies}-ply: its own checker plays and cube decisions",
        "length": args.length,
        "matches": len(matches),
        "match_wins": share,
        "match_wins_ci95": [share - share_half, share + share_half],
        "score_difference": margin,
        "score_difference_ci95": [margin - margin_half, margin + margin_half],
        "cube_actions": dict(sorted(cube.items())),
        "computer_seconds_per_match": sum(played.computer_seconds for played in matches) / count,
        "gnubg_seconds_per_match": sum(played.gnubg_seconds for played in matches) / count,
        "seconds": seconds,
        "pairs": [[[played.won, played.margin] for played in pair] for pair in pairs],
    }


def matches_text(found: dict[str, Any]) -> str:
    low, high = found["match_wins_ci95"]
    m_low, m_high = found["score_difference_ci95"]
    cube = ", ".join(f"{name} {count}" for name, count in found.get("cube_actions", {}).items())
    return (
        f"{found['length']}-point matches, {found['level']} against {found['opponent']}: won "
        f"{found['match_wins']:.1%} [{low:.1%}, {high:.1%}] of {found['matches']}; points per match "
        f"{found['score_difference']:+.2f} [{m_low:+.2f}, {m_high:+.2f}]\n  cube actions: {cube or 'none'}; "
        f"{found.get('computer_seconds_per_match', 0.0):.1f} s of the computer's thinking a match, "
        f"{found.get('gnubg_seconds_per_match', 0.0):.1f} s of gnubg's"
    )
