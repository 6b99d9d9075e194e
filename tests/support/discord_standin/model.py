"""The stand-in's world: users, a guild with channels and threads, messages with their edits, interactions.

Objects here are plain state plus `payload()` methods giving the JSON Discord would send for them, so the
REST handlers and the gateway speak the same shapes discord.py parses.
"""

from __future__ import annotations

import asyncio
import datetime
import itertools
import re
import struct
import time
from dataclasses import dataclass, field
from typing import Any

from .components import Button, Select, buttons_of, selects_of

DISCORD_EPOCH_MS = 1420070400000
_counter = itertools.count(1)

EPHEMERAL_FLAG = 1 << 6
LOADING_FLAG = 1 << 7
SILENT_FLAG = 1 << 12  # SUPPRESS_NOTIFICATIONS: the message's mentions notify nobody
SEND_MESSAGES = 1 << 11
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def snowflake() -> int:
    """A new unique id shaped like Discord's: milliseconds since the Discord epoch in the high bits."""
    return ((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22) | (next(_counter) & 0x3FFFFF)


def iso_now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


@dataclass
class User:
    """A Discord account: a human player, another bot, or the bot under test itself."""

    id: int
    name: str
    bot: bool = False
    locale: str = "en-US"  # the language of the user's client, sent with each of their interactions

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": None if self.bot else self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def member_payload(self, joined_at: str) -> dict[str, Any]:
        return {
            "user": self.payload(),
            "nick": None,
            "roles": [],
            "joined_at": joined_at,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
        }


@dataclass
class Channel:
    """A guild text channel or a thread (type 11 public, 12 private) inside one."""

    id: int
    name: str
    guild_id: int
    type: int = 0
    parent_id: int | None = None
    owner_id: int | None = None
    position: int = 0
    member_ids: set[int] = field(default_factory=set)
    messages: list[Message] = field(default_factory=list)
    _read_cursor: int = 0
    _changed: asyncio.Condition | None = None

    @property
    def is_thread(self) -> bool:
        return self.type in (10, 11, 12)

    def changed(self) -> asyncio.Condition:
        if self._changed is None:
            self._changed = asyncio.Condition()
        return self._changed

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "guild_id": str(self.guild_id),
            "position": self.position,
            "permission_overwrites": [],
            "nsfw": False,
            "topic": None,
            "last_message_id": str(self.messages[-1].id) if self.messages else None,
            "rate_limit_per_user": 0,
            "parent_id": str(self.parent_id) if self.parent_id else None,
        }
        if self.is_thread:
            data.update(
                owner_id=str(self.owner_id),
                message_count=len(self.messages),
                member_count=len(self.member_ids),
                thread_metadata={
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": iso_now(),
                    "locked": False,
                },
            )
        return data


@dataclass
class Attachment:
    """An uploaded file as Discord keeps it, with its bytes for the test to read."""

    id: int
    filename: str
    data: bytes
    url: str
    content_type: str = "application/octet-stream"
    description: str | None = None

    @property
    def is_png(self) -> bool:
        return self.data.startswith(PNG_SIGNATURE)

    @property
    def size(self) -> tuple[int, int] | None:
        """Width and height from a PNG's IHDR chunk, None for other files."""
        if not self.is_png or len(self.data) < 24:
            return None
        width, height = struct.unpack(">II", self.data[16:24])
        return width, height

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": "image/png" if self.is_png else self.content_type,
        }
        if self.description:
            data["description"] = self.description
        if self.size:
            data["width"], data["height"] = self.size
        return data


_USER_MENTION = re.compile(r"<@!?(\d+)>")


def pinged_users(content: str, allowed_mentions: dict[str, Any] | None) -> frozenset[int]:
    """Who Discord notifies for a new message: user mentions in the content, filtered by allowed_mentions
    (absent: everyone mentioned; `parse` with "users": everyone mentioned; else only the listed `users`)."""
    mentioned = {int(found) for found in _USER_MENTION.findall(content)}
    if allowed_mentions is None or "users" in (allowed_mentions.get("parse") or []):
        return frozenset(mentioned)
    return frozenset(mentioned & {int(user_id) for user_id in allowed_mentions.get("users") or []})


