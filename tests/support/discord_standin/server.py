"""`DiscordStandin`: the state of the fake Discord, its aiohttp server, and the rule book it enforces."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import re
import secrets
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import limits
from .faults import Failure, Hold
from .gateway import (
    GUILD_MEMBERS_INTENT,
    GUILD_MESSAGES_INTENT,
    IDENTIFY_INTERVAL_SECONDS,
    RECONNECT,
    GatewaySession,
    RefusedIdentify,
    gateway_handler,
    shard_for,
)
from .live_boards import LiveBoards
from .model import (
    EPHEMERAL_FLAG,
    SILENT_FLAG,
    Attachment,
    Call,
    Channel,
    Guild,
    Interaction,
    Message,
    User,
    Violation,
    iso_now,
    pinged_users,
    snowflake,
)
from .oauth import OAuth
from .rest import RestApi
from .rest_io import HELD_BODY, json_response
from .scenario import ScenarioUser

if TYPE_CHECKING:
    from .launcher import BotProcess

EVERYTHING = str((1 << 49) - 1 - (1 << 3))  # every permission except administrator
_CREATE_MESSAGE = re.compile(r"/api/v\d+/channels/(\d+)/messages")


def fake_token(bot_id: int) -> str:
    """A token with a real bot token's shape: base64 of the bot id, a timestamp part, an HMAC part."""
    first = base64.urlsafe_b64encode(str(bot_id).encode()).decode().rstrip("=")
    return f"{first}.GhIjKl.{secrets.token_urlsafe(28)[:38]}"


@dataclass
class RateLimitRule:
    """429 with `retry_after` for every `every`-th REST request whose path contains `path_part`, `remaining` times
    (None: until `stop_rate_limits()`)."""

    path_part: str
    remaining: int | None
    retry_after: float
    every: int = 1
    seen: int = 0

    def applies(self, path: str) -> bool:
        if self.remaining == 0 or self.path_part not in path or not path.startswith("/api/"):
            return False
        self.seen += 1
        if self.seen % self.every:
            return False
        if self.remaining is not None:
            self.remaining -= 1
        return True


