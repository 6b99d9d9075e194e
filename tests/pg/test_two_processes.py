"""Two bot processes on one PostgreSQL database (issue 19): 50 simultaneous presses of one button on one match,
25 from each process, are applied exactly once; the per-match lock (an advisory lock) and the version check
hold across processes."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.engine.actions import Confirm, MoveChecker, Roll
from bot.engine.options import MatchOptions
from bot.service import GameService, MatchRecord, MatchUpdate
from bot.service.check import check_database
from bot.store import open_database
from tests.pg.press_child import outcome, press
from tests.service.helpers import SeededDice, start_match
from tests.support.postgres import ThrowawayPostgres

ROOT = Path(__file__).resolve().parents[2]
PRESSES = 50
ROUNDS = 12


def next_button(record: MatchRecord) -> tuple[str, int, int, int]:
    """The button the player to act would press now: (kind, user, start, die)."""
    match = record.match
    index = match.to_act
    assert index is not None
    user = record.players[index].user_id
    allowed = match.allowed(index)
    if Roll in allowed:
        return "roll", user, 0, 0
    if MoveChecker in allowed:
        step = match.next_steps()[0]
        return "step", user, step.start, step.die
    assert Confirm in allowed, allowed
    return "confirm", user, 0, 0


@pytest.mark.slow
async def test_fifty_presses_over_two_processes_apply_once(postgres_server: ThrowawayPostgres) -> None:
    url = await postgres_server.create_database()
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.pg.press_child", url],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        text=True,
    )
    loop = asyncio.get_running_loop()
    try:
        assert child.stdin is not None and child.stdout is not None
        async with open_database(url) as db:
            service = GameService(db, dice=SeededDice(3))
            record = (await start_match(service, options=MatchOptions(3))).record
            ready = await loop.run_in_executor(None, child.stdout.readline)
            assert ready == "READY\n", child.stderr.read() if child.stderr else ""
            for _ in range(ROUNDS):
                if record.match.finished:
                    break
                kind, user, start, die = next_button(record)
                seen = record.version
                child.stdin.write(f"PRESS {record.id} {kind} {user} {seen} {start} {die} {PRESSES // 2}\n")
                child.stdin.flush()
                here = asyncio.gather(
                    *(press(service, record.id, kind, user, seen, start, die) for _ in range(PRESSES // 2)),
                    return_exceptions=True,
                )
                there = loop.run_in_executor(None, child.stdout.readline)
                own: list[MatchUpdate | BaseException] = list(await here)
                line = await there
                assert line.startswith("DONE "), child.stderr.read() if child.stderr else line
                outcomes = [outcome(result) for result in own] + line.split()[1:]
                assert len(outcomes) == PRESSES
                assert not [o for o in outcomes if o.startswith("crash")], outcomes
                assert [o for o in outcomes if o.startswith("ok")] == [f"ok:{seen + 1}"], outcomes
                record = await service.match(record.id)
                assert record.version == seen + 1
            rows = await db.fetchall("SELECT COUNT(*) FROM match_actions WHERE match_id = ?", (record.id,))
            assert int(rows[0][0]) == len(record.match.log.entries)
            report = await check_database(db)
            assert report.consistent, report.problems
    finally:
        if child.stdin is not None:
            child.stdin.close()
        child.wait(timeout=30)
        await postgres_server.drop_database(url)
