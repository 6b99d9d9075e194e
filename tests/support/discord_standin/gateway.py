"""The gateway websocket: hello, identify, ready, guild create, heartbeats, resume and zlib-stream frames.

A `GatewaySession` outlives its websocket, as on Discord: events sent while the bot is disconnected are kept
and replayed after a RESUME with the last sequence number the bot saw.

Shards (issue 19): IDENTIFY may carry `shard: [shard_id, shard_count]` (none means [0, 1]). Each session gets
only the events of the guilds Discord's formula gives its shard, `(guild_id >> 22) % shard_count` (direct
messages: shard 0), and READY/GUILD_CREATE list only those guilds. As on Discord, a shard id out of range is
refused with close code 4010 (Invalid shard) and a shard that would hold more than `max_guilds_per_shard`
guilds with 4011 (Sharding required).

IDENTIFY rate limit (Discord's "Identifying" and "Max Concurrency"): each bucket, `shard_id % max_concurrency`,
may identify once per `identify_interval` (5 s on Discord) across every connection of the bot, whichever process
makes it. A faster IDENTIFY is answered as Discord answers it, with opcode 9 Invalid Session (d: false) and no
session; the connection stays open. RESUME is not limited.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .model import Guild
    from .server import DiscordStandin

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME, RECONNECT = 0, 1, 2, 3, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)  # guild members, presences, message content
GUILD_MEMBERS_INTENT, GUILD_MESSAGES_INTENT = 1 << 1, 1 << 9
INVALID_SHARD, SHARDING_REQUIRED = 4010, 4011
#: Discord lets each identify bucket start one session per this many seconds.
IDENTIFY_INTERVAL_SECONDS = 5.0


def shard_for(guild_id: int | None, shard_count: int) -> int:
    """Discord's routing: the shard that receives a guild's events (direct messages: shard 0)."""
    return 0 if not guild_id else (guild_id >> 22) % shard_count


class Connection:
    """One websocket, with its own zlib stream when the bot asked for compress=zlib-stream.

    Frames are queued synchronously and written by one task in order, so whoever queues first is sent first
    (a CHANNEL_CREATE queued before an INTERACTION_CREATE always arrives before it).
    """

    def __init__(self, ws: web.WebSocketResponse, compressed: bool) -> None:
        self.ws = ws
        self.compressor = zlib.compressobj() if compressed else None
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, frame: dict[str, Any]) -> None:
        self.queue.put_nowait(frame)

    async def _write(self) -> None:
        while (frame := await self.queue.get()) is not None:
            if self.ws.closed:
                continue
            text = json.dumps(frame)
            try:
                if self.compressor is None:
                    await self.ws.send_str(text)
                else:
                    data = self.compressor.compress(text.encode()) + self.compressor.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(data)
            except ConnectionError:
                continue  # the bot went away; a resume replays what it missed

    async def close(self) -> None:
        self.queue.put_nowait(None)
        await self.writer


@dataclass
class GatewaySession:
    """A gateway session: its sequence, every dispatched event (for resume) and heartbeat counts."""

    id: str
    intents: int
    shard_id: int = 0
    shard_count: int = 1
    sequence: int = 0
    sent: list[dict[str, Any]] = field(default_factory=list)
    connection: Connection | None = None
    heartbeats: int = 0
    resumes: int = 0

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.sequence += 1
        frame = {"op": DISPATCH, "t": event, "s": self.sequence, "d": data}
        self.sent.append(frame)
        if self.connection is not None:
            self.connection.send(frame)

    def serves(self, guild_id: int | None) -> bool:
        """Whether Discord routes this guild's events to this session's shard."""
        return shard_for(guild_id, self.shard_count) == self.shard_id


async def gateway_handler(standin: DiscordStandin, request: web.Request) -> web.WebSocketResponse:
    """Serve one websocket connection of the bot (new session or resume)."""
    ws = web.WebSocketResponse(max_msg_size=0)
    await ws.prepare(request)
    if request.query.get("v") != "10" or request.query.get("encoding", "json") != "json":
        standin.violate("gateway", f"connected with query {dict(request.query)}, expected v=10 and encoding=json")
    compress = request.query.get("compress")
    connection = Connection(ws, compressed=compress == "zlib-stream")
    standin.gateway_connections += 1
    standin.compressed_connections += connection.compressor is not None
    session: GatewaySession | None = None
    connection.send({"op": HELLO, "d": {"heartbeat_interval": standin.heartbeat_interval_ms}, "s": None, "t": None})
    try:
        async for message in ws:
            if message.type != WSMsgType.TEXT and message.type != WSMsgType.BINARY:
                break
            frame = json.loads(message.data)
            op, data = frame.get("op"), frame.get("d")
            if op == HEARTBEAT:
                if session is not None:
                    session.heartbeats += 1
                standin.heartbeats += 1
                connection.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
            elif op == IDENTIFY:
                if _too_soon(standin, connection, data):
                    continue
                session = await _identify(standin, connection, data)
                if session is None:
                    break
            elif op == RESUME:
                session = _resume(standin, connection, data)
            elif op in (PRESENCE, REQUEST_MEMBERS):
                continue
            else:
                standin.violate("gateway", f"unknown opcode {op}")
    finally:
        if session is not None and session.connection is connection:
            session.connection = None
        await connection.close()
        if not ws.closed:
            await ws.close()
    return ws


@dataclass(frozen=True)
class RefusedIdentify:
    """An IDENTIFY that came too soon after the last one of its bucket (answered with opcode 9)."""

    shard_id: int
    bucket: int
    seconds_since_last: float


def _too_soon(standin: DiscordStandin, connection: Connection, data: Any) -> bool:
    """Refuse (opcode 9, d: false) an IDENTIFY within `identify_interval` of its bucket's last accepted one.
    A malformed shard is left to `_identify` (4010); a refused IDENTIFY does not restart the bucket's wait."""
    shard = data.get("shard", [0, 1]) if isinstance(data, dict) else None
    if not (isinstance(shard, list) and len(shard) == 2 and isinstance(shard[0], int) and shard[0] >= 0):
        return False
    bucket = shard[0] % max(1, standin.max_concurrency)
    now = time.monotonic()
    last = standin.identified_at.get(bucket)
    if last is None or now - last >= standin.identify_interval:
        return False
    standin.refused_identifies.append(RefusedIdentify(shard[0], bucket, now - last))
    log.info("IDENTIFY of shard %s refused: %.2f s after the last one of bucket %s", shard, now - last, bucket)
    connection.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
    return True


