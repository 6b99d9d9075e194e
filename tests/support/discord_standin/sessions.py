"""The stand-in's side of the gateway: the bot's sessions, one per shard, which session gets each event, when the
shards are ready, and the settings and records of the limits gateway.py enforces on IDENTIFY."""

from __future__ import annotations

import asyncio
from typing import Any

from .core import StandinCore
from .gateway import RECONNECT, GatewaySession, RefusedIdentify


class GatewaySessions(StandinCore):
    """The gateway sessions of the bot's shards, and the routing of events to them."""

    def _init_sessions(self, heartbeat_interval_ms: int, identify_interval: float) -> None:
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
