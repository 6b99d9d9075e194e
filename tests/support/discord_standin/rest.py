"""The REST half of the stand-in: the Discord API v10 routes the bot uses, with Discord's error bodies.

Every route discord.py may call for this bot is registered here; anything else answers 404 and is recorded as a
violation ("unsupported route"), so a bot that starts using a new endpoint fails loudly rather than silently.
The identity, command and guild routes are here; those of interactions and of channels have their own modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import limits
from .channel_routes import ChannelRoutes
from .gateway import GUILD_MEMBERS_INTENT
from .interaction_routes import InteractionRoutes
from .model import Guild, snowflake
from .rest_io import describe, discord_error, invalid_form, json_response, read_body, unknown

if TYPE_CHECKING:
    from .server import DiscordStandin


class RestApi:
    """Route handlers bound to one stand-in."""

    def __init__(self, standin: DiscordStandin) -> None:
        self.standin = standin
        self.interactions = InteractionRoutes(standin)
        self.channels = ChannelRoutes(standin)

    def register(self, router: web.UrlDispatcher) -> None:
        api = "/api/v10"
        interactions, channels = self.interactions, self.channels
        routes: list[tuple[str, str, Any]] = [
            ("GET", "/users/@me", self.current_user),
            ("GET", "/users/{user_id}", self.get_user),
            ("GET", "/gateway", self.gateway),
            ("GET", "/gateway/bot", self.gateway_bot),
            ("GET", "/oauth2/applications/@me", self.application_info),
            ("GET", "/applications/@me", self.application_info),
            ("PUT", "/applications/{app_id}/commands", self.sync_commands),
            ("GET", "/applications/{app_id}/commands", self.get_commands),
            ("PUT", "/applications/{app_id}/guilds/{guild_id}/commands", self.sync_commands),
            ("GET", "/applications/{app_id}/guilds/{guild_id}/commands", self.get_commands),
            ("POST", "/interactions/{interaction_id}/{token}/callback", interactions.callback),
            ("POST", "/webhooks/{app_id}/{token}", interactions.followup),
            ("GET", "/webhooks/{app_id}/{token}/messages/{message_id}", interactions.get_webhook_message),
            ("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}", interactions.edit_webhook_message),
            ("DELETE", "/webhooks/{app_id}/{token}/messages/{message_id}", interactions.delete_webhook_message),
            ("GET", "/channels/{channel_id}", channels.get_channel),
            ("DELETE", "/channels/{channel_id}", channels.delete_channel),
            ("POST", "/channels/{channel_id}/messages", channels.create_message),
            ("GET", "/channels/{channel_id}/messages", channels.list_messages),
            ("GET", "/channels/{channel_id}/messages/{message_id}", channels.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", channels.edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", channels.delete_message),
            ("POST", "/channels/{channel_id}/typing", channels.typing),
            ("POST", "/channels/{channel_id}/threads", channels.create_thread),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", channels.create_thread),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", channels.add_thread_member),
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/channels", self.guild_channels),
            ("GET", "/guilds/{guild_id}/members", self.list_members),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
        ]
        router.add_post(api + "/oauth2/token", self.standin.oauth.token)
        for method, path, handler in routes:
            router.add_route(method, api + path, self._authorized(handler, webhook=path.startswith(("/inter", "/web"))))
        router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", channels.attachment)
        router.add_route("*", api + "/{tail:.*}", self.unsupported)

    def _authorized(self, handler: Any, *, webhook: bool) -> Any:
        async def check(request: web.Request) -> web.StreamResponse:
            if handler == self.current_user and request.headers.get("Authorization", "").startswith("Bearer "):
                return await self.standin.oauth.current_user(request)  # an Activity's sign-in (oauth.py)
            if not webhook and request.headers.get("Authorization") != f"Bot {self.standin.token}":
                self.standin.violate("authorization", "REST request without the bot token", describe(request))
                return discord_error(401, 0, "401: Unauthorized")
            response: web.StreamResponse = await handler(request)
            return response

        return check

    async def unsupported(self, request: web.Request) -> web.Response:
        self.standin.violate("unsupported route", "the stand-in does not implement this endpoint", describe(request))
        return discord_error(404, 0, "404: Not Found")

    # --- identity ------------------------------------------------------------------------------------------

    async def current_user(self, request: web.Request) -> web.Response:
        return json_response(self.standin.bot_user.payload() | {"verified": True, "mfa_enabled": False, "flags": 0})

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.standin.users.get(int(request.match_info["user_id"]))
        return json_response(user.payload()) if user else unknown("User", 10013)

    async def gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": f"ws://127.0.0.1:{self.standin.port}/gateway"})

    async def gateway_bot(self, request: web.Request) -> web.Response:
        """The gateway URL, the shard count Discord recommends and the session start limit (issue 19)."""
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": self.standin.max_concurrency}
        shards = self.standin.recommended_shards
        return json_response(
            {"url": f"ws://127.0.0.1:{self.standin.port}/gateway", "shards": shards, "session_start_limit": limit}
        )

    async def application_info(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "id": str(self.standin.application_id),
                "name": self.standin.bot_user.name,
                "icon": None,
                "description": "",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.standin.owner.payload(),
                "summary": "",
                "verify_key": "0" * 64,
                "team": None,
                "flags": 0,
                "bot": self.standin.bot_user.payload(),
                "interactions_endpoint_url": None,
                "approximate_guild_count": 1,
            }
        )

    # --- commands ------------------------------------------------------------------------------------------

    async def sync_commands(self, request: web.Request) -> web.Response:
        if int(request.match_info["app_id"]) != self.standin.application_id:
            return discord_error(403, 50001, "Missing Access")
        guild_id = int(request.match_info["guild_id"]) if "guild_id" in request.match_info else None
        if guild_id is not None and guild_id not in self.standin.guilds:
            return discord_error(403, 50001, "Missing Access")
        body, _ = await read_body(request)
        if not isinstance(body, list):
            return invalid_form([limits.Problem("_", "Expected an array of commands")])
        problems = limits.check_commands(body)
        if problems:
            self.standin.violate("command definitions", "; ".join(map(str, problems)), describe(request))
            return invalid_form(problems)
        old_ids = {(c.get("type", 1), c["name"]): c["id"] for c in self.standin.commands.get(guild_id, [])}
        stored = []
        for command in body:
            kind = command.get("type", 1)
            command_id = old_ids.get((kind, command["name"])) or str(snowflake())
            entry = command | {
                "id": command_id,
                "application_id": str(self.standin.application_id),
                "version": str(snowflake()),
                "type": kind,
                "default_member_permissions": command.get("default_member_permissions"),
            }
            if guild_id is not None:
                entry["guild_id"] = str(guild_id)
            stored.append(entry)
        self.standin.commands[guild_id] = stored
        self.standin.command_syncs.append(guild_id)
        return json_response(stored)

    async def get_commands(self, request: web.Request) -> web.Response:
        guild_id = int(request.match_info["guild_id"]) if "guild_id" in request.match_info else None
        return json_response(self.standin.commands.get(guild_id, []))

    # --- interactions --------------------------------------------------------------------------------------

    # --- guild ---------------------------------------------------------------------------------------------

    def _guild(self, request: web.Request) -> Guild | None:
        return self.standin.guilds.get(int(request.match_info["guild_id"]))

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        if guild is None:
            return unknown("Guild", 10004)
        payload = self.standin.guild_create_payload(0, guild)
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            payload.pop(key)
        return json_response(payload)

    async def guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        if guild is None:
            return unknown("Guild", 10004)
        channels = self.standin.channels.values()
        return json_response([c.payload() for c in channels if not c.is_thread and c.guild_id == guild.id])

    async def list_members(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        if guild is None:
            return unknown("Guild", 10004)
        if not self.standin.privileged_intents & GUILD_MEMBERS_INTENT:
            self.standin.violate(
                "privileged intent", "listing members needs the Server Members intent", describe(request)
            )
            return discord_error(403, 50001, "Missing Access")
        members = [self.standin.users[i].member_payload(guild.joined_at) for i in guild.member_ids]
        return json_response(members)

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        if guild is None:
            return unknown("Guild", 10004)
        user_id = int(request.match_info["user_id"])
        if user_id not in guild.member_ids:
            return unknown("Member", 10007)
        return json_response(self.standin.users[user_id].member_payload(guild.joined_at))
