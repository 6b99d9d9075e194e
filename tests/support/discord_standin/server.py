"""`DiscordStandin`: the fake Discord made of its parts, and the aiohttp server that serves it."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import limits
from .gateway import IDENTIFY_INTERVAL_SECONDS, gateway_handler
from .interactions import Interactions
from .message_store import MessageStore
from .model import User, snowflake
from .oauth import OAuth
from .rest import RestApi
from .scenario import ScenarioUser
from .traffic import Traffic

if TYPE_CHECKING:
    from .launcher import BotProcess


class DiscordStandin(Traffic, Interactions, MessageStore):
    """A local Discord for one bot in one guild (`guild`), or several (`add_guild`), served by one gateway session
    or one per shard. Start it with `await start()` (or `async with`).

    The parts share one state and tests talk to one object, so each part is a base class in a module of its own:
    the identity, clock and broken rules (core.py), the gateway sessions (sessions.py), guilds and channels
    (world.py), messages (message_store.py), interactions (interactions.py), and what a REST request meets
    before its route (traffic.py)."""

    def __init__(
        self,
        *,
        bot_name: str = "Gammon",
        heartbeat_interval_ms: int = 41250,
        identify_interval: float = IDENTIFY_INTERVAL_SECONDS,
    ) -> None:
        self._init_core(bot_name)
        self._init_sessions(heartbeat_interval_ms, identify_interval)
        self._init_world()
        self._init_messages()
        self._init_interactions()
        self._init_traffic()
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.command_syncs: list[int | None] = []
        #: Discord's OAuth2 for an Activity's sign-in: codes, their exchange, the tokens' users.
        self.oauth = OAuth(self)
        #: Whether the application has Activities on (the developer portal's switch): a launch-activity answer is
        #: refused otherwise.
        self.activities = False
        self.processes: list[BotProcess] = []  # bot processes started against this stand-in (for their logs)
        self._runner: web.AppRunner | None = None

    def add_user(self, name: str, *, bot: bool = False, member: bool = True, locale: str = "en-US") -> ScenarioUser:
        """A new account (a guild member unless `member=False`) to act in scenarios; `locale` is its client's
        language ("de", "pt-BR": one of limits.LOCALES), sent as the `locale` of its interactions."""
        if locale not in limits.LOCALES:
            raise ValueError(f"Discord has no locale {locale!r}")
        user = User(snowflake(), name, bot=bot, locale=locale)
        self._register(user, member=member)
        return ScenarioUser(self, user)

    # --- lifecycle -----------------------------------------------------------------------------------------

    async def start(self) -> DiscordStandin:
        app = web.Application(client_max_size=64 * 1024 * 1024, middlewares=[self._middleware])
        app.router.add_get("/gateway/", self._gateway)
        app.router.add_get("/gateway", self._gateway)  # the URL GET /gateway/bot gives (an auto-sharded bot uses it)
        app.router.add_get("/gateway-resume/", self._gateway)
        RestApi(self).register(app.router)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)  # a free port chosen by the OS
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self

    async def stop(self) -> None:
        for timer in self._timers:
            timer.cancel()
        for session in list(self.sessions.values()):
            if session.connection is not None:
                await session.connection.ws.close()
                await session.connection.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def __aenter__(self) -> DiscordStandin:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        return await gateway_handler(self, request)


@contextlib.asynccontextmanager
async def running_standin(**options: Any) -> AsyncIterator[DiscordStandin]:
    """`async with running_standin() as standin:` for code outside pytest (benchmarks)."""
    standin = DiscordStandin(**options)
    await standin.start()
    try:
        yield standin
    finally:
        await standin.stop()
