"""Shared fixtures: the Discord stand-in (`standin`, `module_standin`, `shared_standin`), bot launchers, and a
migrated database (`db`) with a test clock (`clock`) for the service-level tests of every package."""

from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import pytest

from bot.store import open_database
from tests.service.conftest import FakeClock
from tests.support.discord_standin.pytest_plugin import (  # noqa: F401  (fixtures and hook, used by name)
    gammon_bot,
    launch_bot,
    module_standin,
    pytest_runtest_makereport,
    pytest_terminal_summary,
    shared_standin,
    standin,
)


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[aiosqlite.Connection]:
    async with open_database(tmp_path / "gammon.db") as connection:
        yield connection


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()
