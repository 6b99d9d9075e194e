"""The computer opponent (issue 16): decision time per level, each level against the next weaker, world-class
against GNU Backgammon 0-ply, and expert against a random player. One run, side by side; run it under
`nice -n 19` on a shared machine.

- decision time: `choose_action` (the function the bot's workers run) on the same positions for every level,
  one thread, the match replay excluded. The positions come from real play: seeded self-play games at
  intermediate, every decision the side to act had (cube decisions before the roll, answers to doubles,
  checker plays). Median and p99 per level; targets on the 2-core machine: expert p99 <= 1.5 s, world-class
  p99 <= 3 s.
- error per checker decision: for the 1-ply levels, the mean equity a level's (noisy) choice loses against
  bgsage's 2-ply ranking of the same plays, over the checker plays among those positions (100 draws of the
  noise each). It predicts the gaps between levels before any game is played.
- level against the next weaker: money games (Jacoby on), both sides through `choose_action`, cube included,
  in pairs with the same dice and the seats swapped (duplicate play, which cancels much of the dice's luck).
  Points per game for the stronger level with a 95% confidence interval (normal, over the game pairs), raw and
  luck-adjusted (bench/computer_luck.py: each side's points minus its own dice luck plus the opponent's, as
  gnubg and XG judge bot matches). The adjusted figure carries the claim: it estimates the same difference with
  much less of the dice's variance.
- world-class against gnubg 0-ply: gnubg (PyPI `gnubg`, GPL, benchmark only) picks the play whose resulting
  position its 0-ply net rates best. gnubg's Python module has no cube decision call, and its `evaluate` and
  `find_best_moves` give the same cubeless equity whatever cube it is given (checked: centred, owned by
  either side), so these games are played without the cube (a Double from world-class becomes a Roll) and
  with Jacoby off so gammons count: this compares checker play. Duplicate pairs, points per game with a 95%
  interval, raw and luck-adjusted.
- expert against a player that picks uniformly among the legal plays and never doubles: wins of N money games
  (the issue's strength figure; the slow test in tests/computer plays the same 100 games).

Every size defaults to the issue's; docs/performance.md says which sizes the committed results used.
Run: .venv/bin/python bench/bench_computer.py [--positions 500] [--games 200] [--expert-games 200]
     [--world-class-games 200] [--gnubg-games 200] [--random-games 100] [--jobs 2]
     [--sections time,errors,ladder,gnubg,random] [--pairs casual,intermediate,...] [--out FILE]
(--pairs names the stronger level of each ladder step to play; --sections and --out let two runs share a
machine.) Writes bench/results/computer.json (or --out) after every section and prints a table.
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

from bench.computer_games import random_game, versus, versus_text  # noqa: E402
from bot.computer import LEVELS, choose_action, sage  # noqa: E402
from bot.computer.board import sage_board  # noqa: E402
from bot.computer.decide import _Chooser  # noqa: E402
from bot.computer.levels import level as level_named  # noqa: E402
from bot.engine import Match, MatchLog, MatchOptions  # noqa: E402
from bot.engine.dice import SeededDice  # noqa: E402
from bot.engine.game import Phase  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "computer.json"
LEVEL_NAMES = [level.name for level in LEVELS]
TARGETS_P99 = {"expert": 1.5, "world-class": 3.0}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))
    return ordered[index]


# --- positions from real play ----------------------------------------------------------------------------------


def kind_of(match: Match) -> str:
    return {
        Phase.ROLLING: "cube (double?)",
        Phase.DOUBLED: "cube (take?)",
        Phase.BEAVERED: "cube (beaver)",
        Phase.MOVING: "checker play",
        Phase.RESIGNING: "resignation",
    }[match.phase]


def sample_positions(count: int) -> list[tuple[str, str]]:
    """(log JSON, kind) of `count` decisions met in seeded self-play at intermediate."""
    found: list[tuple[str, str]] = []
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        dice = SeededDice(seed)
        match = Match.start(("A", "B"), MatchOptions.money(), dice)
        while not match.finished and len(found) < count:
            found.append((match.log.to_json(), kind_of(match)))
            match = match.apply(choose_action(match, "intermediate", rng), dice).match
        seed += 1
    return found


def time_decisions(level: str, positions: list[tuple[str, str]]) -> dict[str, Any]:
    rng = random.Random(1)
    times: list[float] = []
    cpu: list[float] = []  # this process's CPU seconds (every thread): what a busy machine does not inflate
    by_kind: dict[str, list[float]] = {}
    for log_json, kind in positions:
        match = Match.replay(MatchLog.from_json(log_json))
        started, started_cpu = time.perf_counter(), time.process_time()
        choose_action(match, level, rng)
        elapsed = time.perf_counter() - started
        cpu.append(time.process_time() - started_cpu)
        times.append(elapsed)
        by_kind.setdefault(kind, []).append(elapsed)
    return {
        "positions": len(times),
        "median_s": statistics.median(times),
        "p99_s": percentile(times, 0.99),
        "max_s": max(times),
        "cpu_median_s": statistics.median(cpu),
        "cpu_p99_s": percentile(cpu, 0.99),
        "by_kind": {
            kind: {"count": len(values), "median_s": statistics.median(values), "p99_s": percentile(values, 0.99)}
            for kind, values in sorted(by_kind.items())
        },
    }


def checker_errors(positions: list[tuple[str, str]], levels: list[str], draws: int = 100) -> dict[str, Any]:
    """Mean equity lost per checker decision by each 1-ply level against bgsage's 2-ply ranking."""
    cases: list[tuple[list[float], list[float]]] = []  # (1-ply equities, loss against 2-ply) per play
    for log_json, kind in positions:
        if kind != "checker play":
            continue
        match = Match.replay(MatchLog.from_json(log_json))
        assert match.to_act is not None and match.dice is not None
        cube = _Chooser(match, match.to_act, level_named("expert"), random.Random(0)).cube_state(match.to_act)
        board = sage_board(match.game.position)
        shallow = sage.checker_play(1, board, match.dice, cube)
        deep = {move.board: move.equity for move in sage.checker_play(2, board, match.dice, cube)}
        best = max(deep.values())
        cases.append(([move.equity for move in shallow], [best - deep[move.board] for move in shallow]))
    rng = random.Random(5)
    found: dict[str, Any] = {"checker_plays": len(cases), "reference": "bgsage 2-ply", "per_level": {}}
    for name in levels:
        chosen = level_named(name)
        if chosen.plies != 1:
            continue
        losses = []
        for equities, loss in cases:
            for _ in range(draws if chosen.noise else 1):
                pick = max(range(len(equities)), key=lambda k: equities[k] + rng.gauss(0.0, chosen.noise))
                losses.append(loss[pick])
        found["per_level"][name] = {"noise": chosen.noise, "mean_loss": statistics.fmean(losses)}
    return found


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--games", type=int, default=200, help="games per pair of 1-ply levels")
    parser.add_argument("--expert-games", type=int, default=200, help="games of expert against advanced")
    parser.add_argument("--world-class-games", type=int, default=200, help="games of world-class against expert")
    parser.add_argument("--gnubg-games", type=int, default=200)
    parser.add_argument("--random-games", type=int, default=100)
    parser.add_argument("--gnubg-level", default="world-class", help="the level that plays gnubg 0-ply")
    parser.add_argument("--random-level", default="expert", help="the level that plays the random player")
    parser.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2)))
    parser.add_argument("--levels", default=",".join(LEVEL_NAMES), help="levels to time (comma-separated)")
    parser.add_argument("--sections", default="time,errors,ladder,gnubg,random")
    parser.add_argument(
        "--pairs",
        default=",".join(LEVEL_NAMES[1:]),
        help="ladder steps to play, named by their stronger level (comma-separated)",
    )
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--save-every", type=int, default=10, help="pairs of games between saves of the figures")
    parser.add_argument(
        "--first-seed",
        type=int,
        default=1000,
        help="dice seed of the first pair of games (another process can play further pairs)",
    )
    return parser.parse_args()


