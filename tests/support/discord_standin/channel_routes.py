"""The REST routes of channels: their messages (created, listed, edited, deleted), their threads and the
attachments' downloads."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from . import limits
from .model import CREATE_PUBLIC_THREADS, EPHEMERAL_FLAG, MANAGE_THREADS, SEND_MESSAGES, Channel, Message, snowflake
from .rest_io import describe, discord_error, invalid_form, json_response, over_limits, read_body, unknown

if TYPE_CHECKING:
    from .server import DiscordStandin


class ChannelRoutes:
    """Channel, message and thread routes, bound to one stand-in."""

    def __init__(self, standin: DiscordStandin) -> None:
        self.standin = standin

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
            self.standin.violate("message limits", "; ".join(map(str, problems)), describe(request))
            return over_limits(problems)
        if (body.get("flags") or 0) & EPHEMERAL_FLAG:
            self.standin.violate("message flags", "only interaction responses can be ephemeral", describe(request))
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
            self.standin.violate("message edit", "edit of another user's message", describe(request))
            return discord_error(403, 50005, "Cannot edit a message authored by another user")
        return await edit_bot_message(self.standin, request, message)

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel) if channel else None
        if message is None:
            return unknown("Message", 10008)
        await self.standin.delete_message(message)
        return web.Response(status=204)

    async def typing(self, request: web.Request) -> web.Response:
        return web.Response(status=204)

    async def create_thread(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        if parent is None:
            return unknown("Channel", 10003)
        if parent.is_thread:
            self.standin.violate("thread", "threads cannot be created inside a thread", describe(request))
            return discord_error(400, 50024, "Cannot execute action on this channel type")
        if self.standin.denied.get(parent.id, 0) & CREATE_PUBLIC_THREADS:
            self.standin.violate("permission", "a thread opened without Create Public Threads", describe(request))
            return discord_error(403, 50013, "Missing Permissions")
        body, _ = await read_body(request)
        name = body.get("name") or ""
        if not 1 <= len(name) <= 100:
            problems = [limits.Problem("name", "Must be between 1 and 100 in length.")]
            self.standin.violate("thread", str(problems[0]), describe(request))
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

    async def attachment(self, request: web.Request) -> web.Response:
        found = self.standin.find_attachment(int(request.match_info["attachment_id"]))
        if found is None:
            return web.Response(status=404)
        return web.Response(body=found.data, content_type="image/png" if found.is_png else found.content_type)


async def edit_bot_message(standin: DiscordStandin, request: web.Request, message: Message) -> web.Response:
    """Carry out the edit `request` asks of one of the bot's messages, unless its body is over Discord's limits."""
    body, files = await read_body(request)
    problems = limits.check_message(body, [len(f[1]) for f in files])
    if problems:
        standin.violate("message limits", "; ".join(map(str, problems)), describe(request))
        return over_limits(problems)
    await standin.edit_message(message, body, files)
    return json_response(message.payload(standin.application_id))
