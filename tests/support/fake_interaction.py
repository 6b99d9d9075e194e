"""A Discord interaction as the cogs' unit tests need one: who asks, where, in which language, and what the cog
answers (kept in `sent`). The end-to-end tests use the stand-in's real interactions instead."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord


class FakeInteraction:
    """A command or a button press by Alice (user 10 unless told) in channel 2 of server 1, "Tavla Club", her
    Discord in `locale`."""

    def __init__(self, locale: discord.Locale = discord.Locale.american_english, user_id: int = 10) -> None:
        self.locale = locale
        self.guild_id, self.channel_id = 1, 2
        self.guild = SimpleNamespace(name="Tavla Club")
        self.user = SimpleNamespace(id=user_id, display_name="Alice")
        self.sent: list[dict[str, Any]] = []
        self.response = SimpleNamespace(send_message=self._send, edit_message=self._send, defer=self._nothing)
        self.followup = SimpleNamespace(send=self._send)

    async def _send(self, content: str | None = None, **fields: Any) -> None:
        self.sent.append({"content": content, **fields})

    async def _nothing(self, **_fields: Any) -> None:
        return None


async def returns(value: Any) -> Any:
    """`value`, awaited: a fake service method's answer."""
    return value
