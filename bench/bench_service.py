"""Time per acknowledged game action through the service, and database size per finished 5-point match (issue 6).

Measured in one run, side by side, on a real SQLite file with the bot's pragmas (WAL, synchronous = FULL):
- engine_apply: the engine alone applying the same kind of actions in memory (no storage): the floor of the logic;
- sqlite_commit: the store alone doing the writes an action needs (BEGIN IMMEDIATE, snapshot UPDATE, log INSERT,
  match row UPDATE, COMMIT): the floor of durable storage;
- service_action: a full `GameService` call (load, check, apply, commit), with 1 and with 1,000 stored active
  matches, the matches picked at random;
- service_action_after_restart: the first action on each match from a freshly started service, which rebuilds the
  match from its action log and verifies it against the stored snapshot.
Then 5-point matches are played to the end and the file growth per match is reported.
Target: median service_action under 5 ms. Prints a table and writes bench/results/service.json.
Run: .venv/bin/python bench/bench_service.py [actions per scenario] [stored matches] [matches played for the size]
(defaults 2000, 1000 and 20; the test suite's smoke run uses small ones).
"""

from __future__ import annotations

import asyncio
import copy
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.engine.actions import Action, Confirm, Double, Drop, MoveChecker, Roll, Take, seat_action  # noqa: E402
from bot.engine.dice import SeededDice  # noqa: E402
from bot.engine.match import Match  # noqa: E402
from bot.engine.options import MatchOptions  # noqa: E402
from bot.service import GameService, MatchRecord, MatchUpdate, PlayerRef  # noqa: E402
from bot.service import commands as cmd  # noqa: E402
from bot.service.check import check_database  # noqa: E402
from bot.store import Connection, Database, open_database  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "service.json"
TARGET_MS = 5.0


def next_engine_action(match: Match, rng: random.Random) -> Action:
    """A legal action for whoever the match waits for: mostly rolls and checker steps, sometimes the cube."""
    player = match.to_act
    assert player is not None
    allowed = match.allowed(player)
    if Double in allowed and rng.random() < 0.05:
        return Double(player)
    if Roll in allowed:
        return Roll(player)
    if Take in allowed:
        return Take(player) if rng.random() < 0.7 else Drop(player)
    steps = match.next_steps()
    if steps and MoveChecker in allowed:
        step = rng.choice(steps)
        return MoveChecker(player, step.start, step.end, step.die)
    return Confirm(player)


async def service_action(service: GameService, record: MatchRecord, rng: random.Random) -> MatchUpdate:
    action = next_engine_action(record.match, rng)
    user = record.players[action.player].user_id
    if isinstance(action, MoveChecker):
        assert action.die is not None
        return await service.act(record.id, user, cmd.Step(action.start, action.die), version=record.version)
    seat = seat_action(type(action))
    assert seat is not None, action
    return await service.act(record.id, user, cmd.Ask(seat), version=record.version)


async def start(service: GameService, channel_id: int, length: int) -> MatchRecord:
    alice, bob = PlayerRef(1000 + channel_id, f"A{channel_id}"), PlayerRef(500_000 + channel_id, f"B{channel_id}")
    challenge = await service.challenges.create(
        guild_id=1, channel_id=channel_id, challenger=alice, opponent=bob, options=MatchOptions(length)
    )
    return (await service.challenges.accept(challenge.id, bob)).record


def summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "n": len(ordered),
        "median_ms": statistics.median(ordered) * 1000,
        "p90_ms": ordered[int(0.9 * (len(ordered) - 1))] * 1000,
        "p99_ms": ordered[int(0.99 * (len(ordered) - 1))] * 1000,
    }


async def bench_engine(count: int) -> list[float]:
    rng = random.Random(1)
    dice = SeededDice(1)
    match = Match.start(("A", "B"), MatchOptions(5), dice)  # the first match; later ones get fresh seeds
    samples = []
    for _ in range(count):
        if match.finished:
            dice = SeededDice(rng.random())
            match = Match.start(("A", "B"), MatchOptions(5), dice)
        action = next_engine_action(match, rng)
        began = time.perf_counter()
        match = match.apply(action, dice).match
        samples.append(time.perf_counter() - began)
    return samples


async def bench_sqlite(db: Database, count: int) -> list[float]:
    """The writes of one action with nothing else: the storage floor at the same durability."""
    record = await start(GameService(db, dice=SeededDice(3)), 900_000, 5)
    seq_rows = list(
        await db.execute_fetchall("SELECT log_length, state FROM match_snapshots WHERE match_id = ?", (record.id,))
    )
    seq, state = int(seq_rows[0][0]), str(seq_rows[0][1])
    samples = []
    for version in range(count):

        async def write(c: Connection, version: int = version, seq: int = seq) -> None:
            await c.execute(
                "UPDATE match_snapshots SET version = version + 1, log_length = ?, state = ? "
                "WHERE match_id = ? AND version = ?",
                (seq + 1, state, record.id, version),
            )
            await c.execute(
                "INSERT INTO match_actions (match_id, seq, entry, user_id, created_at) VALUES (?, ?, ?, ?, ?)",
                (record.id, seq + 1, '{"type":"roll","player":0,"dice":[3,1]}', 1, time.time()),
            )
            await c.execute(
                "UPDATE matches SET last_action_at = ?, turn_started_at = ?, reminded = 0 WHERE id = ?",
                (time.time(), time.time(), record.id),
            )

        began = time.perf_counter()
        await db.write(write)
        samples.append(time.perf_counter() - began)
        seq += 1
    return samples


