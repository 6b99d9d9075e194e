"""Pytest fixtures for stand-in tests: `standin`, `launch_bot`, `gammon_bot`, and bot logs on failure."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Generator
from pathlib import Path
from typing import Any, Protocol

import pytest
import pytest_asyncio

from .launcher import BotProcess
from .server import DiscordStandin


class LaunchBot(Protocol):
    def __call__(self, module: str = "bot", *, wait_ready: bool = True, **env: str) -> Awaitable[BotProcess]: ...


@pytest_asyncio.fixture
async def standin() -> AsyncIterator[DiscordStandin]:
    """A running stand-in; the test fails at teardown if any Discord rule was broken and not taken."""
    server = DiscordStandin(heartbeat_interval_ms=1000)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()
    if server.violations:
        lines = "\n".join(f"  - {violation}" for violation in server.violations)
        pytest.fail(f"the bot broke {len(server.violations)} Discord rule(s):\n{lines}", pytrace=False)


@pytest_asyncio.fixture
async def launch_bot(
    standin: DiscordStandin, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[LaunchBot]:
    """`await launch_bot()` starts `python -m bot` (or another module) against the stand-in, ready to play."""
    processes: list[BotProcess] = []
    request.node._standin_processes = processes

    async def launch(module: str = "bot", *, wait_ready: bool = True, **env: str) -> BotProcess:
        process = BotProcess(standin, tmp_path / f"bot{len(processes)}", module=module, env=env)
        processes.append(process)
        await process.start()
        if wait_ready:
            await process.wait_ready()
        return process

    yield launch
    for process in processes:
        if process.running:
            await process.terminate()


@pytest_asyncio.fixture
async def gammon_bot(launch_bot: LaunchBot) -> BotProcess:
    """The real bot (`python -m bot`), connected to the stand-in and past its command sync."""
    return await launch_bot()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[Any]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Show each bot process's log under a failed test (call or teardown)."""
    report = yield
    if report.failed:
        for process in getattr(item, "_standin_processes", []):
            report.sections.append((f"bot log: {process.log_path.name}", process.log()))
    return report


__all__ = ["LaunchBot", "gammon_bot", "launch_bot", "pytest_runtest_makereport", "standin"]