@dataclass(frozen=True)
class Snapshot:
    """What a message looked like after one create or edit (a slow client may still show it)."""

    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: list[Attachment]
    flags: int
    # the stand-in's clock (time.monotonic) when it stored this version: load runs split a board's latency into the
    # bot's part (the click's dispatch to here) and the players' (here to a player seeing it)
    stored_at: float = field(default_factory=time.monotonic)

    @property
    def buttons(self) -> list[Button]:
        return buttons_of(self.components)

    @property
    def selects(self) -> list[Select]:
        return selects_of(self.components)


@dataclass
class Message:
    """A message in a channel. Every edit appends a Snapshot to `history`; the attributes show the latest."""

    id: int
    channel_id: int
    guild_id: int
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    interaction: Interaction | None = None
    visible_to: int | None = None  # user id for an ephemeral message
    pinged: frozenset[int] = frozenset()  # users notified when it was posted (mentions allowed by allowed_mentions)
    webhook_id: int | None = None
    edited_at: str | None = None
    deleted: bool = False
    timestamp: str = field(default_factory=iso_now)
    history: list[Snapshot] = field(default_factory=list)
    _changed: asyncio.Condition | None = None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL_FLAG)

    @property
    def loading(self) -> bool:
        """A deferred response still "thinking": Discord shows "Bot is thinking..." until it is edited."""
        return bool(self.flags & LOADING_FLAG)

    @property
    def version(self) -> int:
        return len(self.history)

    @property
    def buttons(self) -> list[Button]:
        return buttons_of(self.components)

    @property
    def selects(self) -> list[Select]:
        return selects_of(self.components)

    def changed(self) -> asyncio.Condition:
        if self._changed is None:
            self._changed = asyncio.Condition()
        return self._changed

    def snapshot(self) -> None:
        self.history.append(
            Snapshot(self.content, list(self.embeds), list(self.components), list(self.attachments), self.flags)
        )

    def payload(self, application_id: int) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "guild_id": str(self.guild_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_at,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.webhook_id:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(application_id)
        if self.interaction is not None:
            user = self.interaction.user.payload()
            data["interaction_metadata"] = {
                "id": str(self.interaction.id),
                "type": self.interaction.type,
                "user": user,
                "authorizing_integration_owners": {"0": str(self.guild_id)},
            }
            data["interaction"] = {
                "id": str(self.interaction.id),
                "type": self.interaction.type,
                "name": self.interaction.name,
                "user": user,
            }
        return data


@dataclass(frozen=True)
class Call:
    """One message the bot created, edited or deleted (not ephemeral), with the files it uploaded: what the
    end-to-end tests count per match and per turn (issue 33)."""

    kind: str  # "create", "edit" or "delete"
    channel_id: int
    message_id: int
    uploads: int = 0


@dataclass(frozen=True)
class Violation:
    """One broken Discord rule: which rule, what happened, and the request that broke it."""

    rule: str
    detail: str
    request: str = ""

    def __str__(self) -> str:
        where = f" [{self.request}]" if self.request else ""
        return f"{self.rule}: {self.detail}{where}"


@dataclass
class Interaction:
    """One interaction sent to the bot, with when and how it was acknowledged."""

    id: int
    token: str
    type: int  # 2 application command, 3 component, 4 autocomplete
    name: str  # command path or custom_id, for reports
    user: User
    channel_id: int
    dispatched_at: float
    message: Message | None = None  # the message a component belongs to
    response_type: int | None = None
    acknowledged_at: float | None = None
    original: Message | None = None  # the response message, once there is one
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    extra_acknowledgements: int = 0
    rejections: list[str] = field(default_factory=list)  # callbacks Discord refused (limits, too late)
    _acknowledged: asyncio.Event = field(default_factory=asyncio.Event)
    _answered: asyncio.Event = field(default_factory=asyncio.Event)  # acknowledged or refused

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the acknowledgement, None while unacknowledged."""
        if self.acknowledged_at is None:
            return None
        return self.acknowledged_at - self.dispatched_at

    @property
    def kind(self) -> str:
        return {2: "command", 3: "component", 4: "autocomplete", 5: "modal submit"}.get(self.type, str(self.type))


@dataclass
class Guild:
    """A guild the bot is in (the stand-in's first one is `standin.guild`), with its members."""

    id: int
    name: str
    owner_id: int
    member_ids: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=iso_now)
    general_id: int = 0  # its system channel, "general"
