"""The real bot (`python -m bot`) against the stand-in: connect, sync, heartbeat, resume, stop, restart."""

from __future__ import annotations

import pytest
import pytest_asyncio

from tests.support.discord_standin import BotProcess, DiscordStandin
from tests.support.discord_standin.pytest_plugin import LaunchBot, shared_bot

# The first two tests watch one bot process (a start of the real bot costs a few seconds on a busy machine).
in_module_loop = pytest.mark.asyncio(loop_scope="module")
real_bot = shared_bot("bot")


@pytest_asyncio.fixture(loop_scope="module")
async def shared(shared_standin: DiscordStandin) -> DiscordStandin:
    return shared_standin


@in_module_loop
async def test_bot_identifies_gets_its_guild_and_syncs_to_the_dev_guild(
    shared: DiscordStandin, real_bot: BotProcess
) -> None:
    standin = shared
    assert standin.identifies == 1
    assert standin.session is not None and standin.session.connection is not None
    assert [frame["t"] for frame in standin.session.sent[:2]] == ["READY", "GUILD_CREATE"]
    assert standin.command_syncs == [standin.guild.id]  # DEV_GUILD_ID: synced to the guild, not globally
    assert ("GET", "/api/v10/users/@me") in standin.requests
    assert ("GET", "/api/v10/oauth2/applications/@me") in standin.requests
    # ready: the objects of the start frozen out of garbage collection (bot/collector.py)
    await standin.eventually(
        lambda: "objects of the start out of garbage collection" in real_bot.log(),
        timeout=10,
        what="the freeze at ready",
    )


@in_module_loop
async def test_bot_heartbeats_and_survives_reconnect_with_resume(shared: DiscordStandin, real_bot: BotProcess) -> None:
    standin = shared
    session = standin.session
    assert session is not None
    # The heartbeat interval is 1 s in tests: two beats on this session, each answered by an ack.
    beats = session.heartbeats
    await standin.eventually(lambda: session.heartbeats >= beats + 2, timeout=4, what="two heartbeats")
    connections, identifies = standin.gateway_connections, standin.identifies
    await standin.request_reconnect()
    await standin.wait_until_ready(timeout=10)
    assert standin.session is session and session.resumes == 1
    assert standin.identifies == identifies  # resumed, not a new session
    assert standin.gateway_connections == connections + 1
    assert standin.compressed_connections == standin.gateway_connections  # zlib-stream every time


@pytest.mark.slow
async def test_sigkill_restart_reconnects_and_sigterm_stops_cleanly(
    standin: DiscordStandin, launch_bot: LaunchBot
) -> None:
    bot = await launch_bot(DEV_GUILD_ID="")  # no development guild: commands go global, once
    assert standin.command_syncs == [None]
    await bot.restart()  # SIGKILL, then the same database again
    assert standin.identifies == 2
    assert standin.command_syncs == [None]  # the fingerprint in the database says nothing changed
    assert bot.database_path.exists()
    assert await bot.terminate() == 0
    assert "Bot stopped" in bot.log()
