"""The computer opponent (issue 16): decision time per level, each level against the next weaker, world-class
against GNU Backgammon 0-ply, and expert against a random player. One run, side by side; run it under
`nice -n 19` on a shared machine.

- decision time: `choose_action` (the function the bot's workers run) on the same positions for every level,
  one thread, the match replay excluded. The positions come from real play: seeded self-play games at
  intermediate, every decision the side to act had (cube decisions before the roll, answers to doubles,
  checker plays). Median and p99 per level; targets on the 2-core machine: expert p99 <= 1.5 s, world-class
  p99 <= 3 s.
- level against the next weaker: money games (Jacoby on), both sides through `choose_action`, cube included,
  in pairs with the same dice and the seats swapped (duplicate play, which cancels much of the dice's luck).
  Points per game for the stronger level with a 95% confidence interval (normal, over the game pairs).
- world-class against gnubg 0-ply: gnubg (PyPI `gnubg`, GPL, benchmark only) picks the play whose resulting
  position its 0-ply net rates best. gnubg's Python module has no cube decision call, so these games are played
  without the cube (a Double from world-class becomes a Roll) and with Jacoby off so gammons count: this
  compares checker play. Duplicate pairs, points per game with a 95% interval.
- expert against a player that picks uniformly among the legal plays and never doubles: wins of N money games
  (the issue's strength figure; the test suite plays it at advanced).

Every size defaults to the issue's; the README says which sizes the committed results used.
Run: .venv/bin/python bench/bench_computer.py [--positions 500] [--games 200] [--expert-games 200]
     [--world-class-games 200] [--gnubg-games 200] [--random-games 100] [--jobs 2]
Writes bench/results/computer.json and prints a table.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import os
import platform
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.computer import LEVELS, choose_action  # noqa: E402
from bot.engine import Match, MatchLog, MatchOptions  # noqa: E402
from bot.engine.actions import Double, Move, Roll  # noqa: E402
from bot.engine.game import Phase  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "computer.json"
LEVEL_NAMES = [level.name for level in LEVELS]
TARGETS_P99 = {"expert": 1.5, "world-class": 3.0}


class SeededDice:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def roll_die(self) -> int:
        return self.rng.randint(1, 6)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))
    return ordered[index]


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


# --- positions from real play ----------------------------------------------------------------------------------


def kind_of(match: Match) -> str:
    return {Phase.ROLLING: "cube (double?)", Phase.DOUBLED: "cube (take?)", Phase.BEAVERED: "cube (beaver)",
            Phase.MOVING: "checker play", Phase.RESIGNING: "resignation"}[match.phase]


def sample_positions(count: int) -> list[tuple[str, str]]:
    """(log JSON, kind) of `count` decisions met in seeded self-play at intermediate."""
    found: list[tuple[str, str]] = []
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        match = Match(("A", "B"), MatchOptions.money(), SeededDice(seed))
        while not match.finished and len(found) < count:
            found.append((match.log.to_json(), kind_of(match)))
            match.apply(choose_action(match, "intermediate", rng))
        seed += 1
    return found


def time_decisions(level: str, positions: list[tuple[str, str]]) -> dict[str, Any]:
    rng = random.Random(1)
    times: list[float] = []
    by_kind: dict[str, list[float]] = {}
    for log_json, kind in positions:
        match = Match.replay(MatchLog.from_json(log_json))
        started = time.perf_counter()
        choose_action(match, level, rng)
        elapsed = time.perf_counter() - started
        times.append(elapsed)
        by_kind.setdefault(kind, []).append(elapsed)
    return {
        "positions": len(times),
        "median_s": statistics.median(times),
        "p99_s": percentile(times, 0.99),
        "max_s": max(times),
        "by_kind": {kind: {"count": len(values), "median_s": statistics.median(values),
                           "p99_s": percentile(values, 0.99)} for kind, values in sorted(by_kind.items())},
    }


# --- games ---------------------------------------------------------------------------------------------------------


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


def play_game(seats: tuple[str, str], seed: int) -> int:
    """One money game; `seats` are levels or "gnubg"; returns player 0's points (negative when it lost)."""
    with_gnubg = "gnubg" in seats
    options = MatchOptions.money(jacoby=not with_gnubg)
    match = Match(("zero", "one"), options, SeededDice(seed))
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
        match.apply(action)
    outcome = match.outcomes[-1]
    return outcome.points if outcome.winner == 0 else -outcome.points


