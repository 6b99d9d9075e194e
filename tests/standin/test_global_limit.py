"""Discord's global limit in the stand-in: requests made with the bot's token count, at most 50 in any second;
an interaction's own routes do not."""

from __future__ import annotations

import asyncio

import aiohttp

from tests.support.discord_standin import DiscordStandin
from tests.support.discord_standin.traffic import GLOBAL_LIMIT


async def test_the_request_past_the_global_limit_is_refused_until_a_second_has_passed(
    standin: DiscordStandin,
) -> None:
    api = f"http://127.0.0.1:{standin.port}/api/v10"
    bot = {"Authorization": f"Bot {standin.token}"}
    async with aiohttp.ClientSession() as session:
        statuses = []
        for _ in range(GLOBAL_LIMIT):
            async with session.get(f"{api}/users/@me", headers=bot) as response:
                statuses.append(response.status)
        assert statuses == [200] * GLOBAL_LIMIT
        async with session.post(f"{api}/interactions/1/no-token/callback", json={"type": 6}) as response:
            assert response.status == 404  # an interaction's callback is outside the global limit
        assert [each.rule for each in standin.take_violations()] == ["interaction callback"]  # no such interaction
        async with session.get(f"{api}/users/@me", headers=bot) as response:
            body = await response.json()
            assert response.status == 429, body
            assert body["global"] is True and 0 < body["retry_after"] <= 1
            assert response.headers["X-RateLimit-Scope"] == "global" and response.headers["Via"]
        assert standin.global_limited == [("GET", "/api/v10/users/@me")]
        await asyncio.sleep(body["retry_after"] + 0.01)
        async with session.get(f"{api}/users/@me", headers=bot) as response:
            assert response.status == 200
