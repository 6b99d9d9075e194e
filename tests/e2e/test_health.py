"""`python -m bot.health` run as the container health check would, against a real running bot process (issue 19):
healthy while the bot (here shard 1 of 2) runs, unhealthy once it was killed."""

from __future__ import annotations

import asyncio
import sys

import pytest

from tests.support.discord_standin import BotProcess, DiscordStandin
from tests.support.discord_standin.pytest_plugin import LaunchBot


async def health(process: BotProcess, *args: str) -> tuple[int, str]:
    """Run the health command with the bot process's own environment and working directory."""
    run = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.health",
        *args,
        cwd=process.workdir,
        env=process.environment(),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    output, _ = await run.communicate()
    assert run.returncode is not None
    return run.returncode, output.decode()


@pytest.mark.slow
async def test_health_command_follows_the_bot(standin: DiscordStandin, launch_bot: LaunchBot) -> None:
    standin.add_guild("on shard 1", shard=(1, 2))
    bot = await launch_bot(SHARD_COUNT="2", SHARD_IDS="1")
    code, output = await health(bot)
    for _ in range(50):  # the first heartbeat is written as the turn timer loads
        if code == 0:
            break
        await asyncio.sleep(0.2)
        code, output = await health(bot)
    assert code == 0, output
    assert "up: shard 1 of 2" in output
    await bot.kill()
    await asyncio.sleep(2.5)
    code, output = await health(bot, "--max-age", "2")
    assert code == 1 and "shard 1 of 2" in output and "s ago" in output
