"""The tutor's and the hint's latency (the tutor against the computer): a judgement or a hint asked of the
computer's worker pool (bot.computer.pool, one worker as the bot's default, warm, in the idle scheduling class as
the bot runs it), from the request to its answer, over positions of seeded self-play.

Beside it, `--busy N` processes burn CPU at the bot's priority for `--duty` of each 100 ms (a stand-in for the
bot's own load at many tables, which the idle-class worker must yield to), and `--computer` keeps the same worker
busy with the computer's own decisions at `--level` (its turns at other tables queue with the tutor's requests).

Target: p99 <= 1 s. Prints p50, p99 and max per kind and writes bench/results/tutor.json. Run:
    .venv/bin/python bench/bench_tutor.py --requests 300 --busy 2 --duty 0.6 --computer
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.computer.decide import choose_action  # noqa: E402
from bot.computer.pool import ComputerPool  # noqa: E402
from bot.engine.match import Match  # noqa: E402
from bot.engine.match_log import MatchLog  # noqa: E402
from bot.engine.options import MatchOptions  # noqa: E402
from bot.tutor.judge import hint_in_worker, judge_in_worker  # noqa: E402


class Dice:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def roll_die(self) -> int:
        return self.rng.randint(1, 6)


def positions(count: int, seed: int) -> list[tuple[str, str, int]]:
    """(log before, log after one decision, its entry) from seeded self-play at the intermediate level."""
    found: list[tuple[str, str, int]] = []
    game = 0
    while len(found) < count:
        dice = Dice(seed + game)
        match = Match.start(("A", "B"), MatchOptions.match(5), dice)
        game += 1
        while match.to_act is not None and len(found) < count:
            action = choose_action(match, "intermediate", random.Random(len(found)))
            after, _ = match.apply(action, dice)
            found.append((match.log.to_json(), after.log.to_json(), len(match.log.entries)))
            match = after
    return found


def burn(duty: float, until: float) -> None:
    """A stand-in for the bot's own CPU: busy `duty` of every 100 ms until `until`."""
    while time.time() < until:
        start = time.time()
        while time.time() - start < duty * 0.1:
            pass
        time.sleep((1 - duty) * 0.1)


async def computer_load(pool: ComputerPool, logs: list[str], level: str, stop: asyncio.Event) -> int:
    """The computer's own turns at other tables, on the same worker, one after the other."""
    done = 0
    while not stop.is_set():
        match = Match.replay(MatchLog.from_json(logs[done % len(logs)]))
        if match.to_act is not None:
            await pool.choose(match, level)
        done += 1
        await asyncio.sleep(0.05)
    return done


def quantiles(values: list[float]) -> dict[str, float]:
    """p50, p99 and max in milliseconds."""
    ordered = sorted(values)

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 1)

    return {"p50": pick(0.5), "p99": pick(0.99), "max": pick(1.0)}


async def run(args: argparse.Namespace) -> dict[str, Any]:
    found = positions(args.requests, args.seed)
    pool = ComputerPool(1, when_idle=True)
    await pool.warm_up()
    await pool.call(judge_in_worker, found[0][1], found[0][2])  # the tutor's first call loads its 2-ply nets
    until = time.time() + 3600
    burners = [multiprocessing.Process(target=burn, args=(args.duty, until), daemon=True) for _ in range(args.busy)]
    for process in burners:
        process.start()
    stop = asyncio.Event()
    load = (
        asyncio.ensure_future(computer_load(pool, [f[0] for f in found], args.level, stop)) if args.computer else None
    )
    judged: list[float] = []
    hinted: list[float] = []
    try:
        for before, after, entry in found:
            started = time.perf_counter()
            await pool.call(judge_in_worker, after, entry)
            judged.append(time.perf_counter() - started)
            started = time.perf_counter()
            await pool.call(hint_in_worker, before)
            hinted.append(time.perf_counter() - started)
            await asyncio.sleep(0.02)
    finally:
        stop.set()
        turns = await load if load is not None else 0
        for process in burners:
            process.kill()
        pool.close()
    return {
        "requests": args.requests,
        "busy": args.busy,
        "duty": args.duty,
        "computer_turns_beside": turns,
        "judgement_ms": quantiles(judged),
        "hint_ms": quantiles(hinted),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--seed", type=int, default=50)
    parser.add_argument("--busy", type=int, default=0)
    parser.add_argument("--duty", type=float, default=0.6)
    parser.add_argument("--computer", action="store_true")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--out", default=str(ROOT / "bench" / "results" / "tutor.json"))
    args = parser.parse_args()
    result = asyncio.run(run(args))
    print(json.dumps(result, indent=1))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
