"""The set-ups a load run can use: the bot on SQLite, on PostgreSQL, or two sharded processes on PostgreSQL (issue
19), and `sqlite-reference`: the bot on SQLite run from another checkout of the project (`--reference-root`, e.g. a
`git worktree` of an older commit), side by side with this one in the same benchmark (issue 32: the SQLite
backend measured against the one it replaced). PostgreSQL is a throwaway server started here
(tests/support/postgres.py, the `pgserver` package), once for the whole benchmark; each run gets a fresh migrated
database, dropped after it."""

from __future__ import annotations

import asyncio
import dataclasses
import shutil
import tempfile
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from bench.load import harness
from bench.load.config import LoadConfig
from bench.load.harness import run_load
from bench.load.result import LoadResult

if TYPE_CHECKING:
    from tests.support.postgres import ThrowawayPostgres

#: set-up name -> (on PostgreSQL, bot processes)
SETUPS = {"sqlite": (False, 1), "sqlite-reference": (False, 1), "postgres": (True, 1), "postgres-2": (True, 2)}
REFERENCE = "sqlite-reference"
#: How the set-up `sqlite-reference` is labelled in the tables (the targets are checked on `sqlite` alone).
REFERENCE_LABEL = "sqlite (reference)"


@dataclasses.dataclass
class ReferenceResult(LoadResult):
    """A run of the set-up `sqlite-reference`, labelled as such in the tables."""

    def summary(self) -> dict[str, Any]:
        return super().summary() | {"database": REFERENCE_LABEL}


class Setups:
    """Runs load configurations in a set-up; the PostgreSQL server is started on first use, stopped at exit."""

    def __init__(self, reference_root: Path | None = None) -> None:
        self.reference_root = reference_root  # the checkout `sqlite-reference` runs the bot from
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
        if setup == REFERENCE:
            return await self._reference(config)
        if not postgres:
            return await run_load(config)
        server = await self._postgres()
        url = await server.create_database()
        try:
            return await run_load(dataclasses.replace(config, database_url=url))
        finally:
            await server.drop_database(url)

    async def _reference(self, config: LoadConfig) -> LoadResult:
        """The bot, its timing probes and the stand-in's client side, all from `reference_root`, with this
        checkout's virtual environment; the runs of a benchmark are one after the other, so the swap is theirs."""
        root = self.reference_root
        if root is None or not (root / "bot" / "__main__.py").is_file():
            raise ValueError(f"the set-up {REFERENCE} needs --reference-root, a checkout of the project (got {root})")
        saved = harness.LOAD_SITE, harness.SITE_DIR, harness.ROOT
        harness.LOAD_SITE = root / saved[0].relative_to(saved[2])
        harness.SITE_DIR = root / saved[1].relative_to(saved[2])
        harness.ROOT = root
        try:
            result = await run_load(config)
        finally:
            harness.LOAD_SITE, harness.SITE_DIR, harness.ROOT = saved
        return ReferenceResult(**{field.name: getattr(result, field.name) for field in dataclasses.fields(result)})

    async def _postgres(self) -> ThrowawayPostgres:
        if self._server is None:
            from tests.support.postgres import ThrowawayPostgres as Server  # pgserver: only when a set-up needs it

            self._folder = Path(tempfile.mkdtemp(prefix="gammon-load-pg-"))
            self._server = await asyncio.to_thread(Server, self._folder)
        return self._server


def set_up_orders(setups: list[str], configs: list[LoadConfig]) -> list[list[str]]:
    """The set-ups of each configuration, in the order they run. Against a reference checkout, the two checkouts
    take turns running first at each repeat of one configuration (from the second on): the later run of a pair tends
    to do better (docs/performance.md, "400 tables against 200"), and turns weigh that on both alike. Repeats are
    counted per whole configuration, so that the analysis-off and -on runs of one K (`--analyses`) turn together."""
    seen: dict[LoadConfig, int] = {}
    orders = []
    for config in configs:
        repeat = seen.get(config, 0)
        seen[config] = repeat + 1
        turned = REFERENCE in setups and repeat % 2 == 1
        orders.append(list(reversed(setups)) if turned else list(setups))
    return orders
