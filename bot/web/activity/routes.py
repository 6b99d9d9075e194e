"""The Activity's routes under /activity/: the page (framed by Discord's client only), its static files, the
sign-in (POST api/token: the page's code for a signed session) and the socket (GET api/ws). These are the web
server's only requests that change the database: an `act` message goes through `GameService.act`, the same checks
and one transaction as a button press, and asks the bot to bring the channel's board up to date."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import WSMsgType, web

from bot.ratings.hook import rate_finished_match
from bot.service import GameService
from bot.store.backend import Database
from bot.tournaments.service import TournamentService
from bot.web.activity import oauth, sessions
from bot.web.activity.live import Live
from bot.web.activity.talk import Talk
from bot.web.limits import RateLimit
from bot.web.pages import environment, static_file
from bot.web.sending import Body, text_response

log = logging.getLogger(__name__)

#: The path of the sign-in, the one POST the web server takes.
TOKEN_PATH = "/activity/api/token"
#: Bytes a page's message may have: the largest (a hello with its session) is about 200.
MESSAGE_BYTES = 2048
#: The Activity's own files in the static folder.
FILES = ("discordsdk.js", "activity.js", "activity.css", "icon.svg")


@dataclass(frozen=True, slots=True)
class ActivitySetup:
    """What the Activity needs beside the pages: Discord's API with the application's client, and who may frame it."""

    discord: oauth.Discord
    frame_ancestors: str


LIVE = web.AppKey("activity_live", Live)
TALK = web.AppKey("activity_talk", Talk)
SETUP = web.AppKey("activity_setup", ActivitySetup)
ACTIVITY_SECRET = web.AppKey("activity_secret", str)
PAGE = web.AppKey("activity_page", Body)


def headers(setup: ActivitySetup) -> dict[str, str]:
    """The page's headers: framed by Discord's client only, its own scripts and socket only."""
    return {
        "Content-Security-Policy": (
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
            f"base-uri 'none'; form-action 'none'; frame-ancestors {setup.frame_ancestors}"
        ),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
    }


async def page(request: web.Request) -> web.StreamResponse:
    return text_response(request, request.app[PAGE], "text/html", {"Cache-Control": "no-cache"})


async def static(request: web.Request) -> web.StreamResponse:
    name = request.match_info["name"]
    body = static_file(name) if name in FILES else None
    if body is None:
        raise web.HTTPNotFound()
    kind = "text/css" if name.endswith(".css") else "image/svg+xml" if name.endswith(".svg") else "text/javascript"
    return text_response(request, body, kind, {"Cache-Control": "no-cache"})


async def token(request: web.Request) -> web.StreamResponse:
    """The page's code from Discord's authorize command, for the access token the page authenticates with and a
    session that says who the page speaks for. A refused code is a plain 403."""
    try:
        code = (await request.json()).get("code")
    except (ValueError, AttributeError):
        code = None
    if not isinstance(code, str) or not 0 < len(code) <= 200:
        return web.Response(status=400, text="Bad Request\n", content_type="text/plain")
    signed_in = await oauth.exchange(request.app[SETUP].discord, code)
    if signed_in is None:
        return web.Response(status=403, text="Sign-in refused\n", content_type="text/plain")
    session = sessions.issue(request.app[ACTIVITY_SECRET], signed_in.user_id, time.time())
    body = {"access_token": signed_in.access_token, "session": session, "user": str(signed_in.user_id)}
    return web.json_response(body, headers={"Cache-Control": "no-store"})


async def socket(request: web.Request) -> web.StreamResponse:
    ws = web.WebSocketResponse(heartbeat=20.0, max_msg_size=MESSAGE_BYTES)
    await ws.prepare(request)
    talk = request.app[TALK]
    conversation = talk.conversation(ws, talk.address(request))
    try:
        async for message in ws:
            if message.type is not WSMsgType.TEXT:
                break
            try:
                data: Any = json.loads(message.data)
            except ValueError:
                data = None
            if not isinstance(data, dict) or not await conversation.receive(data):
                break
    finally:
        conversation.close()
        await ws.close()
    return ws


def install(
    app: web.Application,
    db: Database,
    secret: str,
    setup: ActivitySetup,
    limit: RateLimit,
    address: Callable[[web.Request], str],
) -> None:
    """Add the Activity to the pages' application. Its service acts with the bot's hooks (ratings, tournaments)."""
    games = GameService(db, on_match_finished=[rate_finished_match], cache_size=256)
    TournamentService(db, games)  # registers its match-finished hook, as in the bot
    live = Live(db, games)
    app[LIVE] = live
    talk = Talk(live, games, secret, limit, address)
    app[TALK] = talk
    app[SETUP] = setup
    html = environment().get_template("activity.html").render(client_id=str(setup.discord.client_id))
    app[PAGE] = Body.of(html.encode())  # the same for every visit: built once
    app[ACTIVITY_SECRET] = secret
    app.on_startup.append(live.start)
    app.on_shutdown.append(talk.close_all)
    app.on_cleanup.append(live.stop)
    app.router.add_get("/activity/", page)
    app.router.add_get("/activity/static/{name:[a-z]+\\.(?:js|css|svg)}", static)
    app.router.add_post(TOKEN_PATH, token)
    app.router.add_get("/activity/api/ws", socket)
