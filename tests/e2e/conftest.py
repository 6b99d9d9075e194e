"""End-to-end fixtures: the real bot against the Discord stand-in, with seeded dice (tests/e2e/site)."""

from __future__ import annotations

import os
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser
from tests.support.discord_standin.launcher import ROOT, SITE_DIR
from tests.support.discord_standin.pytest_plugin import LaunchBot, kept_running
from tests.support.postgres import ThrowawayPostgres

E2E_SITE = Path(__file__).resolve().parent / "site"
DICE_SEED = "20261122"
SQLITE, BACKENDS = ("sqlite",), ("sqlite", "postgresql")


#: How long a bot started with `seeded_env(race_window=True)` waits between its guild and on_ready (discord.py's
#: default, and production's, is 2 s): for the tests that act before the bot is ready, so that a busy machine
#: (the suite runs two workers per CPU) cannot make the bot ready before the test has acted.
RACE_WINDOW_SECONDS = 8.0


#: In a bot's env: its commands synced globally, as in production, not to the stand-in's first guild only, so that a
#: scenario may play in a guild of its own (`table.own_guild`).
GLOBAL_COMMANDS = {"DEV_GUILD_ID": ""}


def seeded_env(seed: str = DICE_SEED, clock_rate: float | None = None, race_window: bool = False) -> dict[str, str]:
    """Environment for a bot process with fixed dice (and maybe a faster service clock, or a longer wait before
    it is ready): our sitecustomize first, then the stand-in's."""
    env = {
        "PYTHONPATH": os.pathsep.join([str(E2E_SITE), str(SITE_DIR), str(ROOT)]),
        "GAMMON_TEST_DICE_SEED": seed,
    }
    if clock_rate is not None:
        env["GAMMON_TEST_CLOCK_RATE"] = str(clock_rate)
    if race_window:
        env["GAMMON_STANDIN_GUILD_READY_TIMEOUT"] = str(RACE_WINDOW_SECONDS)
    return env


@pytest_asyncio.fixture
async def bot(launch_bot: LaunchBot, request: pytest.FixtureRequest) -> BotProcess:
    """`python -m bot` against the stand-in with seeded dice, ready (identified, commands synced). On SQLite;
    a module runs its tests on PostgreSQL too with `pytestmark = BOTH_BACKENDS` (issue 19)."""
    if getattr(request, "param", "sqlite") == "postgresql":
        server: ThrowawayPostgres = request.getfixturevalue("postgres_server")
        return await launch_bot(**seeded_env(), DATABASE_URL=await server.create_database())
    return await launch_bot(**seeded_env())


def one_bot_per_module(env: dict[str, str] | None = None, *, backends: tuple[str, ...] = SQLITE) -> tuple[Any, Any]:
    """`bot, standin = one_bot_per_module()`, with `pytestmark = pytest.mark.asyncio(loop_scope="module")`: one
    bot for all the scenarios of a module, started with `env` (default `seeded_env()`), each scenario in a channel
    of its own with players of its own (the dice go on from one scenario to the next). A bot start costs about
    1.6 s of CPU with its helper processes, more than most scenarios; those that need a fresh bot keep `bot`.

    `backends=BACKENDS`: the module's scenarios run on a bot on SQLite, then on one on a fresh PostgreSQL database
    (issue 19), backend after backend (pytest orders them so); a scenario marked `ON_SQLITE` runs on SQLite only."""

    @pytest_asyncio.fixture(scope="module", loop_scope="module", params=list(backends) if backends != SQLITE else None)
    async def bot(
        module_standin: DiscordStandin, tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
    ) -> AsyncIterator[BotProcess]:
        started = dict(seeded_env() if env is None else env)
        if "GAMMON_TEST_CLOCK_RATE" in started:  # one origin for all its starts: restarted, its clock goes on
            started.setdefault("GAMMON_TEST_CLOCK_ORIGIN", repr(time.time()))
        if getattr(request, "param", "sqlite") == "postgresql":
            server: ThrowawayPostgres = request.getfixturevalue("postgres_server")
            started["DATABASE_URL"] = await server.create_database()
        async with kept_running(module_standin, tmp_path_factory.mktemp("bot"), "bot", started) as process:
            yield process

    @pytest_asyncio.fixture(loop_scope="module")
    async def standin(shared_standin: DiscordStandin) -> DiscordStandin:
        return shared_standin

    return bot, standin


#: Runs a module's tests with a bot on SQLite and with a bot on a fresh PostgreSQL database.
BOTH_BACKENDS = pytest.mark.parametrize("bot", BACKENDS, indirect=True)
#: A scenario of a module sharing a bot per backend (`one_bot_per_module(backends=BACKENDS)`) run on SQLite only.
ON_SQLITE = pytest.mark.parametrize("bot", SQLITE, indirect=True)


@pytest_asyncio.fixture
async def players(standin: DiscordStandin) -> tuple[ScenarioUser, ScenarioUser]:
    return standin.add_user("Alice"), standin.add_user("Bob")