class Results:
    """The figures so far, written to `out` after every section, and every few pairs of games of a long one (a
    run that is stopped keeps what it played)."""

    def __init__(self, out: Path, report: dict[str, Any]) -> None:
        self.out = out
        self.report = report

    def save(self) -> None:
        self.out.parent.mkdir(parents=True, exist_ok=True)
        self.out.write_text(json.dumps(self.report, indent=2) + "\n")

    def partial(self, figures: dict[str, Any]) -> None:
        self.report["in_progress"] = figures
        self.save()
        print(f"  so far: {versus_text(figures)}", flush=True)


def print_checker_errors(errors: dict[str, Any]) -> None:
    print(f"\nequity lost per checker decision against bgsage 2-ply ({errors['checker_plays']} checker plays):")
    for name, figures in errors["per_level"].items():
        print(f"{name:<14} noise {figures['noise']:.2f}: {figures['mean_loss'] * 1000:6.1f} thousandths", flush=True)


def decision_times(levels: list[str], positions: list[tuple[str, str]], kinds: dict[str, int]) -> dict[str, Any]:
    """Each level's decision times on the positions, printed against the targets as they come."""
    print(
        f"decision time over {len(positions)} positions ({kinds}), as one worker thinks "
        "(bgsage searches 2-ply and deeper with 2 threads):"
    )
    print(f"{'level':<14} {'median':>9} {'p99':>9} {'max':>9} {'CPU med':>9} {'CPU p99':>9}  target")
    found = {}
    for level in levels:
        figures = time_decisions(level, positions)
        found[level] = figures
        target = TARGETS_P99.get(level)
        mark = "" if target is None else f"p99 <= {target} s: {'met' if figures['p99_s'] <= target else 'MISSED'}"
        print(
            f"{level:<14} {figures['median_s'] * 1000:>7.1f}ms {figures['p99_s'] * 1000:>7.1f}ms "
            f"{figures['max_s'] * 1000:>7.1f}ms {figures['cpu_median_s'] * 1000:>7.1f}ms "
            f"{figures['cpu_p99_s'] * 1000:>7.1f}ms  {mark}",
            flush=True,
        )
    return found


