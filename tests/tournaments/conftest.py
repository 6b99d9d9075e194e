"""A migrated database, a game service with seeded dice and a tournament service with a seeded draw."""

from __future__ import annotations

import random

import pytest

from bot.ratings.hook import rate_finished_match
from bot.service import GameService
from bot.store import Database
from bot.tournaments import TournamentService
from tests.service.conftest import FakeClock
from tests.service.helpers import SeededDice


@pytest.fixture
def games(db: Database, clock: FakeClock) -> GameService:
    return GameService(db, dice=SeededDice(7), clock=clock, on_match_finished=[rate_finished_match])


@pytest.fixture
def tournaments(db: Database, games: GameService, clock: FakeClock) -> TournamentService:
    return TournamentService(db, games, clock=clock, rng=random.Random(21))
