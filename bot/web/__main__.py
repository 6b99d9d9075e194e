"""Entry point: `python -m bot.web`. Reads the settings, opens the database the bot uses and serves the pages until
Ctrl-C or SIGTERM. Any number of copies may run side by side: they keep nothing but caches."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

from bot.settings import Settings, SettingsError
from bot.store import open_database
from bot.web.activity.oauth import Discord
from bot.web.activity.routes import ActivitySetup
from bot.web.app import make_app, start
from bot.web.connections import CONNECTIONS_PER_ADDRESS
from bot.web.reads import WebReads

log = logging.getLogger("bot.web")

NOT_CONFIGURED = (
    "The web pages are off: set WEB_BASE_URL (the address players open them at) and WEB_SECRET (at least 32 "
    "characters, the same as the bot's) in .env or the environment. See docs/web.md."
)


async def serve(settings: Settings, secret: str) -> None:
    """Serve until a signal asks to stop."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    async with open_database(settings.database()) as db:
        app = make_app(
            WebReads(db),
            secret,
            rate_limit=settings.web_rate_limit,
            behind_proxy=settings.web_behind_proxy,
            live=live_setup(settings),
        )
        per_address = None if settings.web_behind_proxy else CONNECTIONS_PER_ADDRESS
        runner = await start(app, settings.web_host, settings.web_port, per_address=per_address)
        log.info("Serving the web pages on %s:%d for %s", settings.web_host, settings.web_port, settings.web_base_url)
        try:
            await stop.wait()
        finally:
            await runner.cleanup()
    log.info("Web server stopped")


def live_setup(settings: Settings) -> ActivitySetup | None:
    """The Activity's set-up when it is configured (docs/activity.md), else None: no /activity/ routes."""
    client = settings.activity()
    if client is None:
        return None
    return ActivitySetup(Discord(settings.discord_api_url, *client), settings.activity_frame_ancestors)


def main() -> int:
    try:
        settings = Settings.load()
    except SettingsError as error:
        print(error, file=sys.stderr)
        return 2
    links = settings.web_links()
    if links is None:
        print(NOT_CONFIGURED, file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    asyncio.run(serve(settings, links[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
