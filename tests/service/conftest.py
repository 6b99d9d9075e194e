from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import pytest

from bot.service import GameService
from bot.store import open_database
from tests.service.helpers import SeededDice


class FakeClock:
    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[aiosqlite.Connection]:
    async with open_database(tmp_path / "gammon.db") as connection:
        yield connection


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def service(db: aiosqlite.Connection, clock: FakeClock) -> GameService:
    return GameService(db, dice=SeededDice(7), clock=clock)
