"""How the ladder queries scale: a guild of 5,000 rated players and 25,000 rated matches (issue 9).

Measures bot.ratings.store (index walks: ORDER BY ... LIMIT/OFFSET on ratings_by_rank, rank by COUNT of
higher ratings) side by side with a reference that answers the same questions the obvious way: a RANK()
window over the whole guild. Prints a table and writes bench/results/ratings_queries.json.
Run: .venv/bin/python bench/ratings_queries.py [RUNS] (the median of RUNS runs of each query, default 30)
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.ratings.store import leaderboard_page, player_stats
from bot.store import Connection, Database, open_database

GUILD = 1
PLAYERS = 5_000
MATCHES = 25_000
RUNS = 30
RESULTS = Path(__file__).with_name("results") / "ratings_queries.json"


async def populate(db: Database) -> None:
    rng = random.Random(1)

    async def write(db: Connection) -> None:
        await db.executemany(
            "INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, 0)",
            [(user, f"Player {user}") for user in range(1, PLAYERS + 1)],
        )
        await db.executemany(
            "INSERT INTO ratings (guild_id, user_id, rating, experience, matches, wins) VALUES (?, ?, ?, 0, 5, 2)",
            [(GUILD, user, rng.gauss(1500, 150)) for user in range(1, PLAYERS + 1)],
        )
        await db.executemany(
            "INSERT INTO matches (id, guild_id, channel_id, player0_id, player1_id, length, options, log_header, "
            "status, created_at, last_action_at, turn_started_at, finished_at, winner) "
            "VALUES (?, ?, ?, ?, ?, 3, '{}', '{}', 'finished', 0, 0, 0, ?, 0)",
            [(m, GUILD, m, 1 + m % PLAYERS, 1 + (m * 7 + 1) % PLAYERS, float(m)) for m in range(1, MATCHES + 1)],
        )
        rows = []
        for m in range(1, MATCHES + 1):
            a, b = 1 + m % PLAYERS, 1 + (m * 7 + 1) % PLAYERS
            rows += [(m, GUILD, a, b, 1, 1500.0, 1510.0), (m, GUILD, b, a, 0, 1500.0, 1490.0)]
        await db.executemany(
            "INSERT INTO rated_matches (match_id, guild_id, user_id, opponent_id, won, length, rating_before, "
            "rating_after, experience_before) VALUES (?, ?, ?, ?, ?, 3, ?, ?, 0)",
            rows,
        )

    await db.write(write)


async def reference_page(db: Database, page: int, caller: int) -> tuple[list[tuple[int, int]], int]:
    """The same page and caller's rank with a RANK() window over the whole guild."""
    sql = (
        "SELECT user_id, rnk FROM (SELECT r.user_id, RANK() OVER (ORDER BY r.rating DESC) AS rnk, "
        "ROW_NUMBER() OVER (ORDER BY r.rating DESC, r.user_id) AS pos FROM ratings r "
        "JOIN players p ON p.user_id = r.user_id WHERE r.guild_id = ?)"
    )
    found = await db.fetchall(sql + " WHERE pos > ? AND pos <= ? ORDER BY pos", (GUILD, page * 10, page * 10 + 10))
    rows = [(int(r[0]), int(r[1])) for r in found]
    row = await db.fetchone(sql + " WHERE user_id = ?", (GUILD, caller))
    assert row is not None
    return rows, int(row[1])


async def timed(action: Callable[[], Awaitable[object]], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        await action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


async def main(runs: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with open_database(Path(folder) / "bench.db") as db:
            await populate(db)
            caller = 4321
            results = []
            for page in (0, PLAYERS // 20, PLAYERS // 10 - 1):
                ours = await leaderboard_page(db, GUILD, page, caller_id=caller)
                ref_rows, ref_rank = await reference_page(db, page, caller)
                assert [(e.user_id, e.rank) for e in ours.entries] == ref_rows, "the two disagree"
                assert ours.caller is not None and ours.caller.rank == ref_rank
                results.append(
                    {
                        "query": f"leaderboard page {page + 1} + caller's rank",
                        "store_ms": await timed(
                            lambda page=page: leaderboard_page(db, GUILD, page, caller_id=caller), runs
                        ),
                        "reference_ms": await timed(lambda page=page: reference_page(db, page, caller), runs),
                    }
                )
            results.append(
                {
                    "query": "stats of a player with 10 matches",
                    "store_ms": await timed(lambda: player_stats(db, GUILD, caller, viewer_id=1), runs),
                    "reference_ms": None,
                }
            )
    print(f"{PLAYERS} players, {MATCHES} rated matches in one guild; median of {runs} runs")
    print(f"{'query':<42} {'store ms':>10} {'RANK() ms':>10}")
    for row in results:
        reference = "-" if row["reference_ms"] is None else f"{row['reference_ms']:.2f}"
        print(f"{row['query']:<42} {row['store_ms']:>10.2f} {reference:>10}")
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(
        json.dumps({"players": PLAYERS, "matches": MATCHES, "runs": runs, "results": results}, indent=2) + "\n"
    )


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else RUNS))
