"""How long the pacing under Discord's global limit (bot/pacing.py) holds a match's start, on its own.

Starts arrive at random, `--starts-per-second` of them a second; each opens its thread (a request its accept's
answer waits for) and, once that is back and the match stored, posts its first board (a request nobody's answer
waits for). Each request takes `--round-trip-ms` at Discord. Reported: how long each thread waited in the bucket
(p50/p95/p99/max), and the most requests sent in any second against the limit.
Prints the figures and writes bench/results/pacing.json.
Run: .venv/bin/python bench/bench_pacing.py [--starts 400] [--starts-per-second 10] [--limit 50]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.load.result import percentiles
from bot.pacing import before_the_answer, pace

RESULTS = Path(__file__).with_name("results") / "pacing.json"


class Discord:
    """Stands for discord.py's HTTPClient: each request a round trip, its sending time recorded."""

    def __init__(self, round_trip: float) -> None:
        self.round_trip = round_trip
        self.sent: list[float] = []

    async def request(self, *args: Any, **kwargs: Any) -> None:
        self.sent.append(asyncio.get_running_loop().time())
        await asyncio.sleep(self.round_trip)


async def run(starts: int, per_second: float, limit: float, round_trip: float, seed: int) -> dict[str, Any]:
    discord = Discord(round_trip)
    pace(discord, limit)
    loop, rng = asyncio.get_running_loop(), random.Random(seed)
    waits: list[float] = []

    async def start() -> None:
        asked = loop.time()
        with before_the_answer():
            await discord.request()
        waits.append(loop.time() - asked - round_trip)
        await asyncio.sleep(round_trip)  # the match stored
        await discord.request()

    begun = []
    for _ in range(starts):
        await asyncio.sleep(rng.expovariate(per_second))
        begun.append(asyncio.ensure_future(start()))
    await asyncio.gather(*begun)
    sent = discord.sent
    return {
        "starts": starts,
        "starts_per_second": per_second,
        "limit": limit,
        "round_trip_ms": 1000 * round_trip,
        "thread_wait_ms": percentiles(waits),
        "most_requests_in_a_second": max(sum(1 for t in sent if first <= t < first + 1.0) for first in sent),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--starts", type=int, default=400)
    parser.add_argument("--starts-per-second", type=float, default=10.0)
    parser.add_argument("--limit", type=float, default=50.0)
    parser.add_argument("--round-trip-ms", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    results = asyncio.run(run(args.starts, args.starts_per_second, args.limit, args.round_trip_ms / 1000, args.seed))
    print(json.dumps(results, indent=2))
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
