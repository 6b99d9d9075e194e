"""The computer's levels against GNU Backgammon (issue 36): cubeless money games on duplicate dice, and
matches with the cube. Run it under `nice -n 19` on a shared machine.

- duplicate money games: every level named plays gnubg at `--gnubg-plies` (0 = its "expert", 2 = its "world
  class": deterministic, its move filter; bench/gnubg_player.py) on the same dice streams, each stream played
  twice with the seats swapped. No cube (a Double from the computer becomes a Roll) and no Jacoby rule, so
  gammons count: this compares checker play, as gnubg's own strength figures do. The computer decides through
  `choose_action`, as in the bot; every play is one of the engine's legal plays. Points per game for the
  level, with a 95% interval over the pairs, raw and luck-adjusted (bench/computer_luck.py: each side's points
  minus its own dice luck plus the opponent's, gnubg 0-ply judging the rolls, as gnubg and XG judge bot
  matches; it estimates the same difference with much less of the dice's variance). Levels are also compared
  with each other on the same pairs (the difference of their results, pair by pair).
- matches with the cube (`--matches N --length 5`): the computer's level against gnubg at `--gnubg-plies`,
  each side with its own cube (bench/gnubg_match.py): gnubg's checker plays (cubeful, match-aware, its move
  filter), doubles, takes and passes are its own, read from its command interpreter's `hint` (its module has no
  cube decision call; bench/gnubg_hint.py). Each match's dice are played twice with the seats swapped. Match
  wins and points per match for the level, and both sides' cube actions.

Run: .venv/bin/python bench/bench_gnubg.py [--levels expert,world-class] [--gnubg-plies 2] [--pairs 100]
     [--matches 0] [--length 5] [--match-level world-class] [--jobs 2] [--first-seed 1000] [--out FILE]
Writes bench/results/gnubg.json (or --out) as the pairs come in and prints a table.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import os
import platform
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.computer_games import interval  # noqa: E402
from bench.computer_luck import LuckTally  # noqa: E402
from bench.gnubg_player import best_play  # noqa: E402
from bot.computer import choose_action  # noqa: E402
from bot.engine import Match, MatchOptions  # noqa: E402
from bot.engine.actions import Double, Roll  # noqa: E402
from bot.engine.dice import SeededDice  # noqa: E402
from bot.engine.game import Phase  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "gnubg.json"


def money_game(level: str, gnubg_plies: int, seat: int, seed: int) -> tuple[int, float, float]:
    """One cubeless money game, the computer at `level` in `seat`: its points, luck-adjusted points and the
    computer's thinking time (seconds)."""
    dice = SeededDice(seed)
    match = Match.start(("zero", "one"), MatchOptions.money(jacoby=False), dice)
    luck = LuckTally(match)
    rng = random.Random(seed)
    thinking = 0.0
    while not match.finished:
        player = match.to_act
        assert player is not None
        if player == seat:
            started = time.perf_counter()
            action: Any = choose_action(match, level, rng)
            thinking += time.perf_counter() - started
            if isinstance(action, Double):
                action = Roll(player)
        elif match.phase is Phase.ROLLING:
            action = Roll(player)
        elif match.phase is Phase.MOVING:
            action = best_play(match, gnubg_plies)
        else:  # answering the computer's resignation: expert's judgement (cubeless, noise-free)
            action = choose_action(match, "expert", rng)
        match, events = match.apply(action, dice)
        luck.feed(events)
    outcome = match.outcomes[-1]
    points = outcome.points if outcome.winner == seat else -outcome.points
    return points, points - luck.luck[seat] + luck.luck[1 - seat], thinking


def duplicate_pair(level: str, gnubg_plies: int, seed: int) -> tuple[str, int, float, float, float]:
    """(level, seed, raw, luck-adjusted, thinking seconds) of the level's two games on one dice stream."""
    first = money_game(level, gnubg_plies, 0, seed)
    second = money_game(level, gnubg_plies, 1, seed)
    return level, seed, (first[0] + second[0]) / 2, (first[1] + second[1]) / 2, first[2] + second[2]


def figures(results: dict[int, tuple[float, float, float]]) -> dict[str, Any]:
    raw, raw_half = interval([value[0] for value in results.values()])
    adjusted, adjusted_half = interval([value[1] for value in results.values()])
    return {
        "games": 2 * len(results),
        "points_per_game": raw,
        "ci95": [raw - raw_half, raw + raw_half],
        "luck_adjusted_points_per_game": adjusted,
        "luck_adjusted_ci95": [adjusted - adjusted_half, adjusted + adjusted_half],
        "thinking_seconds_per_game": sum(value[2] for value in results.values()) / max(1, 2 * len(results)),
    }


