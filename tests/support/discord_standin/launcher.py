"""Start the bot under test as its own process, the way the README does (`python -m bot`), against the stand-in.

The process gets its own working directory (so no developer `.env` is read), its own SQLite file, a token the
stand-in accepts, DEV_GUILD_ID set to the stand-in's guild, and `site/` first on PYTHONPATH so that
`sitecustomize` points discord.py at the stand-in. Output goes to a log file shown when a test fails.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from bot.sharding import parse_shard_ids
from bot.waits import HEADING as WAITS_HEADING

if TYPE_CHECKING:
    from .server import DiscordStandin

ROOT = Path(__file__).resolve().parents[3]
SITE_DIR = Path(__file__).resolve().parent / "site"
_CLEARED = ("DISCORD_TOKEN", "DEV_GUILD_ID", "LOG_LEVEL", "DATABASE_PATH", "DATABASE_URL", "PYTHONPATH")


class BotProcess:
    """One bot process (restartable) bound to a stand-in, a working directory and a database file."""

    def __init__(
        self, standin: DiscordStandin, workdir: Path, *, module: str = "bot", env: dict[str, str] | None = None
    ) -> None:
        self.standin = standin
        self.module = module
        self.workdir = workdir
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.database_path = workdir / "data" / "gammon.db"
        self.log_path = workdir / f"{module.replace('.', '_')}.log"
        self.extra_env = env or {}
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.keep_running = False  # a module-shared bot is started again before the next test
        standin.processes.append(self)

    def environment(self) -> dict[str, str]:
        env = {key: value for key, value in os.environ.items() if key not in _CLEARED}
        env.update(
            DISCORD_TOKEN=self.standin.token,
            DEV_GUILD_ID=str(self.standin.guild.id),
            DATABASE_PATH=str(self.database_path),
            LOG_LEVEL="INFO",
            GAMMON_DISCORD_STANDIN_URL=self.standin.base_url,
            PYTHONPATH=os.pathsep.join([str(SITE_DIR), str(ROOT)]),
            PYTHONUNBUFFERED="1",
            GAMMON_STANDIN_PARENT_PID=str(os.getpid()),
        )
        env.update(self.extra_env)
        return env

    async def start(self) -> None:
        """Start the process (again, after a kill or stop); returns at once, see `wait_ready`."""
        if self.running:
            raise RuntimeError("the bot process is already running")
        self.standin.bot_disconnected(self.shards)
        self.starts += 1
        with self.log_path.open("ab") as log:
            log.write(f"----- start {self.starts}: {sys.executable} -m {self.module}\n".encode())
            log.flush()
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                self.module,
                cwd=self.workdir,
                env=self.environment(),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=asyncio.subprocess.STDOUT,
            )

    @property
    def shards(self) -> frozenset[int] | None:
        """The shard ids this process logs in with (SHARD_COUNT/SHARD_IDS in its env), None for every shard."""
        count, ids = self.extra_env.get("SHARD_COUNT", ""), self.extra_env.get("SHARD_IDS", "")
        if not count.strip():
            return None
        return frozenset(parse_shard_ids(ids, int(count)) if ids.strip() else range(int(count)))

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.returncode is None

    @property
    def returncode(self) -> int | None:
        return self.process.returncode if self.process else None

    async def wait_ready(self, timeout: float = 20.0) -> None:
        """Wait until the bot identified and got its guild; fail with its log if it exits or hangs first."""
        assert self.process is not None
        ready = asyncio.ensure_future(self.standin.wait_until_ready(timeout, self.shards))
        exited = asyncio.ensure_future(self.process.wait())
        done, _ = await asyncio.wait({ready, exited}, return_when=asyncio.FIRST_COMPLETED, timeout=timeout)
        for future in (ready, exited):
            if future not in done:
                future.cancel()
        if ready in done and ready.exception() is None:
            return
        state = f"exited with {self.process.returncode}" if exited in done else "did not connect"
        raise AssertionError(f"the bot {state} within {timeout} s; its log:\n{self.log()}")

    async def kill(self) -> None:
        """SIGKILL, as a crash or an out-of-memory kill would: no clean shutdown at all."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()
        self.standin.bot_disconnected(self.shards)

    async def terminate(self, timeout: float = 15.0) -> int:
        """SIGTERM and wait for the exit status (killing it if it does not stop within `timeout`)."""
        assert self.process is not None
        if self.running:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), timeout)
            except TimeoutError:
                await self.kill()
                raise AssertionError(
                    f"the bot did not stop within {timeout} s of SIGTERM; log:\n{self.log()}"
                ) from None
        self.standin.bot_disconnected(self.shards)
        return self.process.returncode if self.process.returncode is not None else -1

    async def restart(self, *, kill: bool = True) -> None:
        """Kill (or terminate) the process, start it again on the same database, and wait until it is ready."""
        await (self.kill() if kill else self.terminate())
        await self.start()
        await self.wait_ready()

    def log_waits(self, timeout: float = 3.0) -> str:
        """What the running bot waits on (bot.waits: asked by SIGUSR1, written to its log), given `timeout` seconds to
        write it; "" if it did not."""
        assert self.process is not None
        start = self.log_path.stat().st_size if self.log_path.exists() else 0
        self.process.send_signal(signal.SIGUSR1)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            time.sleep(0.1)
            if WAITS_HEADING in self._written_since(start):
                time.sleep(0.1)  # the rest of the record
                return self._written_since(start)
        return ""

    def _written_since(self, offset: int) -> str:
        with self.log_path.open("rb") as log:
            log.seek(offset)
            return log.read().decode(errors="replace")

    def log(self, tail: int = 20000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-tail:]
        except FileNotFoundError:
            return "(no log)"
