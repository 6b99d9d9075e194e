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
from tests.support.postgres import ThrowawayPostgres

ROOT = Path(__file__).resolve().parents[2]
KILLS = 12  # 20 took 20-35 s a backend; each kill lands at another random moment of real work
#: Acknowledgements a mid-stream round waits for before its random delay starts.
ACKS_BEFORE_THE_DELAY = 3


def run_and_kill(database: str, seed: int, delay: float, *, during_start: bool) -> list[str]:
    """Start the child, SIGKILL it `delay` seconds after it opened the database (or after its start, to hit
    start-up and migrations); return the complete ACK lines it printed."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.service.crash_child", str(database), str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.stdout is not None
    seen = b""
    if not during_start:
        ready = child.stdout.readline()
        assert ready == b"READY\n", child.communicate(timeout=30)[1].decode()
        # Mid-stream kills land in real work: wait for the first acknowledgements (a loaded machine can take a
        # while to start working), then let it run on for the random delay.
        while seen.count(b"ACK ") < ACKS_BEFORE_THE_DELAY:
            line = child.stdout.readline()
            assert line, child.communicate(timeout=30)[1].decode()
            seen += line
    time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    stdout, stderr = child.communicate(timeout=30)
    assert child.returncode == -signal.SIGKILL, stderr.decode()
    text = (seen + stdout).decode()
    lines = text.splitlines()[:-1] if not text.endswith("\n") else text.splitlines()  # drop a half-written line
    return [line for line in lines if line.startswith("ACK ")]


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_every_acknowledged_action_survives_sigkill(
    tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    """On SQLite (PRAGMA synchronous = FULL) and on PostgreSQL (a committed transaction)."""
    if backend == "sqlite":
        database = str(tmp_path / "crash.db")
    else:
        server: ThrowawayPostgres = request.getfixturevalue("postgres_server")
        database = await server.create_database()
    rng = random.Random(2024)
    acknowledged: dict[int, tuple[int, int, str]] = {}  # match id -> (version, seq, entry) last acknowledged
    total_acks = 0
    for round_number in range(KILLS):
        # Mostly mid-stream, every fifth time during start-up (imports, migrations, the first load).
        during_start = round_number % 5 == 4
        delay = rng.uniform(0.0, 1.0) if during_start else rng.uniform(0.02, 0.4)
        lines = run_and_kill(database, seed=round_number, delay=delay, during_start=during_start)
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
    assert total_acks > 2 * KILLS  # the kills did land in the middle of real work