class DiscordStandin:
    """A local Discord for one bot in one guild (`guild`), or several (`add_guild`), served by one gateway session
    or one per shard. Start it with `await start()` (or `async with`)."""

    def __init__(
        self,
        *,
        bot_name: str = "Gammon",
        heartbeat_interval_ms: int = 41250,
        identify_interval: float = IDENTIFY_INTERVAL_SECONDS,
    ) -> None:
        self.bot_user = User(snowflake(), bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.token = fake_token(self.bot_user.id)
        self.owner = User(snowflake(), "owner")
        self.guild = Guild(snowflake(), "Stand-in Guild", owner_id=self.owner.id)
        self.guilds: dict[int, Guild] = {self.guild.id: self.guild}
        self.users: dict[int, User] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.deleted_channels: list[Channel] = []
        self.interactions: dict[int, Interaction] = {}
        self.interactions_by_token: dict[str, Interaction] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.command_syncs: list[int | None] = []
        self.violations: list[Violation] = []
        self.requests: list[tuple[str, str]] = []
        self.rate_limits: list[RateLimitRule] = []
        self.rate_limited = 0
        #: Discord's per-channel limit on new messages (issue 33): at most `channel_burst` per channel in each
        #: window of `channel_window` seconds. The X-RateLimit headers tell the bot, as Discord's do; a create past
        #: the limit answers 429 and is listed in `channel_limited`, and each create that took a window's last
        #: slot (the bot must then wait before its next one there) in `channel_buckets_emptied`.
        self.channel_burst = 5
        self.channel_window = 5.0
        self.channel_buckets: dict[int, tuple[float, int]] = {}  # channel id -> (window start, creates in it)
        self.channel_limited: list[int] = []
        self.channel_buckets_emptied: list[int] = []
        #: Messages created, edited, deleted (not ephemeral), in order (`Call`).
        self.calls: list[Call] = []
        #: The bot's messages with live game controls, per match; a second one is the violation "one live board".
        self.live_boards = LiveBoards()
        #: Permissions taken away from the bot in a channel (channel id -> bits, e.g. model.CREATE_PUBLIC_THREADS):
        #: left out of the interactions' app_permissions there, and a thread opened there anyway is refused.
        self.denied: dict[int, int] = {}
        self.holds: list[Hold] = []
        self.failures: list[Failure] = []
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.privileged_intents = 0
        self.sessions: dict[str, GatewaySession] = {}
        #: The live session of each shard id (a single unsharded bot: shard 0 of 1).
        self.current: dict[int, GatewaySession] = {}
        #: What `GET /gateway/bot` recommends, and how many guilds one shard may hold before IDENTIFY gets 4011.
        self.recommended_shards = 1
        self.max_guilds_per_shard = 2500
        #: The IDENTIFY rate limit: `max_concurrency` (GET /gateway/bot) buckets, each identifying once per
        #: `identify_interval` seconds (Discord: 5); faster ones get opcode 9 and are listed here.
        self.max_concurrency = 1
        self.identify_interval = identify_interval
        self.identified_at: dict[int, float] = {}  # bucket -> time.monotonic() of its last accepted IDENTIFY
        self.refused_identifies: list[RefusedIdentify] = []
        self.identify_times: list[tuple[int, float]] = []  # (shard id, time.monotonic()) of each accepted one
        self.ready = asyncio.Event()
        self.ready_shards: set[int] = set()
        self.heartbeats = self.identifies = self.gateway_connections = self.compressed_connections = 0
        self.clock_offset = 0.0
        self.port = 0
        #: Discord's OAuth2 for an Activity's sign-in: codes, their exchange, the tokens' users.
        self.oauth = OAuth(self)
        #: Whether the application has Activities on (the developer portal's switch): a launch-activity answer is
        #: refused otherwise.
        self.activities = False
        self.processes: list[BotProcess] = []  # bot processes started against this stand-in (for their logs)
        self._runner: web.AppRunner | None = None
        self._timers: set[asyncio.TimerHandle] = set()
        for user in (self.bot_user, self.owner):
            self._register(user)
        self.general = self.add_channel("general")
        self.guild.general_id = self.general.id
        #: Where new ScenarioUsers run their commands (tests sharing one stand-in give each test its own).
        self.default_channel = self.general

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

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway-resume/"

    # --- world ---------------------------------------------------------------------------------------------

    def add_user(self, name: str, *, bot: bool = False, member: bool = True, locale: str = "en-US") -> ScenarioUser:
        """A new account (a guild member unless `member=False`) to act in scenarios; `locale` is its client's
        language ("de", "pt-BR": one of limits.LOCALES), sent as the `locale` of its interactions."""
        if locale not in limits.LOCALES:
            raise ValueError(f"Discord has no locale {locale!r}")
        user = User(snowflake(), name, bot=bot, locale=locale)
        self._register(user, member=member)
        return ScenarioUser(self, user)

    def _register(self, user: User, *, member: bool = True) -> None:
        self.users[user.id] = user
        if member:
            for guild in self.guilds.values():  # every member account is in every guild of the stand-in
                guild.member_ids.append(user.id)

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> Guild:
        """The bot joins another guild (with the same members and its own "general"): the shard serving it gets
        GUILD_CREATE. `shard=(shard_id, shard_count)` picks an id that Discord's formula routes to that shard."""
        guild_id = snowflake()
        if shard is not None:
            wanted, count = shard
            while shard_for(guild_id, count) != wanted:  # the next milliseconds' ids, as if created a bit later
                guild_id += 1 << 22
        guild = Guild(guild_id, name, owner_id=self.owner.id, member_ids=list(self.guild.member_ids))
        self.guilds[guild.id] = guild
        general = Channel(snowflake(), "general", guild.id, position=len(self.channels))
        self.channels[general.id] = general
        guild.general_id = general.id
        for session in self.current.values():
            if session.serves(guild.id):
                session.dispatch("GUILD_CREATE", self.guild_create_payload(session.intents, guild))
        return guild

    def general_of(self, guild: Guild) -> Channel:
        return self.channels[guild.general_id]

    def add_channel(self, name: str, guild: Guild | None = None) -> Channel:
        """A new text channel (in `guild`, default the first one); a connected bot gets CHANNEL_CREATE before
        anything sent after this call."""
        channel = Channel(snowflake(), name, (guild or self.guild).id, position=len(self.channels))
        self.channels[channel.id] = channel
        self.dispatch("CHANNEL_CREATE", channel.payload(), guild_id=channel.guild_id)
        return channel

    def delete_channel(self, channel: Channel) -> None:
        """Delete a channel or thread as a moderator would (or the bot, through REST): it is gone at once, with
        its threads, and the bot gets CHANNEL_DELETE or THREAD_DELETE (nothing for the threads of a deleted
        channel, as on Discord: clients drop them with their channel)."""
        del self.channels[channel.id]
        self.deleted_channels.append(channel)
        for thread in [t for t in self.threads if t.parent_id == channel.id]:
            del self.channels[thread.id]
            self.deleted_channels.append(thread)
        if channel.is_thread:
            ids = {"id": str(channel.id), "guild_id": str(channel.guild_id), "parent_id": str(channel.parent_id)}
            self.dispatch("THREAD_DELETE", ids | {"type": channel.type}, guild_id=channel.guild_id)
        else:
            self.dispatch("CHANNEL_DELETE", channel.payload(), guild_id=channel.guild_id)

    @property
    def threads(self) -> list[Channel]:
        return [channel for channel in self.channels.values() if channel.is_thread]

    def guild_create_payload(self, intents: int, guild: Guild | None = None) -> dict[str, Any]:
        """GUILD_CREATE as Discord sends it; without the members intent only the bot's own member is listed."""
        guild = guild or self.guild
        everyone = {
            "id": str(guild.id),
            "name": "@everyone",
            "permissions": EVERYTHING,
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
        member_ids = guild.member_ids if intents & GUILD_MEMBERS_INTENT else [self.bot_user.id]
        channels = [c for c in self.channels.values() if not c.is_thread and c.guild_id == guild.id]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [everyone],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": str(guild.general_id),
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": guild.joined_at,
            "large": False,
            "unavailable": False,
            "member_count": len(guild.member_ids),
            "voice_states": [],
            "members": [self.users[i].member_payload(guild.joined_at) for i in member_ids],
            "channels": [c.payload() for c in channels],
            "threads": [t.payload() for t in self.threads if t.guild_id == guild.id],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    # --- time and rules ------------------------------------------------------------------------------------

    def now(self) -> float:
        """The stand-in's clock (monotonic seconds), which tests may move forward with `advance_clock`."""
        return time.monotonic() + self.clock_offset

    def advance_clock(self, seconds: float) -> None:
        """Pretend `seconds` passed, e.g. to expire interaction tokens (15 minutes) without waiting."""
        self.clock_offset += seconds

    def violate(self, rule: str, detail: str, request: str = "") -> None:
        """Record a broken Discord rule; the `standin` fixture fails the test if any are left at the end."""
        self.violations.append(Violation(rule, detail, request))

    def board_changed(self, message: Message) -> None:
        """A message of the bot was created, edited or deleted: a match must never show live controls on two."""
        if message.author is not self.bot_user:
            return
        for moment in self.live_boards.changed(message):
            self.violate(
                "one live board", f"match {moment.match_id} has live controls on messages {moment.message_ids}"
            )

    def take_violations(self) -> list[Violation]:
        """Return and forget the violations so far (for tests that break rules on purpose)."""
        taken, self.violations = self.violations, []
        return taken

    def rate_limit(
        self, path_part: str = "", *, count: int | None = 1, retry_after: float = 0.2, every: int = 1
    ) -> None:
        """Answer REST requests whose path contains `path_part` with 429 and `retry_after`: every `every`-th one,
        `count` times (None: until `stop_rate_limits()`). The bot must wait and retry, as discord.py does."""
        self.rate_limits.append(RateLimitRule(path_part, count, retry_after, every))

    def stop_rate_limits(self) -> None:
        self.rate_limits.clear()

    def hold(self, method: str, path_part: str, *, count: int = 1) -> Hold:
        """Hold the bot's next `count` REST requests of `method` whose path contains `path_part` (faults.Hold)."""
        hold = Hold(method, path_part, count)
        self.holds.append(hold)
        return hold

    def fail(
        self,
        method: str,
        path_part: str,
        *,
        status: int = 503,
        code: int = 0,
        message: str = "",
        count: int | None = 1,
        seconds: float | None = None,
        with_files: bool = False,
    ) -> Failure:
        """Answer the bot's matching REST requests with an error (faults.Failure): `count` times, or every one
        for `seconds`; with `with_files`, only those that upload files."""
        failure = Failure(
            method,
            path_part,
            status,
            code,
            message or f"{status}: Discord is unavailable",
            None if seconds is not None else count,
            None if seconds is None else time.monotonic() + seconds,
            with_files,
        )
        self.failures.append(failure)
        return failure

    def stop_faults(self) -> None:
        """Release every held request (carried out) and stop every failure."""
        for hold in self.holds:
            hold.release()
        self.holds.clear()
        self.failures.clear()

    def channel_bucket(self, request: web.Request) -> tuple[dict[str, str], bool] | None:
        """For a new message in a channel: take a slot of its per-channel bucket, and return the X-RateLimit
        headers of the answer and whether it is over the limit; None when the request is no message create."""
        found = _CREATE_MESSAGE.fullmatch(request.path)
        if request.method != "POST" or found is None:
            return None
        channel_id, now = int(found[1]), time.monotonic()
        start, used = self.channel_buckets.get(channel_id, (now, 0))
        if now - start >= self.channel_window:
            start, used = now, 0
        used += 1
        self.channel_buckets[channel_id] = (start, used)
        reset_after = max(0.0, self.channel_window - (now - start))
        limited = used > self.channel_burst
        if limited:
            self.channel_limited.append(channel_id)
        elif used == self.channel_burst:
            self.channel_buckets_emptied.append(channel_id)
        headers = {
            "X-RateLimit-Limit": str(self.channel_burst),
            "X-RateLimit-Remaining": str(max(0, self.channel_burst - used)),
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Bucket": f"standin-channel-{channel_id}",
        }
        return headers, limited

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        self.requests.append((request.method, request.path))
        bucket = self.channel_bucket(request)
        if bucket is not None and bucket[1]:
            retry = float(bucket[0]["X-RateLimit-Reset-After"])
            body = {"message": "You are being rate limited.", "retry_after": retry, "global": False}
            # Via as Discord's own 429s carry it (discord.py takes a 429 without it for a Cloudflare ban: no retry)
            headers = bucket[0] | {
                "Via": "1.1 google",
                "Retry-After": str(max(1, round(retry))),
                "X-RateLimit-Scope": "user",
            }
            return json_response(body, status=429, headers=headers)
        for rule in self.rate_limits:
            if rule.applies(request.path):
                self.rate_limited += 1
                headers = {
                    "Via": "1.1 google",
                    "Retry-After": str(max(1, round(rule.retry_after))),
                    "X-RateLimit-Scope": "user",
                    "X-RateLimit-Limit": "5",
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset-After": str(rule.retry_after),
                    "X-RateLimit-Bucket": "standin",
                }
                body = {"message": "You are being rate limited.", "retry_after": rule.retry_after, "global": False}
                return json_response(body, status=429, headers=headers)
        for failure in self.failures:
            if failure.applies(request):
                return failure.response()
        for hold in self.holds:
            if not hold.applies(request):
                continue
            request[HELD_BODY] = await request.read()  # whole before the bot can die: it may be carried out after
            if not await hold.wait():
                return json_response({"message": "503: the bot was gone", "code": 0}, status=503)
        response: web.StreamResponse = await handler(request)
        if bucket is not None:
            response.headers.update(bucket[0])
        return response

    # --- gateway -------------------------------------------------------------------------------------------

    @property
    def session(self) -> GatewaySession | None:
        """The session of shard 0 (the only one of an unsharded bot), None while no bot is connected."""
        return self.current.get(0) or next(iter(self.current.values()), None)

    def dispatch(self, event: str, data: dict[str, Any], *, guild_id: int | None = None, intent: int = 0) -> None:
        """Queue a gateway event for the session of the shard Discord routes `guild_id` to (no guild: shard 0),
        kept for replay while it is disconnected; nobody gets it while no process serves that shard.
        `intent`: only a session that asked for that intent gets it."""
        for session in self.current.values():
            if session.serves(guild_id) and (not intent or session.intents & intent):
                session.dispatch(event, data)

    def shard_ready(self, shard_id: int) -> None:
        self.ready_shards.add(shard_id)
        self.ready.set()

    async def wait_until_ready(self, timeout: float = 15.0, shards: Any = None) -> None:
        """Wait until the bot has identified (or resumed) and received its guilds: any shard, or every one of
        `shards` (a process started with some shards)."""
        if shards is None:
            await asyncio.wait_for(self.ready.wait(), timeout)
            return
        wanted = set(shards)
        await self.eventually(lambda: wanted <= self.ready_shards, timeout, f"shards {sorted(wanted)} ready")

    async def request_reconnect(self, shard_id: int | None = None) -> None:
        """Send opcode 7 RECONNECT (to every shard, or one), as Discord does before moving a session; the bot
        should RESUME."""
        sessions = [s for i, s in self.current.items() if shard_id is None or i == shard_id]
        if not sessions or any(s.connection is None for s in sessions):
            raise RuntimeError("the bot is not connected")
        self.ready.clear()
        for session in sessions:
            self.ready_shards.discard(session.shard_id)
            assert session.connection is not None
            session.connection.send({"op": RECONNECT, "d": None, "s": None, "t": None})

    def bot_disconnected(self, shards: Any = None) -> None:
        """A bot process is gone (killed): forget its sessions (every shard, or those in `shards`), so that the
        next start identifies anew; meanwhile its guilds' events reach nobody."""
        for shard_id in [i for i in self.current if shards is None or i in shards]:
            del self.current[shard_id]
            self.ready_shards.discard(shard_id)
        if not self.ready_shards:
            self.ready.clear()

    def dispatch_message_event(self, event: str, message: Message) -> None:
        if message.ephemeral:
            return
        self.dispatch(
            event, message.payload(self.application_id), guild_id=message.guild_id, intent=GUILD_MESSAGES_INTENT
        )

    # --- interactions --------------------------------------------------------------------------------------

    async def dispatch_interaction(
        self,
        user: User,
        kind: int,
        data: dict[str, Any],
        channel: Channel,
        name: str,
        message: Message | None = None,
    ) -> Interaction:
        """Send INTERACTION_CREATE and start the 3-second acknowledgement clock."""
        interaction = Interaction(
            id=snowflake(),
            token=f"aW50ZXJhY3Rpb246{secrets.token_urlsafe(48)}",
            type=kind,
            name=name,
            user=user,
            channel_id=channel.id,
            dispatched_at=self.now(),
            message=message,
        )
        self.interactions[interaction.id] = interaction
        self.interactions_by_token[interaction.token] = interaction
        guild = self.guilds[channel.guild_id]
        member = user.member_payload(guild.joined_at) | {"permissions": EVERYTHING}
        payload: dict[str, Any] = {
            "id": str(interaction.id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            "member": member,
            "token": interaction.token,
            "version": 1,
            "app_permissions": str(int(EVERYTHING) & ~self.denied.get(channel.id, 0)),
            "locale": user.locale,
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": limits.MAX_ATTACHMENT_BYTES,
        }
        if message is not None:
            payload["message"] = message.payload(self.application_id)
        loop = asyncio.get_running_loop()
        timer = loop.call_later(limits.ACK_DEADLINE_SECONDS, self._check_acknowledged, interaction)
        self._timers.add(timer)
        self.dispatch("INTERACTION_CREATE", payload, guild_id=guild.id)
        return interaction

    def _check_acknowledged(self, interaction: Interaction) -> None:
        if interaction.acknowledged_at is None and not interaction.rejections:
            self.violate(
                "acknowledge within 3 s",
                f"{interaction.kind} {interaction.name!r} by {interaction.user.name} was not acknowledged in time "
                "(Discord shows 'This interaction failed')",
            )

    def latencies(self) -> list[tuple[str, str, float]]:
        """(kind, name, seconds) of every acknowledged interaction, in dispatch order."""
        return [(i.kind, i.name, i.latency) for i in self.interactions.values() if i.latency is not None]

    # --- messages ------------------------------------------------------------------------------------------

    async def new_message(
        self,
        channel: Channel,
        author: User,
        *,
        body: dict[str, Any],
        files: list[tuple[str, bytes, str]],
        interaction: Interaction | None = None,
        message_type: int = 0,
        extra_flags: int = 0,
    ) -> Message:
        message = Message(
            id=snowflake(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            type=message_type,
            interaction=interaction,
            webhook_id=self.application_id if interaction is not None else None,
        )
        self.apply_body(message, body, files, creating=True)
        message.flags |= extra_flags
        if message.ephemeral and interaction is not None:
            message.visible_to = interaction.user.id
        if not message.ephemeral and not message.flags & SILENT_FLAG:
            message.pinged = pinged_users(message.content, body.get("allowed_mentions"))
        if not message.ephemeral and author is self.bot_user:
            self.calls.append(Call("create", channel.id, message.id, len(files)))
        self.messages[message.id] = message
        channel.messages.append(message)
        self.board_changed(message)
        async with channel.changed():
            channel.changed().notify_all()
        self.dispatch_message_event("MESSAGE_CREATE", message)
        return message

    async def edit_message(self, message: Message, body: dict[str, Any], files: list[tuple[str, bytes, str]]) -> None:
        was_loading = message.loading
        self.apply_body(message, body, files, creating=False)
        if not message.ephemeral:
            self.calls.append(Call("edit", message.channel_id, message.id, len(files)))
        if was_loading and not message.ephemeral:  # a deferred response notifies when its content arrives
            message.pinged = pinged_users(message.content, body.get("allowed_mentions"))
        message.flags &= ~(1 << 7)  # an edit ends a deferred response's "thinking" state
        message.edited_at = iso_now()
        self.board_changed(message)
        async with message.changed():
            message.changed().notify_all()
        self.dispatch_message_event("MESSAGE_UPDATE", message)

    async def delete_message(self, message: Message) -> None:
        """Delete a message (the bot's REST delete): the bot gets MESSAGE_DELETE unless only one user saw it."""
        if not message.ephemeral:
            self.calls.append(Call("delete", message.channel_id, message.id))
        message.deleted = True
        self.board_changed(message)
        async with message.changed():
            message.changed().notify_all()
        if not message.ephemeral:
            payload = {"id": str(message.id), "channel_id": str(message.channel_id), "guild_id": str(message.guild_id)}
            self.dispatch("MESSAGE_DELETE", payload, guild_id=message.guild_id, intent=GUILD_MESSAGES_INTENT)

    def apply_body(
        self, message: Message, body: dict[str, Any], files: list[tuple[str, bytes, str]], *, creating: bool
    ) -> None:
        """Apply a create/edit body: v10 attachment semantics (the list names every attachment to keep)."""
        if "content" in body:
            message.content = body["content"] or ""
        if "embeds" in body:
            message.embeds = body["embeds"] or []
        if "components" in body:
            message.components = body["components"] or []
        if "flags" in body and body["flags"] is not None:
            if creating:
                message.flags = int(body["flags"])
            else:  # an edit never makes a message ephemeral or public
                message.flags = (message.flags & EPHEMERAL_FLAG) | (int(body["flags"]) & ~EPHEMERAL_FLAG)
        uploads = [self._attachment(message.channel_id, name, data, kind) for name, data, kind in files]
        if "attachments" in body and body["attachments"] is not None:
            kept: list[Attachment] = []
            existing = {str(a.id): a for a in message.attachments}
            for entry in body["attachments"]:
                key = str(entry.get("id"))
                if key in existing:
                    kept.append(existing[key])
                elif key.isdigit() and int(key) < len(uploads):
                    upload = uploads[int(key)]
                    upload.description = entry.get("description")
                    if entry.get("filename"):
                        upload.filename = entry["filename"]
                    kept.append(upload)
            message.attachments = kept
        else:
            message.attachments = message.attachments + uploads
        message.snapshot()

    def _attachment(self, channel_id: int, filename: str, data: bytes, content_type: str) -> Attachment:
        attachment_id = snowflake()
        url = f"{self.base_url}/attachments/{channel_id}/{attachment_id}/{filename}"
        return Attachment(attachment_id, filename, data, url, content_type)

    def find_attachment(self, attachment_id: int) -> Attachment | None:
        for message in self.messages.values():
            for attachment in message.attachments:
                if attachment.id == attachment_id:
                    return attachment
            for snapshot in message.history:
                for attachment in snapshot.attachments:
                    if attachment.id == attachment_id:
                        return attachment
        return None

    async def wait_for_message(
        self, channel: Channel, *, timeout: float = 5.0, include_ephemeral: bool = False
    ) -> Message:
        """The oldest message in `channel` not yet returned by this method (each message is returned once)."""

        def unread() -> Message | None:
            while channel._read_cursor < len(channel.messages):
                message = channel.messages[channel._read_cursor]
                channel._read_cursor += 1
                if include_ephemeral or not message.ephemeral:
                    return message
            return None

        async def wait() -> Message:
            async with channel.changed():
                while (message := unread()) is None:
                    await channel.changed().wait()
                return message

        return await asyncio.wait_for(wait(), timeout)

    async def eventually(self, condition: Any, timeout: float = 5.0, what: str = "condition") -> None:
        """Poll `condition()` every 20 ms until it is true; TimeoutError naming `what` otherwise."""
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise TimeoutError(f"{what} did not happen within {timeout} s")
            await asyncio.sleep(0.02)

    def latency_report(self) -> str:
        """A small table of acknowledgement latencies, for printing at the end of a scenario."""
        rows = self.latencies()
        if not rows:
            return "no acknowledged interactions"
        values = sorted(latency for _, _, latency in rows)
        median = values[len(values) // 2]
        lines = [f"{len(rows)} acknowledgements, median {median * 1000:.0f} ms, max {values[-1] * 1000:.0f} ms"]
        lines += [f"  {kind:<12} {name:<40} {latency * 1000:7.1f} ms" for kind, name, latency in rows]
        return "\n".join(lines)


@contextlib.asynccontextmanager
async def running_standin(**options: Any) -> AsyncIterator[DiscordStandin]:
    """`async with running_standin() as standin:` for code outside pytest (benchmarks)."""
    standin = DiscordStandin(**options)
    await standin.start()
    try:
        yield standin
    finally:
        await standin.stop()
