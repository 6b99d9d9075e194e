"""The stand-in's IDENTIFY rate limit (issue 19), through raw gateway connections: Discord lets each bucket
(`shard_id % max_concurrency`, max_concurrency from GET /gateway/bot) identify once per 5 seconds across the
whole bot, and answers a faster IDENTIFY with opcode 9 Invalid Session (d: false) and no session. The interval
is shortened here; the real bot against the real 5 s is tests/e2e/test_shards.py."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import aiohttp

from tests.standin.test_shards import INTENTS, RawShard, connect, http  # noqa: F401  (http: the fixture, used by name)
from tests.support.discord_standin import DiscordStandin
from tests.support.discord_standin.gateway import IDENTIFY_INTERVAL_SECONDS

INTERVAL = 0.5


async def next_frame(raw: RawShard, timeout: float = 5.0) -> dict[str, Any]:
    """The next frame that is not a heartbeat ACK."""
    async with asyncio.timeout(timeout):
        while True:
            message = await raw.ws.receive()
            assert message.type == aiohttp.WSMsgType.TEXT, message
            frame: dict[str, Any] = json.loads(message.data)
            if frame["op"] != 11:
                return frame


async def identify_again(standin: DiscordStandin, raw: RawShard, shard: list[int]) -> None:
    await raw.ws.send_json(
        {"op": 2, "d": {"token": standin.token, "intents": INTENTS, "properties": {}, "shard": shard}}
    )


def test_the_default_is_discords_five_seconds_and_one_bucket() -> None:
    standin = DiscordStandin()
    assert IDENTIFY_INTERVAL_SECONDS == 5.0
    assert standin.identify_interval == 5.0 and standin.max_concurrency == 1


async def test_a_second_identify_of_the_bucket_within_the_interval_gets_invalid_session(
    standin: DiscordStandin,
    http: aiohttp.ClientSession,  # noqa: F811
) -> None:
    standin.identify_interval = INTERVAL
    standin.add_guild("one", shard=(1, 2))
    first = await connect(http, standin, [0, 2])
    await first.read("READY")
    accepted_at = time.monotonic()

    second = await connect(http, standin, [1, 2])  # max_concurrency 1: shard 1 is in shard 0's bucket
    refusal = await next_frame(second)
    assert refusal["op"] == 9 and refusal["d"] is False  # Invalid Session, not resumable
    assert 1 not in standin.current and await second.quiet() == []
    assert [(r.shard_id, r.bucket) for r in standin.refused_identifies] == [(1, 0)]
    assert standin.refused_identifies[0].seconds_since_last < INTERVAL
    assert standin.take_violations() == []  # a refusal, as on Discord; the bot is expected to wait and retry

    await identify_again(standin, second, [1, 2])  # still too soon: refused again, on the same connection
    assert (await next_frame(second))["op"] == 9
    await asyncio.sleep(max(0.0, accepted_at + INTERVAL - time.monotonic()))
    await identify_again(standin, second, [1, 2])  # the interval is over: a session
    await second.read("READY")
    assert standin.current[1].connection is not None
    assert len(standin.refused_identifies) == 2
    assert [shard for shard, _ in standin.identify_times] == [0, 1]
    gap = standin.identify_times[1][1] - standin.identify_times[0][1]
    assert gap >= INTERVAL
    for raw in (first, second):
        await raw.ws.close()


async def test_each_bucket_of_max_concurrency_identifies_on_its_own(
    standin: DiscordStandin,
    http: aiohttp.ClientSession,  # noqa: F811
) -> None:
    standin.max_concurrency = 2
    headers = {"Authorization": f"Bot {standin.token}"}
    async with http.get(f"{standin.base_url}/api/v10/gateway/bot", headers=headers) as response:
        assert (await response.json())["session_start_limit"]["max_concurrency"] == 2
    shards = [await connect(http, standin, [s, 4]) for s in (0, 1)]  # buckets 0 and 1: both at once
    for raw in shards:
        await raw.read("READY")
    later = [await connect(http, standin, [s, 4]) for s in (2, 3)]  # buckets 0 and 1 again: too soon
    for raw in later:
        assert (await next_frame(raw))["op"] == 9
    assert [(r.shard_id, r.bucket) for r in standin.refused_identifies] == [(2, 0), (3, 1)]
    assert set(standin.current) == {0, 1}
    for raw in shards + later:
        await raw.ws.close()
