"""The set-ups a load run can use (issue 19): the bot on SQLite, on SQLite through aiosqlite (`sqlite-aiosqlite`,
the driver experiment: `sqlite+aiosqlite:///`), on PostgreSQL, or two sharded processes on PostgreSQL.
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

from bench.load.harness import LoadConfig, LoadResult, database_bytes, empty_database_bytes, run_load

if TYPE_CHECKING:
    from tests.support.postgres import ThrowawayPostgres

#: set-up name -> (on PostgreSQL, bot processes)
SETUPS = {"sqlite": (False, 1), "sqlite-aiosqlite": (False, 1), "postgres": (True, 1), "postgres-2": (True, 2)}
AIOSQLITE = "sqlite-aiosqlite"


@dataclasses.dataclass
class AiosqliteResult(LoadResult):
    """A run of the bot on `sqlite+aiosqlite:///`: labelled as such (the harness calls any DATABASE_URL
    PostgreSQL), with the database growth per finished match measured as for the stdlib driver."""

    def summary(self) -> dict[str, Any]:
        row = super().summary()
        row["database"] = "sqlite+aiosqlite"
        row["database_bytes_per_finished_match"] = (
            round(self.database_growth_bytes / self.finished_matches) if self.finished_matches else None)
        return row


class Setups:
    """Runs load configurations in a set-up; the PostgreSQL server is started on first use, stopped at exit."""

    def __init__(self) -> None:
        self._folder: Path | None = None
        self._server: ThrowawayPostgres | None = None

    async def __aenter__(self) -> Setups:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
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
        workdir = config.workdir or Path(tempfile.mkdtemp(prefix="gammon-load-aiosqlite-"))
        path = workdir / "aiosqlite" / "gammon.db"
        result = await run_load(dataclasses.replace(config, workdir=workdir,
                                                    database_url=f"sqlite+aiosqlite:///{path}"))
        labelled = AiosqliteResult(**{field.name: getattr(result, field.name) for field in dataclasses.fields(result)})
        if path.exists():  # the bot closed its database on SIGTERM, folding the WAL into the file
            labelled.database_growth_bytes = database_bytes(path) - await empty_database_bytes(workdir)
        if config.workdir is None:
            shutil.rmtree(workdir, ignore_errors=True)
        return labelled

    async def _postgres(self) -> ThrowawayPostgres:
        if self._server is None:
            from tests.support.postgres import ThrowawayPostgres as Server  # pgserver: only when a set-up needs it

            self._folder = Path(tempfile.mkdtemp(prefix="gammon-load-pg-"))
            self._server = await asyncio.to_thread(Server, self._folder)
        return self._server
