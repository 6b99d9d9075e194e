"""PostgreSQL support is an extra: the bot starts and plays on SQLite where asyncpg is not installed (made
impossible to import in the bot's process by tests/e2e/site), and never imports it."""

from __future__ import annotations

from tests.e2e.conftest import seeded_env
from tests.e2e.table import start_match
from tests.support.discord_standin import DiscordStandin, ScenarioUser
from tests.support.discord_standin.pytest_plugin import LaunchBot


async def test_the_bot_plays_on_sqlite_without_asyncpg(
    standin: DiscordStandin, launch_bot: LaunchBot, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    bot = await launch_bot(**seeded_env(), GAMMON_TEST_WITHOUT="asyncpg")
    table = await start_match(standin, *players, length=1)
    assert "Opening roll" in table.game.content and table.game.attachments[0].is_png
    assert "asyncpg" not in bot.log() and "Traceback" not in bot.log()
