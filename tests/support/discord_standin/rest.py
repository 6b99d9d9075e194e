"""The REST half of the stand-in: the Discord API v10 routes the bot uses, with Discord's error bodies.

Every route discord.py may call for this bot is here; anything else answers 404 and is recorded as a
violation ("unsupported route"), so a bot that starts using a new endpoint fails loudly rather than silently.
"""

from __future__ import annotations

import email.policy
import json
from email.parser import BytesParser
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from . import limits
from .gateway import GUILD_MEMBERS_INTENT, GUILD_MESSAGES_INTENT
from .model import (
    CREATE_PUBLIC_THREADS,
    EPHEMERAL_FLAG,
    LOADING_FLAG,
    MANAGE_THREADS,
    SEND_MESSAGES,
    Call,
    Channel,
    Guild,
    Interaction,
    Message,
    snowflake,
)

if TYPE_CHECKING:
    from .server import DiscordStandin

Files = list[tuple[str, bytes, str]]

# Interaction callback types allowed for each interaction type (2 command, 3 component, 4 autocomplete, 5 modal
# submit: a form sent from a message's button may also update that message, 6 and 7; a form cannot open a form).
#: 12 (launch the application's Activity) only for an application with Activities on (`standin.activities`).
ALLOWED_CALLBACKS = {2: {4, 5, 9, 12}, 3: {4, 5, 6, 7, 9, 12}, 4: {8}, 5: {4, 5, 6, 7}}
MESSAGE_CALLBACKS = {4, 7}


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON exactly as Discord labels it: discord.py only parses a body whose content type is bare JSON."""
    return web.Response(body=json.dumps(body).encode(), status=status, headers=headers, content_type="application/json")


def discord_error(status: int, code: int, message: str, problems: list[limits.Problem] | None = None) -> web.Response:
    body: dict[str, Any] = {"code": code, "message": message}
    if problems:
        errors: dict[str, Any] = {}
        for problem in problems:
            node = errors
            for part in problem.path.split("."):
                node = node.setdefault(part, {})
            node.setdefault("_errors", []).append({"code": "BASE_TYPE_BAD_LENGTH", "message": problem.message})
        body["errors"] = errors
    return json_response(body, status=status)


def invalid_form(problems: list[limits.Problem]) -> web.Response:
    return discord_error(400, 50035, "Invalid Form Body", problems)


def unknown(what: str, code: int) -> web.Response:
    return discord_error(404, code, f"Unknown {what}")


async def read_body(request: web.Request) -> tuple[Any, Files]:
    """A JSON body, or a multipart body with payload_json and files[n] parts, as discord.py sends them."""
    if not request.content_type.startswith("multipart/"):
        text = await request.text()
        return (json.loads(text) if text else {}), []
    if HELD_BODY in request:  # read in full while the request was held (the bot may have died since)
        return _parsed_multipart(request.headers["Content-Type"], request[HELD_BODY])
    body: dict[str, Any] = {}
    files: Files = []
    reader = await request.multipart()
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            continue
        if part.name == "payload_json":
            body = json.loads(await part.text())
        else:
            kind = part.headers.get("Content-Type", "application/octet-stream")
            files.append((part.filename or "file", bytes(await part.read()), kind))
    return body, files


#: The key under which a held request keeps its body (faults.Hold), read before the bot could die.
HELD_BODY = web.RequestKey("standin_held_body", bytes)


def _parsed_multipart(content_type: str, raw: bytes) -> tuple[Any, Files]:
    """`read_body` of a multipart body already read."""
    message = BytesParser(policy=email.policy.HTTP).parsebytes(f"Content-Type: {content_type}\r\n\r\n".encode() + raw)
    body: dict[str, Any] = {}
    files: Files = []
    for part in message.iter_parts():
        data = part.get_payload(decode=True)
        assert isinstance(data, bytes)
        if part.get_param("name", header="content-disposition") == "payload_json":
            body = json.loads(data)
        else:
            files.append(
                (part.get_filename() or "file", data, str(part.get("Content-Type", "application/octet-stream")))
            )
    return body, files


class RestApi:
    """Route handlers bound to one stand-in."""

    def __init__(self, standin: DiscordStandin) -> None:
        self.standin = standin

    def register(self, router: web.UrlDispatcher) -> None:
        api = "/api/v10"
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
            ("POST", "/interactions/{interaction_id}/{token}/callback", self.callback),
            ("POST", "/webhooks/{app_id}/{token}", self.followup),
            ("GET", "/webhooks/{app_id}/{token}/messages/{message_id}", self.get_webhook_message),
            ("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}", self.edit_webhook_message),
            ("DELETE", "/webhooks/{app_id}/{token}/messages/{message_id}", self.delete_webhook_message),
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("DELETE", "/channels/{channel_id}", self.delete_channel),
            ("POST", "/channels/{channel_id}/messages", self.create_message),
            ("GET", "/channels/{channel_id}/messages", self.list_messages),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            ("POST", "/channels/{channel_id}/typing", self.typing),
            ("POST", "/channels/{channel_id}/threads", self.create_thread),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.create_thread),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.add_thread_member),
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/channels", self.guild_channels),
            ("GET", "/guilds/{guild_id}/members", self.list_members),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
        ]
        router.add_post(api + "/oauth2/token", self.standin.oauth.token)
        for method, path, handler in routes:
            router.add_route(method, api + path, self._authorized(handler, webhook=path.startswith(("/inter", "/web"))))
        router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self.attachment)
        router.add_route("*", api + "/{tail:.*}", self.unsupported)

    def _authorized(self, handler: Any, *, webhook: bool) -> Any:
        async def check(request: web.Request) -> web.StreamResponse:
            if handler == self.current_user and request.headers.get("Authorization", "").startswith("Bearer "):
                return await self.standin.oauth.current_user(request)  # an Activity's sign-in (oauth.py)
            if not webhook and request.headers.get("Authorization") != f"Bot {self.standin.token}":
                self.standin.violate("authorization", "REST request without the bot token", _describe(request))
                return discord_error(401, 0, "401: Unauthorized")
            response: web.StreamResponse = await handler(request)
            return response

        return check

    async def unsupported(self, request: web.Request) -> web.Response:
        self.standin.violate("unsupported route", "the stand-in does not implement this endpoint", _describe(request))
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
            self.standin.violate("command definitions", "; ".join(map(str, problems)), _describe(request))
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

    async def callback(self, request: web.Request) -> web.Response:
        interaction = self.standin.interactions.get(int(request.match_info["interaction_id"]))
        where = _describe(request)
        if interaction is None or interaction.token != request.match_info["token"]:
            self.standin.violate("interaction callback", "callback for an interaction that does not exist", where)
            return unknown("interaction", 10062)
        now = self.standin.now()
        if interaction.acknowledged_at is not None:
            interaction.extra_acknowledgements += 1
            self.standin.violate(
                "acknowledge once", f"{interaction.kind} {interaction.name!r} acknowledged again", where
            )
            return discord_error(400, 40060, "Interaction has already been acknowledged.")
        elapsed = now - interaction.dispatched_at
        if elapsed > limits.ACK_DEADLINE_SECONDS:
            detail = f"{interaction.kind} {interaction.name!r} acknowledged after {elapsed:.2f} s"
            self._reject(interaction, "acknowledge within 3 s", detail, where)
            return unknown("interaction", 10062)
        body, files = await read_body(request)
        kind, data = body.get("type"), body.get("data") or {}
        if kind not in ALLOWED_CALLBACKS.get(interaction.type, set()):
            problem = limits.Problem("type", f"Callback type {kind} is not valid for a {interaction.kind}")
            self._reject(interaction, "interaction callback", str(problem), where)
            return invalid_form([problem])
        if kind == 12 and not self.standin.activities:
            self._reject(interaction, "interaction callback", "Activities are off for this application", where)
            return discord_error(400, 50236, "This application has no Activity")
        problems = limits.check_choices(data.get("choices") or []) if kind == 8 else []
        if kind == 9:
            problems = limits.check_modal(data)
        if kind in MESSAGE_CALLBACKS:
            problems = limits.check_message(data, [len(f[1]) for f in files])
        if kind == 4:
            problems += limits.check_not_empty(data, len(files))
        if problems:
            self._reject(interaction, "message limits", "; ".join(map(str, problems)), where)
            return _too_large() if _only_size(problems) else invalid_form(problems)
        if interaction.channel_id not in self.standin.channels:
            return unknown("Channel", 10003)  # deleted since the interaction was sent
        interaction.response_type = kind
        interaction.acknowledged_at = now
        await self._apply_callback(interaction, kind, data, files)
        interaction._acknowledged.set()
        interaction._answered.set()
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        return json_response(self._callback_response(interaction, kind))

    def _reject(self, interaction: Interaction, rule: str, detail: str, where: str) -> None:
        """A refused callback: Discord answers with an error and the player sees "This interaction failed"."""
        self.standin.violate(rule, detail, where)
        interaction.rejections.append(f"{rule}: {detail}")
        interaction._answered.set()

    async def _apply_callback(self, interaction: Interaction, kind: int, data: dict[str, Any], files: Files) -> None:
        channel = self.standin.channels[interaction.channel_id]
        if kind in (4, 5):
            flags = LOADING_FLAG if kind == 5 else 0
            message_type = 20 if interaction.type == 2 else 19
            interaction.original = await self.standin.new_message(
                channel,
                self.standin.bot_user,
                body=data,
                files=files,
                interaction=interaction,
                message_type=message_type,
                extra_flags=flags,
            )
        elif kind == 6:
            interaction.original = interaction.message
        elif kind == 7 and interaction.message is not None:
            interaction.original = interaction.message
            await self.standin.edit_message(interaction.message, data, files)
        elif kind == 8:
            interaction.choices = data.get("choices") or []
        elif kind == 9:
            interaction.modal = data

    def _callback_response(self, interaction: Interaction, kind: int) -> dict[str, Any]:
        summary: dict[str, Any] = {"id": str(interaction.id), "type": interaction.type}
        resource: dict[str, Any] = {"type": kind}
        if interaction.original is not None and kind in (4, 5, 7):
            summary["response_message_id"] = str(interaction.original.id)
            summary["response_message_loading"] = kind == 5
            summary["response_message_ephemeral"] = interaction.original.ephemeral
            resource["message"] = interaction.original.payload(self.standin.application_id)
        return {"interaction": summary, "resource": resource}

    def _webhook_interaction(self, request: web.Request) -> Interaction | web.Response:
        interaction = self.standin.interactions_by_token.get(request.match_info["token"])
        where = _describe(request)
        if interaction is None or int(request.match_info["app_id"]) != self.standin.application_id:
            self.standin.violate("interaction webhook", "unknown application id or interaction token", where)
            return unknown("Webhook", 10015)
        age = self.standin.now() - interaction.dispatched_at
        if age > limits.TOKEN_LIFETIME_SECONDS:
            self.standin.violate(
                "token valid 15 minutes", f"interaction token used after {age / 60:.1f} minutes", where
            )
            return discord_error(401, 50027, "Invalid Webhook Token")
        if interaction.acknowledged_at is None:
            self.standin.violate(
                "interaction webhook", "followup or edit before the interaction was acknowledged", where
            )
            return unknown("Webhook", 10015)
        return interaction

    def _webhook_message(self, interaction: Interaction, message_id: str) -> Message | None:
        if message_id == "@original":
            return interaction.original
        message = self.standin.messages.get(int(message_id)) if message_id.isdigit() else None
        if message is None or (message is not interaction.original and message not in interaction.followups):
            return None
        return message

    async def followup(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        if isinstance(interaction, web.Response):
            return interaction
        body, files = await read_body(request)
        problems = limits.check_message(body, [len(f[1]) for f in files]) + limits.check_not_empty(body, len(files))
        if problems:
            self.standin.violate("message limits", "; ".join(map(str, problems)), _describe(request))
            return _too_large() if _only_size(problems) else invalid_form(problems)
        if interaction.channel_id not in self.standin.channels:
            return unknown("Channel", 10003)
        original = interaction.original
        if interaction.response_type == 5 and original is not None and original.loading:
            # Discord: the first followup after a deferred response replaces the "thinking" message.
            await self.standin.edit_message(original, body, files)
            message = original
        else:
            channel = self.standin.channels[interaction.channel_id]
            message = await self.standin.new_message(
                channel, self.standin.bot_user, body=body, files=files, interaction=interaction, message_type=19
            )
            interaction.followups.append(message)
        if message.ephemeral:
            message.visible_to = interaction.user.id
        return json_response(message.payload(self.standin.application_id))

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        if isinstance(interaction, web.Response):
            return interaction
        message = self._webhook_message(interaction, request.match_info["message_id"])
        return json_response(message.payload(self.standin.application_id)) if message else unknown("Message", 10008)

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        if isinstance(interaction, web.Response):
            return interaction
        message = self._webhook_message(interaction, request.match_info["message_id"])
        if message is None or message.deleted:
            self.standin.violate(
                "interaction webhook", "edit of a message this interaction does not own", _describe(request)
            )
            return unknown("Message", 10008)
        return await self._edit(request, message)

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        if isinstance(interaction, web.Response):
            return interaction
        message = self._webhook_message(interaction, request.match_info["message_id"])
        if message is None or message.deleted:
            return unknown("Message", 10008)
        await self._delete(message)
        return web.Response(status=204)

    # --- channels and messages -----------------------------------------------------------------------------

    def _channel(self, request: web.Request) -> Channel | None:
        return self.standin.channels.get(int(request.match_info["channel_id"]))

    def _message(self, request: web.Request, channel: Channel) -> Message | None:
        message = self.standin.messages.get(int(request.match_info["message_id"]))
        if message is None or message.channel_id != channel.id or message.deleted or message.ephemeral:
            return None
        return message

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        return json_response(channel.payload()) if channel else unknown("Channel", 10003)

    async def delete_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None:
            return unknown("Channel", 10003)
        if channel.is_thread and self.standin.denied.get(channel.parent_id or 0, 0) & MANAGE_THREADS:
            return discord_error(403, 50013, "Missing Permissions")  # even the thread's creator needs it
        self.standin.delete_channel(channel)
        return json_response(channel.payload())

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None:
            return unknown("Channel", 10003)
        if not channel.is_thread and self.standin.denied.get(channel.id, 0) & SEND_MESSAGES:
            return discord_error(403, 50013, "Missing Permissions")  # interaction responses need no permission
        body, files = await read_body(request)
        problems = limits.check_message(body, [len(f[1]) for f in files]) + limits.check_not_empty(body, len(files))
        if problems:
            self.standin.violate("message limits", "; ".join(map(str, problems)), _describe(request))
            return _too_large() if _only_size(problems) else invalid_form(problems)
        if (body.get("flags") or 0) & EPHEMERAL_FLAG:
            self.standin.violate("message flags", "only interaction responses can be ephemeral", _describe(request))
            body["flags"] = body["flags"] & ~EPHEMERAL_FLAG
        message = await self.standin.new_message(channel, self.standin.bot_user, body=body, files=files)
        return json_response(message.payload(self.standin.application_id))

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None:
            return unknown("Channel", 10003)
        limit = min(int(request.query.get("limit", "50")), 100)
        visible = [m for m in channel.messages if not m.deleted and not m.ephemeral]
        if "after" in request.query:  # the `limit` oldest after it
            visible = [m for m in visible if m.id > int(request.query["after"])][:limit]
        if "before" in request.query:
            visible = [m for m in visible if m.id < int(request.query["before"])]
        visible.reverse()  # newest first, as Discord returns them
        return json_response([m.payload(self.standin.application_id) for m in visible[:limit]])

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel) if channel else None
        return json_response(message.payload(self.standin.application_id)) if message else unknown("Message", 10008)

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel) if channel else None
        if message is None:
            return unknown("Message", 10008)
        if message.author.id != self.standin.bot_user.id:
            self.standin.violate("message edit", "edit of another user's message", _describe(request))
            return discord_error(403, 50005, "Cannot edit a message authored by another user")
        return await self._edit(request, message)

    async def _edit(self, request: web.Request, message: Message) -> web.Response:
        body, files = await read_body(request)
        problems = limits.check_message(body, [len(f[1]) for f in files])
        if problems:
            self.standin.violate("message limits", "; ".join(map(str, problems)), _describe(request))
            return _too_large() if _only_size(problems) else invalid_form(problems)
        await self.standin.edit_message(message, body, files)
        return json_response(message.payload(self.standin.application_id))

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel) if channel else None
        if message is None:
            return unknown("Message", 10008)
        await self._delete(message)
        return web.Response(status=204)

    async def _delete(self, message: Message) -> None:
        if not message.ephemeral:
            self.standin.calls.append(Call("delete", message.channel_id, message.id))
        message.deleted = True
        self.standin.board_changed(message)
        async with message.changed():
            message.changed().notify_all()
        if not message.ephemeral:
            payload = {"id": str(message.id), "channel_id": str(message.channel_id), "guild_id": str(message.guild_id)}
            self.standin.dispatch("MESSAGE_DELETE", payload, guild_id=message.guild_id, intent=GUILD_MESSAGES_INTENT)

    async def typing(self, request: web.Request) -> web.Response:
        return web.Response(status=204)

    async def create_thread(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        if parent is None:
            return unknown("Channel", 10003)
        if parent.is_thread:
            self.standin.violate("thread", "threads cannot be created inside a thread", _describe(request))
            return discord_error(400, 50024, "Cannot execute action on this channel type")
        if self.standin.denied.get(parent.id, 0) & CREATE_PUBLIC_THREADS:
            self.standin.violate("permission", "a thread opened without Create Public Threads", _describe(request))
            return discord_error(403, 50013, "Missing Permissions")
        body, _ = await read_body(request)
        name = body.get("name") or ""
        if not 1 <= len(name) <= 100:
            problems = [limits.Problem("name", "Must be between 1 and 100 in length.")]
            self.standin.violate("thread", str(problems[0]), _describe(request))
            return invalid_form(problems)
        starter = request.match_info.get("message_id")
        if starter is not None and self._message(request, parent) is None:
            return unknown("Message", 10008)
        if starter is not None and int(starter) in self.standin.channels:
            return discord_error(400, 160004, "A thread has already been created for this message")
        thread = Channel(
            id=int(starter) if starter else snowflake(),  # a thread started from a message shares its id
            name=name,
            guild_id=parent.guild_id,
            type=11 if starter else int(body.get("type") or 12),
            parent_id=parent.id,
            owner_id=self.standin.bot_user.id,
            member_ids={self.standin.bot_user.id},
        )
        self.standin.channels[thread.id] = thread
        self.standin.dispatch("THREAD_CREATE", thread.payload() | {"newly_created": True}, guild_id=thread.guild_id)
        return json_response(thread.payload(), status=201)

    async def add_thread_member(self, request: web.Request) -> web.Response:
        thread = self._channel(request)
        if thread is None or not thread.is_thread:
            return unknown("Channel", 10003)
        user_id = request.match_info["user_id"]
        user = self.standin.bot_user if user_id == "@me" else self.standin.users.get(int(user_id))
        if user is None or user.id not in self.standin.guilds[thread.guild_id].member_ids:
            return unknown("Member", 10007)
        thread.member_ids.add(user.id)
        return web.Response(status=204)

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
                "privileged intent", "listing members needs the Server Members intent", _describe(request)
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

    async def attachment(self, request: web.Request) -> web.Response:
        found = self.standin.find_attachment(int(request.match_info["attachment_id"]))
        if found is None:
            return web.Response(status=404)
        return web.Response(body=found.data, content_type="image/png" if found.is_png else found.content_type)


def _describe(request: web.Request) -> str:
    return f"{request.method} {request.path}"


def _only_size(problems: list[limits.Problem]) -> bool:
    return all(p.path.startswith("files[") for p in problems)


def _too_large() -> web.Response:
    return discord_error(413, 40005, "Request entity too large")
