"""The two SQLite drivers side by side (issue 19): the stdlib module on its own thread, a write's whole body in one
trip (the product's, bot/store/sqlite.py), against aiosqlite's public API, one trip per statement (the reference,
bench/aiosqlite_backend.py).

Per driver, through a full `GameService` call (load, check, apply, commit) on a real file with the bot's pragmas:
- sequential actions with 1 and with 1,000 stored active matches (median, p99 per action);
- N concurrent actors: N coroutines, each acting on its own match of the 1,000, as fast as each gets its answers
  (throughput, median and p99 per action). This is where the time a transaction holds the write lock shows: with
  one trip per statement it waits for turns of a loop busy with the other actors between its statements.
Every database is a copy of one template built beforehand, so both drivers start from the same bytes. The drivers
alternate in one run (A B, then B A, ...), and each figure pools that driver's rounds.
Prints a table and writes bench/results/sqlite_drivers.json (`--output` names another file).
Run: .venv/bin/python bench/bench_sqlite_drivers.py [--actions 1000] [--actors 50] [--per-actor 40] [--rounds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.aiosqlite_backend import open_aiosqlite  # noqa: E402
from bench.bench_service import SeededDice, service_action, start  # noqa: E402
from bot.service import GameService, MatchRecord  # noqa: E402
from bot.store import Database, open_database  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
Opener = Callable[[Path], AbstractAsyncContextManager[Database]]
DRIVERS: dict[str, Opener] = {
    "stdlib sqlite3, one trip": open_database,
    "aiosqlite, a trip per statement": open_aiosqlite,
}


def summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "n": len(ordered),
        "median_ms": statistics.median(ordered) * 1000,
        "p99_ms": ordered[int(0.99 * (len(ordered) - 1))] * 1000,
    }


async def build_template(path: Path, matches: int) -> list[int]:
    """A database of `matches` active 25-point matches, each a few actions in (stdlib driver; closed, so the WAL
    is folded into the file)."""
    async with open_database(path) as db:
        service = GameService(db, dice=SeededDice(matches))
        rng = random.Random(matches)
        ids = []
        for channel in range(matches):
            record = await start(service, 10_000 + channel, 25)
            for _ in range(rng.randint(0, 6)):
                record = (await service_action(service, record, rng)).record
            ids.append(record.id)
    return ids


async def act(service: GameService, record: MatchRecord, rng: random.Random) -> tuple[MatchRecord, float | None]:
    """One timed action; a finished match is replaced by a new one in its channel (not timed)."""
    if record.match.finished:
        return await start(service, record.channel_id, 25), None
    began = time.perf_counter()
    update = await service_action(service, record, rng)
    return update.record, time.perf_counter() - began


async def sequential(opener: Opener, path: Path, ids: list[int], count: int, seed: int) -> list[float]:
    async with opener(path) as db:
        service = GameService(db, dice=SeededDice(seed))
        records = [await service.match(match_id) for match_id in ids]
        rng = random.Random(seed)
        samples: list[float] = []
        while len(samples) < count:
            index = rng.randrange(len(records))
            records[index], took = await act(service, records[index], rng)
            if took is not None:
                samples.append(took)
    return samples


async def concurrent(
    opener: Opener, path: Path, ids: list[int], actors: int, per_actor: int, seed: int
) -> tuple[list[float], float]:
    """`actors` coroutines at once, each acting `per_actor` times on its own match. Returns the per-action times
    and the wall time of the whole burst."""
    async with opener(path) as db:
        service = GameService(db, dice=SeededDice(seed))
        records = [await service.match(match_id) for match_id in ids[:actors]]
        samples: list[float] = []

        async def actor(number: int) -> None:
            rng = random.Random(seed * 1000 + number)
            record = records[number]
            done = 0
            while done < per_actor:
                record, took = await act(service, record, rng)
                if took is not None:
                    samples.append(took)
                    done += 1

        began = time.perf_counter()
        await asyncio.gather(*(actor(n) for n in range(actors)))
        wall = time.perf_counter() - began
    return samples, wall


async def main(args: argparse.Namespace) -> None:
    names = list(DRIVERS)
    load_before = os.getloadavg()
    pooled: dict[str, dict[str, list[float]]] = {name: {} for name in names}
    walls: dict[str, list[float]] = {name: [] for name in names}
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        one, thousand = folder / "one.db", folder / "thousand.db"
        one_ids = await build_template(one, 1)
        thousand_ids = await build_template(thousand, args.stored)
        for round_number in range(args.rounds):
            order = names if round_number % 2 == 0 else names[::-1]
            for name in order:
                for label, template, ids in (
                    ("1 stored match", one, one_ids),
                    (f"{args.stored:,} stored matches", thousand, thousand_ids),
                ):
                    copy = folder / f"run-{round_number}.db"
                    shutil.copy(template, copy)
                    samples = await sequential(DRIVERS[name], copy, ids, args.actions, round_number + 1)
                    pooled[name].setdefault(f"sequential, {label}", []).extend(samples)
                    copy.unlink()
                copy = folder / f"run-{round_number}.db"
                shutil.copy(thousand, copy)
                samples, wall = await concurrent(
                    DRIVERS[name], copy, thousand_ids, args.actors, args.per_actor, round_number + 1
                )
                pooled[name].setdefault(f"{args.actors} concurrent actors", []).extend(samples)
                walls[name].append(wall)
                copy.unlink()
                for suffix in ("-wal", "-shm"):
                    Path(f"{copy}{suffix}").unlink(missing_ok=True)
                print(f"round {round_number + 1}: {name} done", flush=True)
    rows = {
        name: {scenario: summary(samples) for scenario, samples in scenarios.items()}
        for name, scenarios in pooled.items()
    }
    per_burst = args.actors * args.per_actor
    for name in names:
        rows[name][f"{args.actors} concurrent actors"]["actions_per_second"] = (
            per_burst * len(walls[name]) / sum(walls[name])
        )
    print(f"\n{'driver':34} {'scenario':32} {'n':>6} {'median ms':>10} {'p99 ms':>8} {'actions/s':>10}")
    for name in names:
        for scenario, row in rows[name].items():
            rate = f"{row['actions_per_second']:>10.0f}" if "actions_per_second" in row else ""
            print(f"{name:34} {scenario:32} {row['n']:>6.0f} {row['median_ms']:>10.3f} {row['p99_ms']:>8.3f} {rate}")
    base, other = names
    ratios = {
        scenario: {
            "median": rows[other][scenario]["median_ms"] / rows[base][scenario]["median_ms"],
            "p99": rows[other][scenario]["p99_ms"] / rows[base][scenario]["p99_ms"],
        }
        for scenario in rows[base]
    }
    concurrent_name = f"{args.actors} concurrent actors"
    ratios[concurrent_name]["actions_per_second"] = (
        rows[other][concurrent_name]["actions_per_second"] / rows[base][concurrent_name]["actions_per_second"]
    )
    print(f"\n{other} / {base}:")
    for scenario, ratio in ratios.items():
        print(f"  {scenario:32} " + ", ".join(f"{key} {value:.2f}x" for key, value in ratio.items()))
    results = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "arguments": vars(args),
        "rows": rows,
        "ratios": ratios,
        "note": args.note,
        "load_average_1_5_15_min": {"before": load_before, "after": os.getloadavg()},
    }
    print(f"load average (1, 5, 15 min) before {load_before}, after {os.getloadavg()}")
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{args.output}.json").write_text(json.dumps(results, indent=2) + "\n")


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=1000, help="timed sequential actions per scenario and round")
    parser.add_argument("--stored", type=int, default=1000, help="stored active matches of the larger database")
    parser.add_argument("--actors", type=int, default=50, help="concurrent actors, one match each")
    parser.add_argument("--per-actor", type=int, default=40, help="timed actions per actor and round")
    parser.add_argument("--rounds", type=int, default=2, help="rounds; the drivers' order alternates")
    parser.add_argument("--output", default="sqlite_drivers", help="results file name in bench/results, no .json")
    parser.add_argument("--note", default="", help="what else the machine was doing, kept with the results")
    return parser.parse_args()


if __name__ == "__main__":
    asyncio.run(main(arguments()))