def play_games(args: argparse.Namespace, sections: set[str], results: Results) -> None:
    """The ladder, world-class (or `--gnubg-level`) against gnubg, and a level against the random player."""
    report = results.report
    sizes = {"expert": args.expert_games, "world-class": args.world_class_games}
    report["versus"] = []
    # Spawned, not forked: this process has bgsage's search threads by now, and a forked child would inherit
    # their locks in whatever state they were.
    with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        print("\nlevel against the next weaker (money, Jacoby, cube; duplicate pairs), points per game, 95% CI:")
        for weak, strong in itertools.pairwise(LEVEL_NAMES):
            games = sizes.get(strong, args.games)
            if games <= 0 or "ladder" not in sections or strong not in args.pairs.split(","):
                continue
            figures = versus(
                pool, strong, weak, games, progress=results.partial, first_seed=args.first_seed, every=args.save_every
            )
            report["versus"].append(figures)
            print(versus_text(figures), flush=True)
            results.save()
        if args.gnubg_games > 0 and "gnubg" in sections:
            figures = versus(
                pool,
                args.gnubg_level,
                "gnubg",
                args.gnubg_games,
                progress=results.partial,
                first_seed=args.first_seed,
                every=args.save_every,
            )
            report["gnubg"] = figures
            print(f"\nno cube, no Jacoby; duplicate pairs: {versus_text(figures)}", flush=True)
            results.save()
        if args.random_games > 0 and "random" in sections:
            level = args.random_level
            wins = sum(pool.map(random_game, [level] * args.random_games, range(args.random_games)))
            report[f"{level}_vs_random"] = {"games": args.random_games, "wins": wins}
            print(f"\n{level} against a uniform random player: won {wins} of {args.random_games}")


def main() -> None:
    args = arguments()
    sections = set(args.sections.split(","))
    out: Path = args.out
    report: dict[str, Any] = {
        "benchmark": "computer opponent: decision time per level, level vs next weaker, world-class vs gnubg 0-ply",
        "sizes": {key: str(value) if isinstance(value, Path) else value for key, value in vars(args).items()},
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
    }
    positions = sample_positions(args.positions)
    kinds = sorted({kind for _, kind in positions})
    report["positions"] = {kind: sum(1 for _, k in positions if k == kind) for kind in kinds}
    report["decision_time"] = {}
    results = Results(out, report)
    if "errors" in sections:
        errors = checker_errors(positions, LEVEL_NAMES)
        report["checker_errors"] = errors
        print_checker_errors(errors)
        results.save()
    if "time" not in sections:
        args.levels = ""
    report["decision_time"] |= decision_times(
        list(filter(None, args.levels.split(","))), positions, report["positions"]
    )
    play_games(args, sections, results)
    results.save()


if __name__ == "__main__":
    main()
