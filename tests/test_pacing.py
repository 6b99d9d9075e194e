"""The bot's requests paced under Discord's global limit (bot/pacing.py), and each process's part of it."""

from __future__ import annotations

import asyncio
from typing import Any

from discord.http import HTTPClient, Route

from bot.pacing import before_the_answer, pace
from bot.settings import Settings
from bot.sharding import ShardSet


def most_in_a_second(times: list[float]) -> int:
    return max(sum(1 for other in times if start <= other < start + 1.0) for start in times)


async def test_a_burst_waits_its_turn_and_never_passes_the_limit_in_any_second() -> None:
    loop = asyncio.get_running_loop()
    http = HTTPClient(loop)
    sent: list[float] = []

    async def send(route: Route, **kwargs: Any) -> str:
        sent.append(loop.time())
        return route.path

    http.request = send  # type: ignore[method-assign]
    pace(http, 50)
    began = loop.time()
    answers = await asyncio.gather(*(http.request(Route("GET", f"/channels/{n}")) for n in range(60)))
    assert answers == [f"/channels/{n}" for n in range(60)]  # each request made, once
    assert most_in_a_second(sent) <= 45  # a tenth of the limit left for requests that reach Discord late
    assert sent[44] - began < 0.2  # 45 at once: the window lets a cluster through
    assert 0.99 < sent[-1] - began < 1.3  # the rest once the first have left the window, not held longer
    await http.close()


async def test_a_request_a_press_waits_for_passes_the_backlog_of_the_others() -> None:
    loop = asyncio.get_running_loop()
    http = HTTPClient(loop)
    sent: list[str] = []

    async def send(route: Route, **kwargs: Any) -> None:
        sent.append(route.path)

    http.request = send  # type: ignore[method-assign]
    pace(http, 10)  # 9 in any second
    backlog = [asyncio.ensure_future(http.request(Route("POST", f"/channels/{n}/messages"))) for n in range(16)]
    await asyncio.sleep(0.05)

    async def accept() -> None:
        with before_the_answer():
            await http.request(Route("POST", "/channels/0/messages/1/threads"))

    await accept()
    assert sent.index("/channels/0/messages/1/threads") <= 10, sent  # behind the first 9 and one other at most
    await asyncio.gather(*backlog)
    others = [path for path in sent if path.endswith("/messages")]
    assert others == [f"/channels/{n}/messages" for n in range(16)]  # the others in the order they came
    await http.close()


def test_each_process_paces_at_its_shards_part_of_the_limit() -> None:
    assert ShardSet().share == ShardSet(4).share == 1.0
    assert ShardSet(4, frozenset({0, 1})).share == 0.5
    assert ShardSet(3, frozenset({2})).share == 1 / 3
    assert Settings(discord_token="t", discord_requests_per_second=120).discord_requests_per_second == 120
