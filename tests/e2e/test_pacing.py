"""The bot's requests under Discord's global limit, with the limit low enough for a backlog to form: the thread an
accept waits for passes the boards queued before it."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.conftest import one_bot_per_module, seeded_env
from tests.e2e.table import acknowledged_in_time, challenged, threads_of
from tests.support.discord_standin import DiscordStandin

pytestmark = pytest.mark.asyncio(loop_scope="module")
#: 10 requests a second: one at once, then 8 a second.
bot, standin = one_bot_per_module(seeded_env() | {"DISCORD_REQUESTS_PER_SECOND": "10"})

#: Matches accepted at once first: their threads (about 1.5 s in the bucket), then their first boards behind them.
FIRST = 12


async def test_an_accept_opens_its_thread_before_the_boards_already_waiting(
    standin: DiscordStandin, bot: object
) -> None:
    first = await asyncio.gather(*(challenged(standin, f"first-{n}") for n in range(FIRST)))
    late, late_challenge = await challenged(standin, "late")
    for reply in await asyncio.gather(*(opponent.click(challenge, "Accept") for opponent, challenge in first)):
        acknowledged_in_time(reply)
    lobbies = [opponent.channel for opponent, _ in first]
    await standin.eventually(lambda: all(threads_of(standin, lobby) for lobby in lobbies), timeout=10, what="threads")
    acknowledged_in_time(await late.click(late_challenge, "Accept"))
    threads = [threads_of(standin, lobby)[0] for lobby in lobbies]
    await standin.eventually(lambda: all(thread.messages for thread in threads), timeout=10, what="first boards")
    opened = f"/channels/{late.channel.id}/messages/{late_challenge.id}/threads"
    requests = [path for method, path in standin.requests if method == "POST"]
    boards = {f"/api/v10/channels/{thread.id}/messages" for thread in threads}
    before = requests[: next(n for n, path in enumerate(requests) if path.endswith(opened))]
    assert len([path for path in before if path in boards]) <= FIRST // 2, requests  # it passed most of them
