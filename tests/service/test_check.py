"""The consistency check command: `python -m bot.service.check DATABASE` exits 0 when consistent, 1 otherwise."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot.service import GameService
from bot.store import open_database
from tests.service.helpers import SeededDice, play_to_the_end, start_match

ROOT = Path(__file__).resolve().parents[2]


def run_check(database: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.service.check", str(database)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )


async def test_the_check_command_passes_then_reports_a_damaged_snapshot(tmp_path: Path) -> None:
    database = tmp_path / "gammon.db"
    async with open_database(database) as db:
        service = GameService(db, dice=SeededDice(8))
        finished = await play_to_the_end(service, (await start_match(service, channel_id=1)).record, seed=8)
        active = (await start_match(service, channel_id=2)).record
    good = run_check(database)
    assert good.returncode == 0, good.stdout + good.stderr
    assert "Checked 2 matches" in good.stdout and "Consistent." in good.stdout

    async with open_database(database) as db:
        await db.execute("UPDATE match_snapshots SET state = '{}' WHERE match_id = ?", (active.id,))
        await db.execute("UPDATE matches SET winner = 1 - winner WHERE id = ?", (finished.id,))
    bad = run_check(database)
    assert bad.returncode == 1
    assert f"match #{active.id}: Match #{active.id} cannot be loaded" in bad.stdout
    assert f"match #{finished.id}: stored winner" in bad.stdout
    assert "2 problem(s) found." in bad.stdout


def test_a_missing_database_is_reported(tmp_path: Path) -> None:
    result = run_check(tmp_path / "nowhere.db")
    assert result.returncode == 2 and "There is no database" in result.stderr
    assert not (tmp_path / "nowhere.db").exists()
