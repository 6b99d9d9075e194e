"""Durability: a child process playing through the service is killed with SIGKILL at random moments.

After every kill the reopened database passes the consistency check (every match rebuilds from its log to
exactly its snapshot) and holds every action the child reported as acknowledged.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.service import GameService
from bot.service.check import check_database
from bot.store import open_database

ROOT = Path(__file__).resolve().parents[2]
KILLS = 24


def run_and_kill(database: Path, seed: int, delay: float) -> list[str]:
    """Start the child, let it run `delay` seconds, SIGKILL it; return the complete lines it printed."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.service.crash_child", str(database), str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    stdout, stderr = child.communicate(timeout=30)
    assert child.returncode == -signal.SIGKILL, stderr.decode()
    text = stdout.decode()
    return text.splitlines()[:-1] if not text.endswith("\n") else text.splitlines()  # drop a half-written line


@pytest.mark.slow
async def test_every_acknowledged_action_survives_sigkill(tmp_path: Path) -> None:
    database = tmp_path / "crash.db"
    rng = random.Random(2024)
    acknowledged: dict[int, tuple[int, int, str]] = {}  # match id -> (version, seq, entry) last acknowledged
    total_acks = 0
    for round_number in range(KILLS):
        # Mostly mid-stream, sometimes during start-up (imports, migrations, the first load).
        delay = rng.uniform(0.1, 0.6) if round_number % 5 else rng.uniform(0.0, 0.8)
        lines = run_and_kill(database, seed=round_number, delay=delay + 0.9 * (round_number == 0))
        for line in lines:
            _, match_id, version, seq, entry = line.split(" ", 4)
            acknowledged[int(match_id)] = (int(version), int(seq), entry)
            total_acks += 1
        async with open_database(database) as db:
            report = await check_database(db)
            assert report.consistent, report.problems
            service = GameService(db)
            for match_id, (version, seq, entry) in acknowledged.items():
                record = await service.match(match_id)
                assert record.version >= version
                if seq:
                    rows = list(
                        await db.execute_fetchall(
                            "SELECT entry FROM match_actions WHERE match_id = ? AND seq = ?", (match_id, seq)
                        )
                    )
                    assert [row[0] for row in rows] == [entry]
    assert total_acks > 5 * KILLS  # the kills did land in the middle of real work