def duplicate_pair(strong: str, weak: str, seed: int) -> float:
    """The stronger side's points over two games with the same dice, seats swapped (per game)."""
    first = play_game((strong, weak), seed)
    second = -play_game((weak, strong), seed)
    return (first + second) / 2


def random_game(level: str, seed: int) -> bool:
    sys.path.insert(0, str(ROOT))
    from tests.computer.strength import play_money_game

    return play_money_game(level, seed).computer_won


def versus(pool: ProcessPoolExecutor, strong: str, weak: str, games: int) -> dict[str, Any]:
    pairs = max(1, games // 2)
    started = time.perf_counter()
    results = list(pool.map(duplicate_pair, [strong] * pairs, [weak] * pairs, range(1000, 1000 + pairs)))
    mean, half = interval(results)
    known = not math.isnan(half)
    return {"stronger": strong, "weaker": weak, "games": 2 * pairs, "points_per_game": mean,
            "ci95": [mean - half, mean + half] if known else None, "clearly_positive": known and mean - half > 0,
            "seconds": time.perf_counter() - started}


def ci_text(figures: dict[str, Any]) -> str:
    if figures["ci95"] is None:
        return "[no interval from one pair]"
    low, high = figures["ci95"]
    return f"[{low:+.3f}, {high:+.3f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--games", type=int, default=200, help="games per pair of 1-ply levels")
    parser.add_argument("--expert-games", type=int, default=200, help="games of expert against advanced")
    parser.add_argument("--world-class-games", type=int, default=200, help="games of world-class against expert")
    parser.add_argument("--gnubg-games", type=int, default=200)
    parser.add_argument("--random-games", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2)))
    parser.add_argument("--levels", default=",".join(LEVEL_NAMES), help="levels to time (comma-separated)")
    args = parser.parse_args()
    report: dict[str, Any] = {
        "benchmark": "computer opponent: decision time per level, level vs next weaker, world-class vs gnubg 0-ply",
        "sizes": vars(args),
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
    }
    positions = sample_positions(args.positions)
    kinds = sorted({kind for _, kind in positions})
    report["positions"] = {kind: sum(1 for _, k in positions if k == kind) for kind in kinds}
    report["decision_time"] = {}
    print(f"decision time over {len(positions)} positions ({report['positions']}), as one worker thinks "
          "(bgsage searches 2-ply and deeper with 2 threads):")
    print(f"{'level':<14} {'median':>9} {'p99':>9} {'max':>9}  target")
    for level in args.levels.split(","):
        figures = time_decisions(level, positions)
        report["decision_time"][level] = figures
        target = TARGETS_P99.get(level)
        mark = "" if target is None else f"p99 <= {target} s: {'met' if figures['p99_s'] <= target else 'MISSED'}"
        print(f"{level:<14} {figures['median_s'] * 1000:>7.1f}ms {figures['p99_s'] * 1000:>7.1f}ms "
              f"{figures['max_s'] * 1000:>7.1f}ms  {mark}", flush=True)

    sizes = {"expert": args.expert_games, "world-class": args.world_class_games}
    report["versus"] = []
    # Spawned, not forked: this process has bgsage's search threads by now, and a forked child would inherit
    # their locks in whatever state they were.
    with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        print("\nlevel against the next weaker (money, Jacoby, cube; duplicate pairs), points per game, 95% CI:")
        for weak, strong in itertools.pairwise(LEVEL_NAMES):
            games = sizes.get(strong, args.games)
            if games <= 0:
                continue
            figures = versus(pool, strong, weak, games)
            report["versus"].append(figures)
            print(f"{strong} vs {weak}: {figures['points_per_game']:+.3f} {ci_text(figures)} over "
                  f"{figures['games']} games ({figures['seconds']:.0f} s)", flush=True)
        if args.gnubg_games > 0:
            figures = versus(pool, "world-class", "gnubg", args.gnubg_games)
            report["gnubg"] = figures
            print(f"\nworld-class vs gnubg 0-ply (no cube, no Jacoby; duplicate pairs): "
                  f"{figures['points_per_game']:+.3f} {ci_text(figures)} per game over {figures['games']} games",
                  flush=True)
        if args.random_games > 0:
            wins = sum(pool.map(random_game, ["expert"] * args.random_games, range(args.random_games)))
            report["expert_vs_random"] = {"games": args.random_games, "wins": wins}
            print(f"\nexpert against a uniform random player: won {wins} of {args.random_games}")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
