"""Shared fixtures: the Discord stand-in (`standin`, `module_standin`, `shared_standin`), bot launchers, and a
migrated database (`db`) with a test clock (`clock`) for the service-level tests of every package.

`db` runs each test twice: on a SQLite file and on a fresh PostgreSQL database of the session's throwaway server
(`postgres_server`, tests/support/postgres.py; issue 19).
"""

import gc
import os
import shutil
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.store import Database, open_database
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
from tests.support.postgres import ThrowawayPostgres

#: Python's cyclic collector in the test processes (not in the bots and scripts they start). The in-process tests
#: make millions of short-lived containers (positions, plays, logs, hypothesis's examples); at the default
#: thresholds (700, 10, 10) the collector ran 5,000 times over tests/flow, engine, cogs, records and service in one
#: process and took 10.0 s of their 96 s of CPU; at these, 300 times and 4.2 s (gc.callbacks, one run each).
GC_THRESHOLDS = (10_000, 10, 10)


def pytest_configure(config: pytest.Config) -> None:
    gc.set_threshold(*GC_THRESHOLDS)
    os.environ["ENV_FILE"] = os.devnull  # no developer's .env reaches the settings of the tests and their bots


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[ThrowawayPostgres]:
    """One throwaway PostgreSQL server for the session (per xdist worker), started on first use. Its folder is
    not under pytest's temporary root: any later pytest run sets that root back to mode 0700, and the server
    (run as another user when the tests run as root) could no longer reach its own files."""
    folder = Path(tempfile.mkdtemp(prefix="gammon-postgres-"))
    server = ThrowawayPostgres(folder)
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


#: Test folders whose `db` runs on SQLite only: what they check does not depend on the database (the computer's
#: play through the service, slow on either), and the whole suite must stay under 10 minutes on 2 cores.
SQLITE_ONLY = (Path(__file__).parent / "computer",)


@pytest.hookimpl(tryfirst=True)  # before the fixture's own params are applied
def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "db" in metafunc.fixturenames and any(folder in metafunc.definition.path.parents for folder in SQLITE_ONLY):
        # as a mark, which pytest applies instead of the fixture's params
        metafunc.definition.add_marker(pytest.mark.parametrize("db", ["sqlite"], indirect=True))


def _module_shares_state(item: pytest.Item) -> bool:
    """Whether the test uses a module-scoped fixture (a shared bot, a worker pool): its module is kept together."""
    info = getattr(item, "_fixtureinfo", None)
    return info is not None and any(
        definition.scope == "module" for definitions in info.name2fixturedefs.values() for definition in definitions
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The slow checks first, dealt out over the xdist workers: with worksteal each worker starts with its own
    share of the long tests (the first of them 15-35 s each) while the short ones fill the gaps, instead of one
    worker finishing a long check minutes after the others are done. Every worker computes the same order.

    A module with module-scoped fixtures moves as a whole (slow if any of its tests is), so its shared bot or
    pool starts once."""
    units: dict[object, list[pytest.Item]] = {}  # a shared-state module, or one test
    for item in items:
        units.setdefault(item.path if _module_shares_state(item) else item, []).append(item)
    slow = [unit for unit in units.values() if any(item.get_closest_marker("slow") for item in unit)]
    rest = [item for unit in units.values() if not any(unit is other for other in slow) for item in unit]
    workers = max(1, int(getattr(config, "workerinput", {}).get("workercount", 1)))
    # worksteal first hands each worker the next len(remaining) // (workers left) tests of the list.
    sizes, remaining = [], len(items)
    for left in range(workers, 0, -1):
        sizes.append(remaining // left)
        remaining -= sizes[-1]
    slices: list[list[pytest.Item]] = [[] for _ in range(workers)]
    for index, unit in enumerate(slow):
        slices[index % workers].extend(unit)
    for item in rest:
        next((part for part, size in zip(slices, sizes, strict=True) if len(part) < size), slices[-1]).append(item)
    items[:] = [item for part in slices for item in part]


@pytest.fixture(params=["sqlite", "postgresql"])
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """A migrated database: a SQLite file, or a fresh PostgreSQL database dropped after the test."""
    if request.param == "sqlite":
        async with open_database(tmp_path / "gammon.db") as connection:
            yield connection
        return
    server: ThrowawayPostgres = request.getfixturevalue("postgres_server")
    url = await server.create_database()
    try:
        async with open_database(url) as connection:
            yield connection
    finally:
        await server.drop_database(url)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()
