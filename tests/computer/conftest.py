from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.computer.pool import ComputerPool
from tests.service.conftest import service  # noqa: F401  (fixture, used by name)


@pytest.fixture(scope="module")
def pool() -> Iterator[ComputerPool]:
    """One real worker process for the module's tests (started once: loading bgsage takes a moment)."""
    computer_pool = ComputerPool(1)
    yield computer_pool
    computer_pool.close()