def compared(better: dict[int, Any], worse: dict[int, Any]) -> dict[str, Any]:
    """One level minus another over the dice streams both played."""
    seeds = sorted(set(better) & set(worse))
    raw, raw_half = interval([better[seed][0] - worse[seed][0] for seed in seeds]) if seeds else (0.0, 0.0)
    adjusted, adjusted_half = interval([better[seed][1] - worse[seed][1] for seed in seeds]) if seeds else (0.0, 0.0)
    return {
        "games_each": 2 * len(seeds),
        "points_per_game": raw,
        "ci95": [raw - raw_half, raw + raw_half],
        "luck_adjusted_points_per_game": adjusted,
        "luck_adjusted_ci95": [adjusted - adjusted_half, adjusted + adjusted_half],
    }


def text(name: str, found: dict[str, Any]) -> str:
    low, high = found["ci95"]
    a_low, a_high = found["luck_adjusted_ci95"]
    games = found.get("games", found.get("games_each"))
    return (
        f"{name:<34} luck-adjusted {found['luck_adjusted_points_per_game']:+.3f} [{a_low:+.3f}, {a_high:+.3f}]"
        f"  raw {found['points_per_game']:+.3f} [{low:+.3f}, {high:+.3f}]  over {games} games"
    )


def summary(levels: list[str], plies: int, results: dict[str, dict[int, Any]]) -> dict[str, Any]:
    versus = {level: figures(results[level]) for level in levels if results[level]}
    steps = {
        f"{better} - {worse}": compared(results[better], results[worse])
        for worse, better in itertools.combinations(levels, 2)
        if results[better] and results[worse]
    }
    return {"opponent": f"gnubg {plies}-ply", "versus": versus, "between_levels": steps}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--levels", default="expert,world-class", help="weakest first, comma-separated")
    parser.add_argument("--gnubg-plies", type=int, default=2, choices=(0, 2))
    parser.add_argument("--pairs", type=int, default=100, help="dice streams, each played twice per level")
    parser.add_argument("--matches", type=int, default=0, help="pairs of matches with the cube")
    parser.add_argument("--length", type=int, default=5)
    parser.add_argument("--match-level", default="world-class")
    parser.add_argument("--jobs", type=int, default=max(1, os.cpu_count() or 2))
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    levels = [name for name in args.levels.split(",") if name]
    report: dict[str, Any] = {
        "benchmark": "computer levels against gnubg: cubeless duplicate money games; matches with the cube",
        "sizes": {key: str(value) if isinstance(value, Path) else value for key, value in vars(args).items()},
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
    }
    out: Path = args.out

    def save() -> None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2) + "\n")

    results: dict[str, dict[int, tuple[float, float, float]]] = {level: {} for level in levels}
    seeds = range(args.first_seed, args.first_seed + args.pairs)
    started = time.perf_counter()
    # Spawned, not forked: bgsage's search threads and gnubg's state stay in their own processes.
    with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = [pool.submit(duplicate_pair, level, args.gnubg_plies, seed) for seed in seeds for level in levels]
        for done, future in enumerate(as_completed(futures), 1):
            level, seed, raw, adjusted, thinking = future.result()
            results[level][seed] = (raw, adjusted, thinking)
            report["money"] = summary(levels, args.gnubg_plies, results)
            report["money"]["pairs"] = {level: {str(k): v for k, v in results[level].items()} for level in levels}
            report["money"]["seconds"] = time.perf_counter() - started
            save()
            if done % 10 == 0:
                print(f"  {done} of {len(futures)} pairs played", flush=True)
        if args.matches > 0:
            from bench.gnubg_match import play_matches

            def progress(found: dict[str, Any]) -> None:
                report["matches"] = found
                save()

            report["matches"] = play_matches(pool, args, progress)
            save()
    money = report.get("money")
    if money:
        print(f"\ncubeless money games against {money['opponent']}, duplicate dice, points per game, 95% interval:")
        for level, found in money["versus"].items():
            print(text(level, found) + f"  ({found['thinking_seconds_per_game']:.1f} s thinking a game)")
        for name, found in money["between_levels"].items():
            print(text(name, found))
    if "matches" in report:
        from bench.gnubg_match import matches_text

        print("\n" + matches_text(report["matches"]))
    save()


if __name__ == "__main__":
    main()