async def bench_service(db: Database, stored_matches: int, count: int, first_channel: int) -> dict[str, list[float]]:
    service = GameService(db, dice=SeededDice(stored_matches))
    records = [await start(service, first_channel + i, 25) for i in range(stored_matches)]
    rng = random.Random(stored_matches)
    for i, record in enumerate(records):  # move every match a few actions into its game
        for _ in range(rng.randint(0, 6)):
            record = (await service_action(service, record, rng)).record
        records[i] = record
    samples = []
    for _ in range(count):
        index = rng.randrange(len(records))
        record = records[index]
        if record.match.finished:  # a long run can finish a match: a new one takes its channel (not timed)
            record = await start(service, record.channel_id, 25)
        began = time.perf_counter()
        update = await service_action(service, record, rng)
        samples.append(time.perf_counter() - began)
        records[index] = update.record
    restarted = GameService(db, dice=SeededDice(7))
    cold = []
    playing = [record for record in records if not record.match.finished]
    for record in rng.sample(playing, min(len(playing), count)):
        fresh = copy.copy(record)
        began = time.perf_counter()
        await service_action(restarted, fresh, rng)
        cold.append(time.perf_counter() - began)
    return {"hot": samples, "cold": cold}


async def bench_size(path: Path, matches: int) -> dict[str, float]:
    async with open_database(path) as db:
        await db.execute_fetchall("PRAGMA wal_checkpoint(TRUNCATE)")  # its rows read
        before = path.stat().st_size
        service = GameService(db, dice=SeededDice(11))
        rng = random.Random(11)
        actions = 0
        for i in range(matches):
            record = await start(service, 700_000 + i, 5)
            while not record.match.finished:
                record = (await service_action(service, record, rng)).record
                actions += 1
        await db.execute_fetchall("PRAGMA wal_checkpoint(TRUNCATE)")  # its rows read
        after = path.stat().st_size
        rows = list(await db.execute_fetchall("SELECT SUM(LENGTH(entry)) FROM match_actions"))
        report = await check_database(db)
        assert report.consistent, report.problems
    return {
        "matches": matches,
        "actions_per_match": actions / matches,
        "file_bytes_per_match": (after - before) / matches,
        "log_text_bytes_per_match": float(rows[0][0]) / matches,
    }


async def main(count: int, stored: int, sized: int) -> None:
    results: dict[str, object] = {"python": platform.python_version(), "cpus": os.cpu_count(), "actions": count}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        async with open_database(path) as db:
            engine = await bench_engine(count)
            sqlite = await bench_sqlite(db, count)
            one = await bench_service(db, 1, count, 1)
        path.unlink()
        async with open_database(path) as db:
            thousand = await bench_service(db, stored, count, 10_000)
        size = await bench_size(Path(folder) / "size.db", sized)
    many = f"service_action ({stored:,} stored matches)"
    rows = {
        "engine_apply": summary(engine),
        "sqlite_commit": summary(sqlite),
        "service_action (1 stored match)": summary(one["hot"]),
        many: summary(thousand["hot"]),
        f"service_action_after_restart ({stored:,} matches)": summary(thousand["cold"]),
    }
    print(f"{'scenario':48} {'n':>6} {'median ms':>10} {'p90 ms':>8} {'p99 ms':>8}")
    for name, row in rows.items():
        print(f"{name:48} {row['n']:>6.0f} {row['median_ms']:>10.3f} {row['p90_ms']:>8.3f} {row['p99_ms']:>8.3f}")
    print(
        f"5-point match: {size['actions_per_match']:.0f} actions, {size['file_bytes_per_match'] / 1024:.1f} KiB of "
        f"database file per finished match ({size['log_text_bytes_per_match'] / 1024:.1f} KiB of log text)"
    )
    worst = max(rows["service_action (1 stored match)"]["median_ms"], rows[many]["median_ms"])
    verdict = "met" if worst < TARGET_MS else "NOT met"
    print(f"Target: median service action < {TARGET_MS} ms: {verdict} (worst median {worst:.3f} ms)")
    results.update(rows=rows, size=size, target_ms=TARGET_MS, target_met=worst < TARGET_MS)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    arguments = [int(argument) for argument in sys.argv[1:4]]
    defaults = [2000, 1000, 20]
    asyncio.run(main(*(arguments + defaults[len(arguments) :])))
