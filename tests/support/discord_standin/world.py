"""The stand-in's world: the bot's guilds, their members and channels (threads too), and the GUILD_CREATE that
describes a guild to the bot."""

from __future__ import annotations

from typing import Any

from .gateway import GUILD_MEMBERS_INTENT, shard_for
from .model import Channel, Guild, User, snowflake
from .sessions import GatewaySessions

EVERYTHING = str((1 << 49) - 1 - (1 << 3))  # every permission except administrator


class World(GatewaySessions):
    """Users, guilds and channels; a change the bot would see is sent to it as Discord sends it."""

    def _init_world(self) -> None:
        self.guild = Guild(snowflake(), "Stand-in Guild", owner_id=self.owner.id)
        self.guilds: dict[int, Guild] = {self.guild.id: self.guild}
        self.users: dict[int, User] = {}
        self.channels: dict[int, Channel] = {}
        self.deleted_channels: list[Channel] = []
        #: Permissions taken away from the bot in a channel (channel id -> bits, e.g. model.CREATE_PUBLIC_THREADS):
        #: left out of the interactions' app_permissions there, and a thread opened there anyway is refused.
        self.denied: dict[int, int] = {}
        for user in (self.bot_user, self.owner):
            self._register(user)
        self.general = self.add_channel("general")
        self.guild.general_id = self.general.id
        #: Where new ScenarioUsers run their commands (tests sharing one stand-in give each test its own).
        self.default_channel = self.general

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
