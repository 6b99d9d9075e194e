"""The web server with the live board set up: its page framed by Discord's client only (the other pages by none),
the sign-in's one POST exchanging a code at the Discord stand-in for a session that names the member, a refused
code answered 403, every other POST still a 404, and no /activity/ at all where the live board is not set up."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator

import pytest_asyncio
from aiohttp.test_utils import TestClient, TestServer

from bot.store import Database
from bot.web.activity import sessions
from bot.web.activity.oauth import Discord
from bot.web.activity.routes import ActivitySetup
from bot.web.app import make_app
from bot.web.reads import WebReads
from tests.support.discord_standin.server import DiscordStandin, running_standin
from tests.web.helpers import SECRET, app_for

FRAMED_BY = "https://discord.com http://localhost:3333"


@pytest_asyncio.fixture
async def standin() -> AsyncIterator[DiscordStandin]:
    async with running_standin() as started:
        yield started


def live_app(db: Database, standin: DiscordStandin, rate_limit: int = 10_000):  # type: ignore[no-untyped-def]
    discord = Discord(f"{standin.base_url}/api/v10", standin.application_id, standin.oauth.client_secret)
    return make_app(WebReads(db), SECRET, rate_limit=rate_limit, live=ActivitySetup(discord, FRAMED_BY))


async def test_the_page_is_framed_by_discords_client_only(db: Database, standin: DiscordStandin) -> None:
    async with TestClient(TestServer(live_app(db, standin))) as client:
        page = await client.get("/activity/")
        assert page.status == 200 and f'data-client-id="{standin.application_id}"' in await page.text()
        assert f"frame-ancestors {FRAMED_BY}" in page.headers["Content-Security-Policy"]
        assert "X-Frame-Options" not in page.headers and "Server" not in page.headers
        for name in ("discordsdk.js", "activity.js", "activity.css"):
            assert (await client.get(f"/activity/static/{name}")).status == 200
        assert (await client.get("/activity/static/match.js")).status == 404  # the pages' own files stay theirs
        other = await client.get("/favicon.ico")
        assert (
            other.headers["X-Frame-Options"] == "DENY"
            and "frame-ancestors 'none'" in other.headers["Content-Security-Policy"]
        )


async def test_the_sign_in_exchanges_a_code_for_a_session_naming_the_member(
    db: Database, standin: DiscordStandin
) -> None:
    carol = standin.add_user("Carol")
    async with TestClient(TestServer(live_app(db, standin))) as client:
        answer = await client.post("/activity/api/token", json={"code": standin.oauth.code_for(carol.user)})
        body = await answer.json()
        assert answer.status == 200 and standin.oauth.tokens[body["access_token"]] is carol.user
        assert sessions.verify(SECRET, body["session"], time.time()) == carol.id
        refused = await client.post("/activity/api/token", json={"code": "not-a-code"})
        assert refused.status == 403 and standin.oauth.refused == ["code"]
        assert (await client.post("/activity/api/token", data=b"{")).status == 400
        assert (await client.post("/favicon.ico")).status == 404  # the only POST is the sign-in


async def test_no_live_board_where_it_is_not_set_up(db: Database) -> None:
    async with TestClient(TestServer(app_for(db))) as client:
        assert (await client.get("/activity/")).status == 404
        assert (await client.post("/activity/api/token", json={"code": "x"})).status == 404


async def test_a_sockets_messages_count_against_the_addresss_rate_limit(db: Database, standin: DiscordStandin) -> None:
    async with TestClient(TestServer(live_app(db, standin, rate_limit=4))) as client:
        socket = await client.ws_connect("/activity/api/ws")  # the first of the four
        session = sessions.issue(SECRET, 1234, time.time())
        await socket.send_json({"type": "hello", "session": session, "channel": None, "language": "de"})
        assert (await socket.receive_json())["type"] == "welcome"
        assert (await socket.receive_json()) == {"type": "matches", "matches": []}
        await socket.send_json({"type": "watch", "match": 99})  # the third: no such match
        assert (await socket.receive_json())["message"] == "Es gibt keinen Match #99."
        await socket.send_json({"type": "watch", "match": 98})
        await socket.receive_json()
        await socket.send_json({"type": "watch", "match": 97})  # the fifth: refused, in the member's language
        assert await socket.receive_json() == {"type": "refused", "message": "Zu viele Anfragen: Warte eine Minute."}
        assert (await client.get("/activity/")).status == 429  # the pages' requests share the count
        await socket.close()
