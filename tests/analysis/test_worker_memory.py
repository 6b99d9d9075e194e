"""The analysis worker's memory (issue 10's target with issue 17's analysis on): it ends when idle and starts
again on demand, a recycled worker finds the same, and its peak PSS stays under a bound measured for it."""

from __future__ import annotations

import asyncio
import json
import os
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from bot.analysis import analyse
from bot.analysis.jobs import IDLE_SECONDS, TIMEOUT
from bot.analysis.worker import analyse_in_worker
from bot.computer import choose_action, sage
from bot.computer.pool import ComputerPool
from bot.engine import Match, MatchOptions
from bot.processes import is_running
from bot.settings import Settings, SettingsError
from tests.analysis import matches
from tests.service.helpers import SeededDice

pytestmark = pytest.mark.skipif(not sage.available(), reason="bgsage is not installed")

#: The worker's peak PSS over the analysis of a one-point match must stay under this. Measured
#: (bench/bench_analysis_memory.py, one-point matches of casual self-play): 179-189 MB before this change
#: (two bgsage analyzers, glibc keeping freed nets in the heap), 127-144 MB after; 160 MB leaves 10% over the
#: highest measured and stays under the old worker, which peaks at 163-164 MB in this test (below). One match here,
#: not the benchmark's four: the nets, the bulk of the peak, are loaded by the first, and the niced worker, starved
#: by the rest of the suite, took over a minute for two; the benchmark keeps measuring four.
PEAK_BOUND_MB = 160
#: A short match (43 decisions) peaks as a long one does: 147 MB against 148 MB for seed 0's 144 decisions, and the
#: worker without its memory measures (no shared net, no mmap threshold, no trim) fails this test with either (163
#: and 164 MB here, 183 and 184 MB in a process of its own); the long one took three times as long.
PEAK_MATCH_SEED = 29


def found(answer: dict[str, Any]) -> dict[str, Any]:
    """An analysis without its timing (the only part that may differ between two runs)."""
    analysis = json.loads(answer["analysis"])
    analysis.pop("seconds", None)
    return analysis


async def test_an_idle_worker_ends_and_the_next_analysis_starts_a_new_one() -> None:
    pool = ComputerPool(1, timeout=TIMEOUT, retries=1, task=analyse_in_worker, idle_seconds=1.0)
    log_json = matches.deliberate_blunder().log.to_json()
    try:
        first = found(await pool.run(log_json, "standard"))
        [worker] = pool.worker_pids()
        deadline = time.monotonic() + 15
        while is_running(worker) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        assert not is_running(worker) and pool.worker_pids() == [] and pool.stopped_idle == 1
        second = found(await pool.run(log_json, "standard"))
        [again] = pool.worker_pids()
        assert again != worker and is_running(again)
        assert second == first and second["decisions"]
    finally:
        pool.close()


async def test_a_worker_used_again_within_its_idle_time_stays() -> None:
    pool = ComputerPool(1, timeout=TIMEOUT, retries=1, task=analyse_in_worker, idle_seconds=1.5)
    try:
        await pool.run(matches.forced_dance().log.to_json(), "standard")
        [worker] = pool.worker_pids()
        await asyncio.sleep(0.8)
        await pool.run(matches.forced_dance().log.to_json(), "standard")
        await asyncio.sleep(0.9)  # the first job's idle timer has fired: idle 0.9 s of 1.5
        assert pool.worker_pids() == [worker] and is_running(worker) and pool.stopped_idle == 0
    finally:
        pool.close()


def analyse_and_tell_the_worker(log_json: str, level: str) -> dict[str, Any]:
    """In a worker: analyse_in_worker, and which process it ran in."""
    return {**analyse_in_worker(log_json, level), "pid": os.getpid()}


async def test_recycled_workers_find_what_one_process_finds() -> None:
    logs = [match().log for match in (matches.deliberate_blunder, matches.refused_beaver)]  # a checker play, a cube
    pool = ComputerPool(1, timeout=TIMEOUT, retries=1, task=analyse_and_tell_the_worker, tasks_per_worker=1)
    answers, workers = [], set()
    try:
        for log in logs:
            answer = await pool.run(log.to_json(), "standard")
            answers.append(found(answer))
            workers.add(answer["pid"])
    finally:
        pool.close()
    assert pool.recycled == len(logs) and len(workers) == len(logs)  # each analysis in a fresh worker
    here = [analyse(log, "standard").to_json() for log in logs]  # two analyzers, nothing shared or trimmed
    assert answers == [found({"analysis": text}) for text in here]


def one_point_match(seed: int) -> Match:
    rng = random.Random(seed)
    dice = SeededDice(seed)
    match = Match.start(("Ann", "Bob"), MatchOptions.match(1), dice)
    while not match.finished:
        match = match.apply(choose_action(match, "casual", rng), dice).match
    return match


def pss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


@pytest.mark.slow
async def test_the_workers_peak_memory_stays_under_its_bound() -> None:
    log_json = one_point_match(PEAK_MATCH_SEED).log.to_json()
    pool = ComputerPool(1, timeout=TIMEOUT, retries=1, task=analyse_in_worker)
    peak = 0.0
    stop = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not stop.is_set():
            for pid in pool.worker_pids():
                peak = max(peak, pss_mb(pid))
            time.sleep(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        await pool.run(log_json, "standard")
    finally:
        stop.set()
        sampler.join()
        pool.close()
    assert os.getpid() not in pool.worker_pids()
    assert 30 < peak < PEAK_BOUND_MB, f"the analysis worker peaked at {peak:.0f} MB of PSS"


def test_the_idle_time_and_the_automatic_length_are_settings_checked_and_documented(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ANALYSIS_IDLE_SECONDS", raising=False)
    monkeypatch.delenv("ANALYSIS_AUTO_LENGTH", raising=False)
    defaults = Settings.load(tmp_path / "missing.env")
    assert defaults.analysis_idle_seconds == IDLE_SECONDS == 60 and defaults.analysis_auto_length == 11
    env = tmp_path / ".env"
    env.write_text("ANALYSIS_IDLE_SECONDS=5\nANALYSIS_AUTO_LENGTH=0\n")
    chosen = Settings.load(env)
    assert chosen.analysis_idle_seconds == 5 and chosen.analysis_auto_length == 0
    for name, bad in (("ANALYSIS_IDLE_SECONDS", "-1"), ("ANALYSIS_AUTO_LENGTH", "26"), ("ANALYSIS_AUTO_LENGTH", "-1")):
        with monkeypatch.context() as patched:
            patched.setenv(name, bad)
            with pytest.raises(SettingsError, match=name):
                Settings.load(env)
    root = Path(__file__).resolve().parents[2]
    for name in (".env.example", "README.md"):
        for setting in ("ANALYSIS_IDLE_SECONDS", "ANALYSIS_AUTO_LENGTH"):
            assert setting in (root / name).read_text(), (name, setting)
