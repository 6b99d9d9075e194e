"""The stand-in's interactions: INTERACTION_CREATE as Discord sends it, the 3-second clock of its acknowledgement,
and the latencies of those acknowledged."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from . import limits
from .model import Channel, Interaction, Message, User, snowflake
from .world import EVERYTHING, World


class Interactions(World):
    """Every interaction sent to the bot, by id and by token, each with its acknowledgement clock."""

    def _init_interactions(self) -> None:
        self.interactions: dict[int, Interaction] = {}
        self.interactions_by_token: dict[str, Interaction] = {}
        self._timers: set[asyncio.TimerHandle] = set()

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
