from __future__ import annotations

import pytest

from bot.service import GameService
from bot.store import Database
from tests.service.helpers import SeededDice


class FakeClock:
    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def service(db: Database, clock: FakeClock) -> GameService:
    return GameService(db, dice=SeededDice(7), clock=clock)
