"""Rebuilding every rating from the stored match history gives exactly the stored ratings (issue 9)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.ratings.rebuild import main, rebuild
from bot.ratings.store import standing
from bot.store import Database, open_database
from tests.ratings.conftest import GUILD, store_match


async def _play_random_history(db: Database, seed: int, matches: int) -> None:
    rng = random.Random(seed)
    for n in range(matches):
        players = tuple(rng.sample(range(1, 9), 2))
        length = rng.choice([0, 1, 1, 2, 3, 5, 7, 25])
        status = "aborted" if rng.random() < 0.1 else "finished"
        guild = GUILD + rng.randrange(2)
        pair = (players[0], players[1])
        await store_match(db, pair, rng.randrange(2), length, guild_id=guild, status=status, finished_at=float(n))


async def test_rebuild_of_a_long_random_history_equals_the_stored_ratings(db: Database) -> None:
    await _play_random_history(db, seed=9, matches=60)
    report = await rebuild(db)
    assert report.differences == [] and report.unrated_matches == []
    assert report.consistent and report.matches_replayed > 30


async def test_rebuild_finds_a_changed_rating_and_write_restores_it(db: Database) -> None:
    await _play_random_history(db, seed=4, matches=30)
    good = await standing(db, GUILD, 1)
    await db.execute("UPDATE ratings SET rating = rating + 1e-9 WHERE guild_id = ? AND user_id = 1", (GUILD,))
    await db.execute("UPDATE rated_matches SET rating_after = 0 WHERE seq = 3")
    await db.execute("UPDATE rated_matches SET cubes_taken = 7 WHERE seq = 5")
    report = await rebuild(db)
    assert not report.consistent
    assert any(f"guild {GUILD}, player 1:" in line for line in report.differences)
    assert any("rating_after=0.0" in line for line in report.differences)
    assert any("stored" in line and "(0, 0, 0, 0, 7, 0)" in line for line in report.differences)
    fixed = await rebuild(db, write=True)
    assert fixed.written and not fixed.consistent  # it reports what it replaced
    assert await standing(db, GUILD, 1) == good
    assert (await rebuild(db)).consistent


async def test_rebuild_reports_a_finished_match_that_was_never_rated(db: Database) -> None:
    await store_match(db, (1, 2), 0, 3)
    missing = await store_match(db, (1, 2), 1, 3, rate=False)
    await store_match(db, (1, 2), 1, 0, rate=False)  # a money game: never rated, not missing
    report = await rebuild(db)
    assert report.differences == [] and report.unrated_matches == [missing]


def test_maintenance_command_checks_then_rewrites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bot.db"

    async def prepare() -> None:
        async with open_database(path) as db:
            await _play_random_history(db, seed=1, matches=20)
            await db.execute("UPDATE ratings SET matches = matches + 1")

    asyncio.run(prepare())
    assert main(["--database", str(path)]) == 1
    assert "differs" in capsys.readouterr().out
    assert main(["--database", str(path), "--write"]) == 0
    assert main(["--database", str(path)]) == 0
    assert "equal the rebuilt ones" in capsys.readouterr().out
    assert main(["--database", str(tmp_path / "nothing.db")]) == 2
