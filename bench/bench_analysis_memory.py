"""The analysis worker's memory (issue 10's target with issue 17's automatic analysis on), before and after, in one
run on the same matches.

Matches: 1-point matches of computer self-play at `casual` (seeded), like the load harness's tables, which finish
all the time. Each side starts a real analysis pool (bot.computer.pool, forkserver, one worker) and analyses every
match in turn, as the bot's job queue does at 200 tables (the worker always busy):

- `before`: main's worker before this change: the task only lowers its priority and analyses (two bgsage
  analyzers, the allocator's defaults, no trimming), never recycled;
- `after`: the bot's worker now (bot.analysis.jobs.analyse_in_worker: one shared 1-ply net, mapped big blocks, the
  heap trimmed after each analysis; recycled after ANALYSES_PER_WORKER analyses).

A thread samples the PSS of the pool's worker processes (every process the forkserver started, so a recycled
worker and its successor are counted together while both live) every 20 ms: the peak, and the PSS after the first
and after the last analysis. Also the wall time per analysis and the CPU time the worker spent on it (all its
threads: less sensitive than the wall time to the other work of a busy machine; the worker runs at niceness 10,
this script under `nice -n 19`), and whether both sides found the same.

Writes bench/results/analysis-memory.json. `--matches 3` is a short run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.analysis.evaluate import DEFAULT_LEVEL, analyse  # noqa: E402
from bot.analysis.jobs import ANALYSES_PER_WORKER, TIMEOUT  # noqa: E402
from bot.analysis.worker import NICENESS, analyse_in_worker  # noqa: E402
from bot.computer import choose_action  # noqa: E402
from bot.computer.pool import ComputerPool  # noqa: E402
from bot.engine import Match, MatchOptions  # noqa: E402
from bot.engine.dice import SeededDice  # noqa: E402
from bot.engine.match_log import MatchLog  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "analysis-memory.json"
MB = 1024 * 1024


_niced = False


def analyse_as_before(log_json: str, level: str) -> dict[str, Any]:
    """main's analyse_in_worker before this change, for the `before` side."""
    global _niced
    if not _niced:
        with contextlib.suppress(OSError):
            os.nice(NICENESS)
        _niced = True
    return {"analysis": analyse(MatchLog.from_json(log_json), level).to_json()}


def before_task(log_json: str, level: str) -> dict[str, Any]:
    """In the worker: the `before` analysis and the CPU time it took (every thread of the worker)."""
    started = time.process_time()
    return {**analyse_as_before(log_json, level), "cpu": time.process_time() - started}


def after_task(log_json: str, level: str) -> dict[str, Any]:
    """In the worker: the bot's analysis now and the CPU time it took (trimming included)."""
    started = time.process_time()
    return {**analyse_in_worker(log_json, level), "cpu": time.process_time() - started}


def self_play(seed: int, length: int) -> Match:
    rng = random.Random(seed)
    dice = SeededDice(seed)
    match = Match.start(("Ann", "Bob"), MatchOptions.match(length), dice)
    while not match.finished:
        match = match.apply(choose_action(match, "casual", rng), dice).match
    return match


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError):
            found += [int(child) for child in task.read_text().split()]
    return found


def pss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for line in rollup:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def workers_pss() -> int:
    """The PSS of every process the forkserver (a child of this one) started: the pool's workers."""
    return sum(pss(worker) for child in children(os.getpid()) for worker in children(child))


class Sampler:
    def __init__(self) -> None:
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, workers_pss())
            time.sleep(0.02)

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()


async def one_side(name: str, logs: list[str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    if name == "before":
        pool = ComputerPool(1, timeout=TIMEOUT, retries=1, task=before_task)
    else:
        pool = ComputerPool(1, timeout=TIMEOUT, retries=1, task=after_task, tasks_per_worker=ANALYSES_PER_WORKER)
    seconds, cpu, found, after = [], [], [], []
    try:
        with Sampler() as sampler:
            for log_json in logs:
                started = time.perf_counter()
                answer = await pool.run(log_json, DEFAULT_LEVEL)
                seconds.append(time.perf_counter() - started)
                cpu.append(answer["cpu"])
                after.append(workers_pss())
                analysis = json.loads(answer["analysis"])
                analysis.pop("seconds", None)
                found.append(analysis)
                print(
                    f"{name}: match {len(seconds)}/{len(logs)} in {seconds[-1]:.1f} s ({cpu[-1]:.1f} s CPU), PSS "
                    f"{after[-1] / MB:.0f} MB, peak {sampler.peak / MB:.0f} MB",
                    flush=True,
                )
    finally:
        pool.close()
    figures = {
        "peak_pss_mb": round(sampler.peak / MB, 1),
        "pss_after_first_mb": round(after[0] / MB, 1),
        "pss_after_last_mb": round(after[-1] / MB, 1),
        "seconds_per_match_median": round(statistics.median(seconds), 2),
        "seconds_per_match_mean": round(statistics.mean(seconds), 2),
        "seconds_total": round(sum(seconds), 1),
        "cpu_seconds_per_match_median": round(statistics.median(cpu), 2),
        "cpu_seconds_total": round(sum(cpu), 1),
        "recycled_workers": pool.recycled,
    }
    return figures, found


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--length", type=int, default=1)
    parser.add_argument("--output", type=Path, default=RESULTS)
    arguments = parser.parse_args()
    logs = [self_play(seed, arguments.length).log.to_json() for seed in range(arguments.matches)]
    before, found_before = await one_side("before", logs)
    after, found_after = await one_side("after", logs)
    result = {
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "matches": arguments.matches,
        "length": arguments.length,
        "level": DEFAULT_LEVEL,
        "analyses_per_worker": ANALYSES_PER_WORKER,
        "before": before,
        "after": after,
        "same_analyses": found_before == found_after,
    }
    arguments.output.parent.mkdir(parents=True, exist_ok=True)
    arguments.output.write_text(json.dumps(result, indent=2) + "\n")
    print(f"{'':24}{'before':>10}{'after':>10}")
    for key in before:
        print(f"{key:24}{before[key]:>10}{after[key]:>10}")
    print("same analyses:", result["same_analyses"])


if __name__ == "__main__":
    asyncio.run(main())
