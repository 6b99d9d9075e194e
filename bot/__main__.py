"""Entry point: `python -m bot`. Reads the settings, sets up logging, opens the database and runs the bot."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

import discord

from bot.app import GammonBot
from bot.settings import Settings, SettingsError, rejected_token_message
from bot.store import open_database
from bot.switching import hand_over_sooner
from bot.waits import log_waits_on_signal

log = logging.getLogger("bot")


async def run(settings: Settings, token: str) -> int:
    """Run until Discord disconnects us for good, Ctrl-C or SIGTERM. Returns the process exit status."""
    async with open_database(settings.database()) as db, GammonBot(settings, db) as bot:
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, lambda: asyncio.create_task(bot.close()))
        log_waits_on_signal(loop)
        try:
            await bot.start(token)
        except discord.LoginFailure:
            print(rejected_token_message(), file=sys.stderr)
            return 2
    log.info("Bot stopped")
    return 0


def main() -> int:
    try:
        settings = Settings.load()
        token = settings.token()
    except SettingsError as error:
        print(error, file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=logging.getLevelName(settings.log_level), root=True)
    hand_over_sooner()
    return asyncio.run(run(settings, token))


if __name__ == "__main__":
    sys.exit(main())