async def _identify(standin: DiscordStandin, connection: Connection, data: dict[str, Any]) -> GatewaySession | None:
    if data.get("token") != standin.token:
        await connection.ws.close(code=4004, message=b"Authentication failed.")
        standin.violate("gateway", "IDENTIFY with a token that is not the bot's")
        return None
    intents = int(data.get("intents", 0))
    if intents & PRIVILEGED_INTENTS & ~standin.privileged_intents:
        standin.violate("gateway", f"IDENTIFY asks for privileged intents that are not enabled ({intents})")
        await connection.ws.close(code=4014, message=b"Disallowed intent(s).")
        return None
    shard = data.get("shard", [0, 1])
    valid = (
        isinstance(shard, list)
        and len(shard) == 2
        and all(isinstance(n, int) for n in shard)
        and shard[1] >= 1
        and 0 <= shard[0] < shard[1]
    )
    if not valid:
        standin.violate("gateway", f"IDENTIFY with an invalid shard {shard!r}")
        await connection.ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
        return None
    session = GatewaySession(
        id=secrets.token_hex(16), intents=intents, shard_id=shard[0], shard_count=shard[1], connection=connection
    )
    guilds = [guild for guild in standin.guilds.values() if session.serves(guild.id)]
    if len(guilds) > standin.max_guilds_per_shard:
        standin.violate(
            "gateway",
            f"shard {shard} would hold {len(guilds)} guilds (at most "
            f"{standin.max_guilds_per_shard}): the bot must use more shards",
        )
        await connection.ws.close(code=SHARDING_REQUIRED, message=b"Sharding required.")
        return None
    others = {s.shard_count for s in standin.current.values() if s.connection is not None}
    if others - {session.shard_count}:
        standin.violate("gateway", f"IDENTIFY as shard {shard} while other shards use counts {sorted(others)}")
    standin.sessions[session.id] = session
    standin.current[session.shard_id] = session
    standin.identifies += 1
    now = time.monotonic()
    standin.identified_at[session.shard_id % max(1, standin.max_concurrency)] = now
    standin.identify_times.append((session.shard_id, now))
    session.dispatch("READY", _ready_payload(standin, session, guilds))
    for guild in guilds:
        session.dispatch("GUILD_CREATE", standin.guild_create_payload(intents, guild))
    standin.shard_ready(session.shard_id)
    return session


def _ready_payload(standin: DiscordStandin, session: GatewaySession, guilds: list[Guild]) -> dict[str, Any]:
    """READY as Discord sends it to a new session: its guilds unavailable until their GUILD_CREATE follows."""
    return {
        "v": 10,
        "user": standin.bot_user.payload(),
        "guilds": [{"id": str(guild.id), "unavailable": True} for guild in guilds],
        "session_id": session.id,
        "session_type": "normal",
        "resume_gateway_url": standin.gateway_url,
        "application": {"id": str(standin.application_id), "flags": 0},
        "private_channels": [],
        "relationships": [],
        "user_settings": {},
        "shard": [session.shard_id, session.shard_count],
    }


def _resume(standin: DiscordStandin, connection: Connection, data: dict[str, Any]) -> GatewaySession | None:
    session = standin.sessions.get(str(data.get("session_id")))
    if session is None or data.get("token") != standin.token or standin.current.get(session.shard_id) is not session:
        connection.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
        return None
    seen = int(data.get("seq") or 0)
    for frame in session.sent:
        if frame["s"] > seen:
            connection.send(frame)  # replay what the bot missed, in order
    session.connection = connection
    session.resumes += 1
    session.dispatch("RESUMED", {})
    standin.shard_ready(session.shard_id)
    return session
