"""The stand-in's shards (issue 19), through raw gateway connections: IDENTIFY with a shard pair, each guild's
events only on the connection of the shard Discord's formula gives it, and Discord's refusals (4010, 4011)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

from tests.support.discord_standin import DiscordStandin
from tests.support.discord_standin.gateway import GUILD_MESSAGES_INTENT, shard_for
from tests.support.discord_standin.model import Guild

INTENTS = 1 | GUILD_MESSAGES_INTENT  # guilds and guild messages, no privileged intent


class RawShard:
    """One gateway connection as a bot's shard makes it: HELLO, IDENTIFY with `shard`, then dispatches."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.events: list[tuple[str, dict[str, Any]]] = []

    async def identify(self, token: str, shard: list[int] | None) -> None:
        hello = await self.ws.receive_json(timeout=5)
        assert hello["op"] == 10
        data: dict[str, Any] = {"token": token, "intents": INTENTS, "properties": {}}
        if shard is not None:
            data["shard"] = shard
        await self.ws.send_json({"op": 2, "d": data})

    async def read(self, until: str, timeout: float = 5.0) -> list[tuple[str, dict[str, Any]]]:
        """Collect dispatches up to and including the first `until` event."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.ws.receive()
                assert message.type == aiohttp.WSMsgType.TEXT, message
                frame = json.loads(message.data)
                if frame["op"] == 0:
                    self.events.append((frame["t"], frame["d"]))
                    if frame["t"] == until:
                        return self.events

    async def quiet(self, seconds: float = 0.3) -> list[str]:
        """The event names that arrive within `seconds` (none expected)."""
        seen = []
        try:
            async with asyncio.timeout(seconds):
                while True:
                    frame = json.loads((await self.ws.receive()).data)
                    if frame["op"] == 0:
                        seen.append(frame["t"])
        except TimeoutError:
            return seen


@pytest_asyncio.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def connect(http: aiohttp.ClientSession, standin: DiscordStandin, shard: list[int] | None) -> RawShard:
    ws = await http.ws_connect(f"{standin.base_url}/gateway/?v=10&encoding=json")
    raw = RawShard(ws)
    await raw.identify(standin.token, shard)
    return raw


def guild_ids(events: list[tuple[str, dict[str, Any]]], name: str) -> set[int]:
    return {int(data["id"]) for event, data in events if event == name}


async def test_each_shard_gets_only_its_guilds(standin: DiscordStandin, http: aiohttp.ClientSession) -> None:
    zero, one = standin.add_guild("zero", shard=(0, 2)), standin.add_guild("one", shard=(1, 2))
    assert shard_for(zero.id, 2) == 0 and shard_for(one.id, 2) == 1
    expected = {s: {g.id for g in standin.guilds.values() if (g.id >> 22) % 2 == s} for s in (0, 1)}
    assert zero.id in expected[0] and one.id in expected[1]

    standin.max_concurrency = 2  # both shards may identify at once (tests/standin/test_identify_limit.py)
    shards = [await connect(http, standin, [s, 2]) for s in (0, 1)]
    for shard_id, raw in enumerate(shards):
        await raw.read("READY")
        ready = raw.events[-1][1]
        assert ready["shard"] == [shard_id, 2]
        assert {int(g["id"]) for g in ready["guilds"]} == expected[shard_id]
        while guild_ids(raw.events, "GUILD_CREATE") != expected[shard_id]:
            await raw.read("GUILD_CREATE")
    await standin.wait_until_ready(shards=[0, 1])

    # Channel events, messages and interactions of a guild reach its shard's connection only.
    alice = standin.add_user("alice")
    for guild, (mine, other) in ((zero, shards), (one, shards[::-1])):
        channel = standin.add_channel("games", guild)
        created = await mine.read("CHANNEL_CREATE")
        assert int(created[-1][1]["guild_id"]) == guild.id
        await standin.new_message(channel, alice.user, body={"content": "hello"}, files=[])
        message = await mine.read("MESSAGE_CREATE")
        assert int(message[-1][1]["guild_id"]) == guild.id
        sent = await standin.dispatch_interaction(alice.user, 2, {"name": "bg", "type": 1}, channel, "/bg")
        sent.acknowledged_at = standin.now()  # nobody runs a bot here: count it answered, not late
        interaction = await mine.read("INTERACTION_CREATE")
        assert int(interaction[-1][1]["guild_id"]) == guild.id
        assert await other.quiet() == []

    # A guild the bot joins later is created on its shard only.
    late = standin.add_guild("late", shard=(1, 2))
    assert late.id in guild_ids(await shards[1].read("GUILD_CREATE"), "GUILD_CREATE")
    assert await shards[0].quiet() == []
    for raw in shards:
        await raw.ws.close()


async def test_unsharded_identify_is_shard_zero_of_one(standin: DiscordStandin, http: aiohttp.ClientSession) -> None:
    second = standin.add_guild("second")
    raw = await connect(http, standin, None)
    await raw.read("READY")
    assert raw.events[-1][1]["shard"] == [0, 1]
    while guild_ids(raw.events, "GUILD_CREATE") != {standin.guild.id, second.id}:
        await raw.read("GUILD_CREATE")
    await raw.ws.close()


@pytest.mark.parametrize("shard", [[2, 2], [-1, 2], [0, 0], [1], "0,1"])
async def test_invalid_shard_is_refused_with_4010(
    standin: DiscordStandin, http: aiohttp.ClientSession, shard: Any
) -> None:
    raw = await connect(http, standin, shard)
    closed = await raw.ws.receive(timeout=5)
    assert closed.type == aiohttp.WSMsgType.CLOSE and closed.data == 4010
    assert [v.rule for v in standin.take_violations()] == ["gateway"]
    assert standin.session is None


async def test_too_many_guilds_for_one_shard_is_refused_with_4011(
    standin: DiscordStandin, http: aiohttp.ClientSession
) -> None:
    standin.max_guilds_per_shard = 1
    standin.add_guild("zero", shard=(0, 2))
    standin.add_guild("one", shard=(1, 2))
    raw = await connect(http, standin, [0, 1])  # three guilds on one shard
    closed = await raw.ws.receive(timeout=5)
    assert closed.type == aiohttp.WSMsgType.CLOSE and closed.data == 4011
    assert "more shards" in standin.take_violations()[0].detail
    standin.max_guilds_per_shard = 2  # with two shards, shard 1 holds "one" and at most the first guild
    sharded = await connect(http, standin, [1, 2])
    await sharded.read("READY")
    await sharded.ws.close()


async def test_shards_must_agree_on_the_count(standin: DiscordStandin, http: aiohttp.ClientSession) -> None:
    standin.max_concurrency = 2
    first = await connect(http, standin, [0, 2])
    await first.read("READY")
    second = await connect(http, standin, [1, 3])
    await second.read("READY")
    assert "other shards use counts [2]" in standin.take_violations()[0].detail
    for raw in (first, second):
        await raw.ws.close()


async def test_gateway_bot_recommends_the_shard_count(standin: DiscordStandin, http: aiohttp.ClientSession) -> None:
    headers = {"Authorization": f"Bot {standin.token}"}
    async with http.get(f"{standin.base_url}/api/v10/gateway/bot", headers=headers) as response:
        assert (await response.json())["shards"] == 1
    standin.recommended_shards = 4
    async with http.get(f"{standin.base_url}/api/v10/gateway/bot", headers=headers) as response:
        body = await response.json()
    assert body["shards"] == 4 and body["session_start_limit"]["max_concurrency"] == 1


def test_add_guild_shares_the_members(standin: DiscordStandin) -> None:
    alice = standin.add_user("alice")
    guild: Guild = standin.add_guild("other", shard=(3, 4))
    assert alice.user.id in guild.member_ids and alice.user.id in standin.guild.member_ids
    assert shard_for(guild.id, 4) == 3
    assert standin.general_of(guild).guild_id == guild.id
