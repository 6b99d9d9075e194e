"""A throwaway PostgreSQL server for the tests (issue 19), started from a clean checkout with no manual step.

The server comes from the `pgserver` package (a pip-installable PostgreSQL build in the pg extra). Run as root
(CI), pgserver creates an unprivileged `pgserver` system user and runs the server as that user, since
PostgreSQL refuses to run as root. One server per test session (per xdist worker: its own data folder and
socket); one migrated template database; each test gets a fresh database copied from it (`CREATE DATABASE ...
TEMPLATE`, about 0.1 s), dropped afterwards.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # asyncpg is the postgres extra: importing this module (conftest does) does not need it
    import asyncpg

TEMPLATE = "gammon_template"


class ThrowawayPostgres:
    """The session's server: fresh databases on demand, and a restart for the fault tests."""

    def __init__(self, folder: Path) -> None:
        with warnings.catch_warnings():  # platformdirs: "XDG_RUNTIME_DIR is not set" on CI machines
            warnings.simplefilter("ignore")
            import pgserver

        folder.mkdir(parents=True, exist_ok=True)
        self._server: Any = pgserver.get_server(folder / "pgdata", cleanup_mode="stop")
        # A throwaway server: no fsync (each CREATE DATABASE and the shutdown would wait for the disk). The tests
        # kill bot processes, never this server, so what a commit acknowledged is still there for them.
        for setting in ("fsync = off", "synchronous_commit = off", "full_page_writes = off"):
            self._server.psql(f"ALTER SYSTEM SET {setting};")
        self._server.psql("SELECT pg_reload_conf();")
        self._names = itertools.count(1)
        self._template_ready = False

    def url(self, database: str = "postgres") -> str:
        return str(self._server.get_uri(database))

    async def _admin(self) -> asyncpg.Connection:
        import asyncpg

        return await asyncpg.connect(self.url())

    async def _ensure_template(self) -> None:
        if self._template_ready:
            return
        admin = await self._admin()
        try:
            exists = await admin.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", TEMPLATE)
            if exists:
                await admin.execute(f"DROP DATABASE {TEMPLATE} WITH (FORCE)")
            await admin.execute(f"CREATE DATABASE {TEMPLATE}")
        finally:
            await admin.close()
        from bot.store.postgres import PostgresDatabase

        migrated = PostgresDatabase(self.url(TEMPLATE), min_size=1, max_size=1)
        await migrated.open()  # applies every migration once; each test copies the result
        await migrated.close()
        self._template_ready = True

    async def create_database(self) -> str:
        """A new migrated database; returns its URL."""
        await self._ensure_template()
        name = f"gammon_test_{os.getpid()}_{next(self._names)}"
        admin = await self._admin()
        try:
            await admin.execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")
        finally:
            await admin.close()
        return self.url(name)

    async def drop_database(self, url: str) -> None:
        name = url.rsplit("/", 1)[-1].split("?", 1)[0]
        admin = await self._admin()
        try:
            await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        finally:
            await admin.close()

    def stop_server(self) -> None:
        """Stop the server as a restart would (fast shutdown: every connection is cut); `start_server` again."""
        from pgserver import pg_ctl  # one of the commands pgserver exports

        pg_ctl(["-w", "-m", "fast", "stop"], pgdata=self._server.pgdata, user=self._server.system_user, timeout=30)

    def start_server(self) -> None:
        self._server.ensure_postgres_running()

    def stop(self) -> None:
        """Stop at once (no shutdown checkpoint: the folder is deleted next)."""
        from pgserver import pg_ctl  # one of the commands pgserver exports

        pg_ctl(["-w", "-m", "immediate", "stop"], pgdata=self._server.pgdata, user=self._server.system_user, timeout=30)
        self._server.cleanup()


async def wait_until_reachable(url: str, timeout: float = 30.0) -> None:
    """Wait until the server accepts connections again (after a restart)."""
    import asyncpg

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        try:
            connection = await asyncpg.connect(url)
        except (OSError, asyncpg.PostgresError):
            if loop.time() > deadline:
                raise
            await asyncio.sleep(0.1)
        else:
            await connection.close()
            return
