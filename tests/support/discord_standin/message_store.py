"""The stand-in's messages: created, edited and deleted as Discord applies a request's body (attachments kept or
replaced, flags an edit cannot change), each change sent to the bot and counted (`calls`), and read by tests in
the order they were posted."""

from __future__ import annotations

import asyncio
from typing import Any

from .gateway import GUILD_MESSAGES_INTENT
from .model import (
    EPHEMERAL_FLAG,
    SILENT_FLAG,
    Attachment,
    Call,
    Channel,
    Interaction,
    Message,
    User,
    iso_now,
    pinged_users,
    snowflake,
)
from .world import World


class MessageStore(World):
    """Every message of every channel, by id (`messages`), and the bot's changes to them (`calls`)."""

    def _init_messages(self) -> None:
        self.messages: dict[int, Message] = {}
        #: Messages created, edited, deleted (not ephemeral), in order (`Call`).
        self.calls: list[Call] = []

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

    def dispatch_message_event(self, event: str, message: Message) -> None:
        if message.ephemeral:
            return
        self.dispatch(
            event, message.payload(self.application_id), guild_id=message.guild_id, intent=GUILD_MESSAGES_INTENT
        )
