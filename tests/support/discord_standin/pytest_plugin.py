"""Pytest fixtures for stand-in tests: `standin`, `launch_bot`, `gammon_bot`, and bot logs on failure."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import AsyncIterator, Awaitable, Generator, Iterator
from pathlib import Path
from typing import Any, Protocol

import pytest
import pytest_asyncio

from .launcher import BotProcess
from .server import DiscordStandin


class LaunchBot(Protocol):
    def __call__(self, module: str = "bot", *, wait_ready: bool = True, **env: str) -> Awaitable[BotProcess]: ...


#: The fixtures' IDENTIFY interval (Discord's, and the stand-in's own default, is 5 s): a bot restarted in a
#: test identifies again within 5 s of its last session, and each refusal costs discord.py's fixed 5 s wait,
#: about 90 s over tests/e2e and tests/standin. 1 s still refuses a bot that identifies two shards at once;
#: tests/e2e/test_shards.py checks the real bot against the real 5 s.
TEST_IDENTIFY_INTERVAL = 1.0

#: What the fixtures' bots run with unless a test says otherwise: no automatic analysis of finished matches
#: (ANALYSIS_AUTO_LENGTH=0). Each analysis keeps a core busy for seconds after a scenario that does not look at it;
#: the analysis scenarios (tests/e2e/test_analysis*.py) turn it on with `ANALYSIS_ON`.
TEST_BOT_ENV = {"ANALYSIS_AUTO_LENGTH": "0"}
#: The bot's own default: matches up to 11 points analysed when they end.
ANALYSIS_ON = {"ANALYSIS_AUTO_LENGTH": "11"}

#: (test id, kind, name, seconds) of every acknowledgement in this pytest run, for the summary at the end.
ACKNOWLEDGEMENTS: list[tuple[str, str, str, float]] = []
LATENCY_JSON_VARIABLE = "GAMMON_STANDIN_LATENCY_JSON"


@contextlib.contextmanager
def rules_checked(standin: DiscordStandin, test_id: str) -> Iterator[None]:
    """Around one test: record its acknowledgement latencies, then fail it if a Discord rule was broken."""
    first = len(standin.interactions)
    try:
        yield
    finally:
        for interaction in list(standin.interactions.values())[first:]:
            if interaction.latency is not None:
                ACKNOWLEDGEMENTS.append((test_id, interaction.kind, interaction.name, interaction.latency))
    violations = standin.take_violations()
    if violations:
        lines = "\n".join(f"  - {violation}" for violation in violations)
        pytest.fail(f"the bot broke {len(violations)} Discord rule(s):\n{lines}", pytrace=False)


@pytest_asyncio.fixture
async def standin(request: pytest.FixtureRequest) -> AsyncIterator[DiscordStandin]:
    """A running stand-in; the test fails at teardown if any Discord rule was broken and not taken."""
    server = DiscordStandin(heartbeat_interval_ms=1000, identify_interval=TEST_IDENTIFY_INTERVAL)
    await server.start()
    request.node._standin_processes = server.processes
    with rules_checked(server, request.node.nodeid):
        try:
            yield server
        finally:
            await server.stop()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def module_standin() -> AsyncIterator[DiscordStandin]:
    """One stand-in for a whole test module (use with `pytestmark = pytest.mark.asyncio(loop_scope="module")`
    and `shared_bot`); per-test isolation comes from `shared_standin`."""
    server = DiscordStandin(heartbeat_interval_ms=1000, identify_interval=TEST_IDENTIFY_INTERVAL)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@contextlib.asynccontextmanager
async def kept_running(
    standin: DiscordStandin, workdir: Path, module: str, env: dict[str, str]
) -> AsyncIterator[BotProcess]:
    """A bot process for several tests, ready: `shared_standin` starts it again before a test if an earlier one
    killed or stopped it. Stopped at the end, and then no longer started again (another may follow it)."""
    process = BotProcess(standin, workdir, module=module, env={**TEST_BOT_ENV, **env})
    process.keep_running = True
    await process.start()
    await process.wait_ready()
    try:
        yield process
    finally:
        process.keep_running = False
        if process.running:
            await process.terminate()


def shared_bot(module: str = "bot", **env: str) -> Any:
    """Make a module-scoped fixture running one bot process for all tests of a module, e.g.
    `probe = shared_bot("tests.support.probe_bot")`. A test may kill or restart it; the next test gets it
    running again. Starting a bot costs 1-2 s, so modules with many small scenarios share one."""

    @pytest_asyncio.fixture(scope="module", loop_scope="module")
    async def fixture(
        module_standin: DiscordStandin, tmp_path_factory: pytest.TempPathFactory
    ) -> AsyncIterator[BotProcess]:
        async with kept_running(module_standin, tmp_path_factory.mktemp("bot"), module, env) as process:
            yield process

    return fixture


@pytest_asyncio.fixture(loop_scope="module")
async def shared_standin(
    module_standin: DiscordStandin, request: pytest.FixtureRequest
) -> AsyncIterator[DiscordStandin]:
    """The module's stand-in for one test: a fresh default channel, no rate limits, rules checked at the end.
    Shared state (other tests' messages, threads, counters) stays: compare counts before and after."""
    module_standin.stop_rate_limits()
    module_standin.stop_faults()
    request.node._standin_processes = module_standin.processes
    for process in module_standin.processes:
        if process.keep_running and not process.running:  # an earlier test killed or stopped it
            await process.start()
            await process.wait_ready()
    module_standin.default_channel = module_standin.add_channel(request.node.name[:100])
    with rules_checked(module_standin, request.node.nodeid):
        yield module_standin


@pytest_asyncio.fixture
async def launch_bot(standin: DiscordStandin, tmp_path: Path) -> AsyncIterator[LaunchBot]:
    """`await launch_bot()` starts `python -m bot` (or another module) against the stand-in, ready to play."""
    processes: list[BotProcess] = []

    async def launch(module: str = "bot", *, wait_ready: bool = True, **env: str) -> BotProcess:
        process = BotProcess(standin, tmp_path / f"bot{len(processes)}", module=module, env={**TEST_BOT_ENV, **env})
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
    """Show each bot process's log under a failed test (call or teardown), a running bot's ending with what it
    waits on (bot.waits): a hang says where it is."""
    report = yield
    if report.failed:
        for process in getattr(item, "_standin_processes", []):
            log = process.log()
            asked = process.running and process.module == "bot"  # another program could die of the signal
            waits = process.log_waits() if asked else ""
            report.sections.append((f"bot log: {process.log_path.name}", log))
            if waits:
                report.sections.append((f"what the bot waits on: {process.log_path.name}", waits))
    return report


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Acknowledgement latencies of every stand-in interaction in the run (and JSON if asked for)."""
    if not ACKNOWLEDGEMENTS:
        return
    terminalreporter.section("Discord stand-in: acknowledgement latency")
    kinds = sorted({kind for _, kind, _, _ in ACKNOWLEDGEMENTS})
    terminalreporter.write_line(f"{'kind':<14}{'count':>7}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}")
    for kind in [*kinds, "all"]:
        values = sorted(s for _, k, _, s in ACKNOWLEDGEMENTS if kind in ("all", k))
        median, p95 = values[len(values) // 2], values[min(len(values) - 1, int(len(values) * 0.95))]
        terminalreporter.write_line(
            f"{kind:<14}{len(values):>7}{median * 1000:>11.1f}{p95 * 1000:>9.1f}{values[-1] * 1000:>9.1f}"
        )
    slowest = max(ACKNOWLEDGEMENTS, key=lambda entry: entry[3])
    terminalreporter.write_line(f"slowest: {slowest[2]} in {slowest[0]} ({slowest[3] * 1000:.0f} ms)")
    target = os.environ.get(LATENCY_JSON_VARIABLE)
    if target:
        rows = [{"test": t, "kind": k, "name": n, "seconds": round(s, 4)} for t, k, n, s in ACKNOWLEDGEMENTS]
        Path(target).write_text(json.dumps(rows, indent=1))


__all__ = [
    "LaunchBot",
    "gammon_bot",
    "kept_running",
    "launch_bot",
    "module_standin",
    "pytest_runtest_makereport",
    "pytest_terminal_summary",
    "rules_checked",
    "shared_bot",
    "shared_standin",
    "standin",
]
