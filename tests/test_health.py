"""`python -m bot.health` (issue 19): healthy only while this process's heartbeat in the database is fresh, on
either backend (the check reads the database named by the bot's own settings)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.health import Unhealthy, check, main
from bot.service import GameService
from bot.settings import Settings
from bot.sharding import ShardSet
from bot.store import Database
from tests.service.conftest import FakeClock

SHARD_1 = ShardSet(2, frozenset({1}))


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for name in ("SHARD_COUNT", "SHARD_IDS", "DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no developer .env
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "gammon.db"))
    return tmp_path / "gammon.db"


async def checked(settings: Settings, now: float) -> str:
    """`check` as the command runs it: in a thread, with no event loop of its own running (asyncio.run)."""
    return await asyncio.to_thread(check, settings, 30, now)


async def test_fresh_heartbeat_is_healthy_and_a_stale_one_is_not(
    env: Path, db: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", db.url)
    settings = Settings.load(None)
    with pytest.raises(Unhealthy, match="not recorded a heartbeat yet"):
        await checked(settings, clock.now)
    await GameService(db, clock=clock).timers.heartbeat()
    assert (await checked(settings, clock.now + 5)).startswith("up: all shards")
    with pytest.raises(Unhealthy, match="31 s ago"):
        await checked(settings, clock.now + 31)


async def test_a_sharded_process_is_judged_by_its_own_heartbeat(
    env: Path, db: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    await GameService(db, clock=clock).timers.heartbeat()  # another process (all shards) beats ...
    monkeypatch.setenv("DATABASE_URL", db.url)
    monkeypatch.setenv("SHARD_COUNT", "2")
    monkeypatch.setenv("SHARD_IDS", "1")
    settings = Settings.load(None)
    with pytest.raises(Unhealthy, match=r"shard 1 of 2\) has not recorded"):  # ... not this one
        await checked(settings, clock.now)
    await GameService(db, clock=clock).timers.heartbeat(SHARD_1)
    assert await checked(settings, clock.now + 1) == "up: shard 1 of 2, heartbeat 1.0 s ago"


def test_the_command_exits_1_with_the_reason(
    env: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main([]) == 1
    assert "no database at" in capsys.readouterr().err
    monkeypatch.setenv("SHARD_IDS", "0-1")  # without SHARD_COUNT: the settings' own error
    assert main([]) == 1
    assert "needs SHARD_COUNT" in capsys.readouterr().err
