"""The games of bench/bench_computer.py: money games between two of the computer's levels, or a level and gnubg
0-ply, in duplicate pairs (the same dice, seats swapped), with the stronger side's points per game and their 95%
interval, raw and luck-adjusted; and games against a player that picks uniformly among the legal plays.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from bench.computer_luck import LuckTally
from bot.computer import choose_action
from bot.engine import Match, MatchOptions
from bot.engine.actions import Double, Move, Roll
from bot.engine.dice import SeededDice
from bot.engine.game import Phase

ROOT = Path(__file__).resolve().parent.parent


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def gnubg_play(match: Match) -> Move:
    """gnubg 0-ply's play: the legal play whose resulting position its net rates best (for the mover)."""
    import gnubg

    position = match.game.position
    best: tuple[float, int] | None = None
    plays = match.legal_plays()
    for index, play in enumerate(plays):
        after = position.apply(play)  # seen from the opponent, now on roll
        board = [list(after.opponent[1:26]), list(after.mover[1:26])]
        equity = -float(gnubg.evaluate(board, gnubg.cube_info(), gnubg.eval_context(0, 0, 1, 0, 0))[5])
        if best is None or equity > best[0]:
            best = (equity, index)
    assert best is not None and match.to_act is not None
    return Move(match.to_act, plays[best[1]])


def play_game(seats: tuple[str, str], seed: int) -> tuple[int, float]:
    """One money game; `seats` are levels or "gnubg". Returns player 0's points (negative when it lost) and
    the same luck-adjusted (minus player 0's dice luck, plus player 1's)."""
    with_gnubg = "gnubg" in seats
    options = MatchOptions.money(jacoby=not with_gnubg)
    dice = SeededDice(seed)
    match = Match.start(("zero", "one"), options, dice)
    luck = LuckTally(match)
    rng = random.Random(seed)
    while not match.finished:
        player = match.to_act
        assert player is not None
        seat = seats[player]
        if seat == "gnubg":
            if match.phase is Phase.ROLLING:
                action: Any = Roll(player)
            elif match.phase is Phase.MOVING:
                action = gnubg_play(match)
            else:
                action = choose_action(match, "advanced", rng)  # resignation answers only (no cube here)
        else:
            action = choose_action(match, seat, rng)
            if with_gnubg and isinstance(action, Double):
                action = Roll(player)
        match, events = match.apply(action, dice)
        luck.feed(events)
    outcome = match.outcomes[-1]
    points = outcome.points if outcome.winner == 0 else -outcome.points
    return points, points - luck.luck[0] + luck.luck[1]


def duplicate_pair(strong: str, weak: str, seed: int) -> tuple[float, float]:
    """The stronger side's points per game over two games with the same dice, seats swapped: raw and
    luck-adjusted."""
    first, first_adjusted = play_game((strong, weak), seed)
    second, second_adjusted = play_game((weak, strong), seed)
    return (first - second) / 2, (first_adjusted - second_adjusted) / 2


def random_game(level: str, seed: int) -> bool:
    sys.path.insert(0, str(ROOT))
    from tests.computer.strength import play_money_game

    return play_money_game(level, seed).computer_won


def versus(
    pool: ProcessPoolExecutor,
    strong: str,
    weak: str,
    games: int,
    progress: Callable[[dict[str, Any]], None] | None = None,
    first_seed: int = 1000,
    every: int = 10,
) -> dict[str, Any]:
    """`games` games in duplicate pairs; `progress` gets the figures so far every `every` pairs (a long run that
    is stopped keeps what it played)."""
    pairs = max(1, games // 2)
    started = time.perf_counter()
    results: list[tuple[float, float]] = []
    for result in pool.map(duplicate_pair, [strong] * pairs, [weak] * pairs, range(first_seed, first_seed + pairs)):
        results.append(result)
        if progress is not None and len(results) % every == 0 and len(results) < pairs:
            progress(figures_of(strong, weak, results, started))
    return figures_of(strong, weak, results, started)


def figures_of(strong: str, weak: str, results: list[tuple[float, float]], started: float) -> dict[str, Any]:
    pairs = len(results)
    mean, half = interval([raw for raw, _ in results])
    adjusted, adjusted_half = interval([luck_adjusted for _, luck_adjusted in results])
    known = not math.isnan(half)
    return {
        "stronger": strong,
        "weaker": weak,
        "games": 2 * pairs,
        "points_per_game": mean,
        "ci95": [mean - half, mean + half] if known else None,
        "luck_adjusted_points_per_game": adjusted,
        "luck_adjusted_ci95": [adjusted - adjusted_half, adjusted + adjusted_half] if known else None,
        "clearly_positive": known and adjusted - adjusted_half > 0,
        "seconds": time.perf_counter() - started,
        "pairs": [list(result) for result in results],
    }  # (raw, luck-adjusted) per pair: runs can be pooled


def ci_text(figures: dict[str, Any], key: str = "ci95") -> str:
    if figures[key] is None:
        return "[no interval from one pair]"
    low, high = figures[key]
    return f"[{low:+.3f}, {high:+.3f}]"


def versus_text(figures: dict[str, Any]) -> str:
    return (
        f"{figures['stronger']} vs {figures['weaker']}: luck-adjusted "
        f"{figures['luck_adjusted_points_per_game']:+.3f} {ci_text(figures, 'luck_adjusted_ci95')}, raw "
        f"{figures['points_per_game']:+.3f} {ci_text(figures)} over {figures['games']} games "
        f"({figures['seconds']:.0f} s)"
    )
