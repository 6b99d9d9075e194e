"""Rules checked when a bot starts (command definitions, intents) and on every REST call (the token)."""

from __future__ import annotations

import aiohttp

from tests.support.discord_standin import DiscordStandin
from tests.support.discord_standin.pytest_plugin import LaunchBot

PROBE = "tests.support.probe_bot"


async def test_invalid_command_definitions_are_refused(standin: DiscordStandin, launch_bot: LaunchBot) -> None:
    await launch_bot(PROBE, PROBE_BAD_COMMANDS="1")
    [violation] = standin.take_violations()
    assert violation.rule == "command definitions"
    assert "0.name: Command name is invalid" in violation.detail
    assert "0.description: Must be between 1 and 100" in violation.detail
    assert [c["name"] for c in standin.commands[standin.guild.id]] == ["probe"]  # the good set stays


async def test_privileged_intent_without_permission_is_refused(standin: DiscordStandin, launch_bot: LaunchBot) -> None:
    bot = await launch_bot(PROBE, wait_ready=False, PROBE_MEMBERS_INTENT="1")
    assert bot.process is not None
    assert await bot.process.wait() != 0
    [violation] = standin.take_violations()
    assert "privileged intents" in violation.detail
    assert "PrivilegedIntentsRequired" in bot.log()


async def test_rest_needs_the_bot_token_and_unknown_routes_are_flagged(standin: DiscordStandin) -> None:
    async with aiohttp.ClientSession(standin.base_url) as http:
        async with http.get("/api/v10/users/@me") as response:
            assert response.status == 401
        headers = {"Authorization": f"Bot {standin.token}"}
        async with http.get("/api/v10/users/@me", headers=headers) as response:
            assert response.status == 200 and (await response.json())["id"] == str(standin.bot_user.id)
        async with http.post("/api/v10/guilds/1/emojis", headers=headers) as response:
            assert response.status == 404
    assert [v.rule for v in standin.take_violations()] == ["authorization", "unsupported route"]
