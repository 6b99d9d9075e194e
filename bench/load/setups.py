"""The set-ups a load run can use (issue 19): the bot on SQLite, on SQLite through aiosqlite (`sqlite-aiosqlite`: the
driver comparison's reference, bench/aiosqlite_backend.py), on PostgreSQL, or two sharded processes on PostgreSQL.
PostgreSQL is a throwaway server started here (tests/support/postgres.py, the `pgserver` package), once for the
whole benchmark; each run gets a fresh migrated database, dropped after it."""

from __future__ import annotations

import asyncio
import dataclasses
import shutil
import tempfile
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from bench.load import harness
from bench.load.harness import LoadConfig, LoadResult, run_load

if TYPE_CHECKING:
    from tests.support.postgres import ThrowawayPostgres

#: set-up name -> (on PostgreSQL, bot processes)
SETUPS = {"sqlite": (False, 1), "sqlite-aiosqlite": (False, 1), "postgres": (True, 1), "postgres-2": (True, 2)}
AIOSQLITE = "sqlite-aiosqlite"
#: The bot's sitecustomize in the set-up `sqlite-aiosqlite`: its SQLite file opened through aiosqlite.
AIOSQLITE_SITE = Path(__file__).resolve().parent / "aiosqlite_site"


@dataclasses.dataclass
class AiosqliteResult(LoadResult):
    """A run of the set-up `sqlite-aiosqlite`, labelled as such in the tables."""

    def summary(self) -> dict[str, Any]:
        return super().summary() | {"database": "sqlite+aiosqlite"}


class Setups:
    """Runs load configurations in a set-up; the PostgreSQL server is started on first use, stopped at exit."""

    def __init__(self) -> None:
        self._folder: Path | None = None
        self._server: ThrowawayPostgres | None = None

    async def __aenter__(self) -> Setups:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._server is not None:
            await asyncio.to_thread(self._server.stop)
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)

    async def run(self, setup: str, config: LoadConfig) -> LoadResult:
        postgres, processes = SETUPS[setup]
        config = dataclasses.replace(config, processes=processes)
        if setup == AIOSQLITE:
            return await self._aiosqlite(config)
        if not postgres:
            return await run_load(config)
        server = await self._postgres()
        url = await server.create_database()
        try:
            return await run_load(dataclasses.replace(config, database_url=url))
        finally:
            await server.drop_database(url)

    async def _aiosqlite(self, config: LoadConfig) -> LoadResult:
        """The bot with its PYTHONPATH starting at `AIOSQLITE_SITE` instead of the timing probes' folder (so no
        `--trace` in this set-up); the runs of a benchmark are one after the other, so the swap is theirs alone."""
        product_site, harness.LOAD_SITE = harness.LOAD_SITE, AIOSQLITE_SITE
        try:
            result = await run_load(config)
        finally:
            harness.LOAD_SITE = product_site
        return AiosqliteResult(**{field.name: getattr(result, field.name) for field in dataclasses.fields(result)})

    async def _postgres(self) -> ThrowawayPostgres:
        if self._server is None:
            from tests.support.postgres import ThrowawayPostgres as Server  # pgserver: only when a set-up needs it

            self._folder = Path(tempfile.mkdtemp(prefix="gammon-load-pg-"))
            self._server = await asyncio.to_thread(Server, self._folder)
        return self._server
