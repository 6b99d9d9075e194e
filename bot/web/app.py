"""The web server: aiohttp routes over `Pages`, read-only (GET and HEAD only), every link checked against
its signature, requests bounded per address, and nothing internal in any answer: a refusal is a plain 404, an
overload a plain 429, a failure a plain 500 (the details go to the log only), a request that is not proper HTTP a
plain 400; no `Server` header.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from http import HTTPStatus

from aiohttp import web
from aiohttp.typedefs import Middleware

from bot.web import signing
from bot.web.activity import routes as activity
from bot.web.activity.routes import TOKEN_PATH
from bot.web.boards import Boards
from bot.web.connections import CONNECTIONS_PER_ADDRESS, BoundedRunner
from bot.web.limits import RateLimit
from bot.web.pages import STATIC_FILES, Pages, static_file
from bot.web.reads import WebReads
from bot.web.sending import text_response

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

PAGES = web.AppKey("pages", Pages)
BOARDS = web.AppKey("boards", Boards)
SECRET = web.AppKey("secret", str)

#: Headers of every answer: the pages load nothing from elsewhere (the match page's script fetches the steps' data
#: from the page's own address), run no inline script, are never framed, and send no Referer (a signed link must
#: not leak to another site).
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
HTML = "text/html; charset=utf-8"


def plain(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=text + "\n", content_type="text/plain")


def not_found() -> web.Response:
    return plain(404, "Not found")


def client_address(request: web.Request, behind_proxy: bool) -> str:
    """The address a request is counted against: the last X-Forwarded-For entry behind a proxy (the one the proxy
    added), else the peer's address."""
    if behind_proxy:
        forwarded = request.headers.get("X-Forwarded-For", "")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return last
    return request.remote or "unknown"


def guard(limit: RateLimit, behind_proxy: bool) -> Middleware:
    """The middleware: only GET and HEAD, the rate limit, and plain answers for every error."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.method not in ("GET", "HEAD") and not (request.method == "POST" and request.path == TOKEN_PATH):
            return not_found()
        if not limit.allow(client_address(request, behind_proxy)):
            return plain(429, "Too many requests: wait a minute")
        try:
            return await handler(request)
        except web.HTTPException as error:
            return not_found() if error.status in (404, 405) else plain(error.status, error.reason)
        except Exception:
            log.exception("The page %s failed", request.path.split("/")[1][:2])  # never the signed link itself
            return plain(500, "Something went wrong")

    return middleware


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    routed = request.match_info.apps if request._match_info is not None else ()  # aiohttp's own answers: none
    setup = routed[0].get(activity.SETUP) if routed and request.path.startswith("/activity/") else None
    if setup is not None:
        response.headers.update(activity.headers(setup))  # framed by Discord's client
    else:
        response.headers.update(SECURITY_HEADERS)
    response.headers.popall("Server", None)


def _ids(request: web.Request, kind: str) -> tuple[int, ...] | None:
    return signing.verify(request.app[SECRET], kind, request.match_info["token"])


async def match_page(request: web.Request) -> web.StreamResponse:
    ids = _ids(request, "m")
    built = None if ids is None else await request.app[PAGES].match(ids[0])
    if built is None:
        return not_found()
    return text_response(request, built.html, "text/html", {"Cache-Control": "private, max-age=60"})


async def match_steps(request: web.Request) -> web.StreamResponse:
    ids = _ids(request, "m")
    built = None if ids is None else await request.app[PAGES].match(ids[0])
    if built is None:
        return not_found()
    return text_response(request, built.steps, "application/json", {"Cache-Control": "private, max-age=60"})


async def match_board(request: web.Request) -> web.StreamResponse:
    ids = _ids(request, "m")
    built = None if ids is None else await request.app[PAGES].match(ids[0])
    index = int(request.match_info["frame"])
    if built is None or index >= len(built.frames):
        return not_found()
    png = await request.app[BOARDS].png(ids[0], built.frames[index])  # type: ignore[index]
    return web.Response(
        body=png, content_type="image/png", headers={"Cache-Control": "private, max-age=86400, immutable"}
    )


async def match_file(request: web.Request) -> web.StreamResponse:
    ids = _ids(request, "m")
    built = None if ids is None else await request.app[PAGES].match(ids[0])
    if built is None or ids is None:
        return not_found()
    disposition = f'attachment; filename="match-{ids[0]}.mat"'
    return text_response(request, built.mat, "text/plain", {"Content-Disposition": disposition})


async def server_page(request: web.Request) -> web.StreamResponse:
    ids = _ids(request, "s")
    html = None if ids is None else await request.app[PAGES].server(ids[0])
    if html is None:
        return not_found()
    return text_response(request, html, "text/html", {"Cache-Control": "private, max-age=60"})


async def player_page(request: web.Request) -> web.StreamResponse:
    ids = _ids(request, "p")
    html = None if ids is None else await request.app[PAGES].player(ids[0], ids[1])
    if html is None:
        return not_found()
    return text_response(request, html, "text/html", {"Cache-Control": "private, max-age=60"})


def _static(request: web.Request, name: str) -> web.Response:
    body = static_file(name)
    if body is None:
        return not_found()
    return text_response(request, body, STATIC_FILES[name], {"Cache-Control": "public, max-age=3600"})


async def static(request: web.Request) -> web.StreamResponse:
    return _static(request, request.match_info["name"])


async def favicon(request: web.Request) -> web.StreamResponse:
    """The icon where a client looks for it unasked (the pages name theirs: /static/icon.svg)."""
    return _static(request, "icon.svg")


class _Request(web.Request):
    """Every request `start`'s server reads. One aiohttp cannot parse (a malformed request line or header, a line
    too long) never reaches the application and its middleware: aiohttp answers it itself, with the parser's
    message and its own Server header (aiohttp has no hook for that answer: aio-libs/aiohttp#3287). Every answer
    passes here before it is sent, so that one is made as plain as the others: its status's name and our headers.
    """

    async def _prepare_hook(self, response: web.StreamResponse) -> None:
        if self._match_info is None and isinstance(response, web.Response):  # never routed: aiohttp's own answer
            body = f"{HTTPStatus(response.status).phrase}\n".encode()
            response.body = body
            response.headers["Content-Type"] = "text/plain; charset=utf-8"
            response.headers["Content-Length"] = str(len(body))  # already counted for the parser's message
            await _headers(self, response)
        await super()._prepare_hook(response)


async def start(
    app: web.Application, host: str, port: int, *, per_address: int | None = CONNECTIONS_PER_ADDRESS
) -> web.AppRunner:
    """Serve `app` on host:port until the returned runner is cleaned up. The port may be shared with other copies
    (SO_REUSEPORT: the kernel spreads the connections over them). Headers must come within HEADER_SECONDS, and one
    address holds `per_address` connections at most (None: no bound, for a server behind a proxy, whose address
    every connection has; the proxy bounds its clients)."""
    runner = BoundedRunner(app, per_address=per_address, access_log=None)
    await runner.setup()
    assert runner.server is not None
    runner.server.request_factory = functools.partial(app._make_request, _cls=_Request)
    await web.TCPSite(runner, host, port, reuse_port=True).start()
    return runner


def make_app(
    reads: WebReads,
    secret: str,
    *,
    rate_limit: int = 600,
    behind_proxy: bool = False,
    live: activity.ActivitySetup | None = None,
) -> web.Application:
    """The application: every route, the guard and the headers. `secret` signs and checks the links. With `live`,
    the Activity's routes too (bot.web.activity.routes)."""
    limit = RateLimit(rate_limit)
    app = web.Application(middlewares=[guard(limit, behind_proxy)], client_max_size=1024)
    app[PAGES] = Pages(reads, secret)
    app[BOARDS] = Boards()
    app[SECRET] = secret
    app.on_response_prepare.append(_headers)
    token = r"{token:[0-9.]{1,41}-[A-Za-z0-9_-]{22}}"
    app.router.add_get(f"/m/{token}", match_page)
    # A board is kept a day by the browser, as immutable: its address changes whenever the steps' numbering does.
    app.router.add_get(f"/m/{token}/steps/{{frame:[0-9]{{1,5}}}}.png", match_board)
    app.router.add_get(f"/m/{token}/match.mat", match_file)
    app.router.add_get(f"/m/{token}/steps.json", match_steps)
    app.router.add_get(f"/s/{token}", server_page)
    app.router.add_get(f"/p/{token}", player_page)
    app.router.add_get("/static/{name:[a-z]+\\.(?:js|css|svg)}", static)
    app.router.add_get("/favicon.ico", favicon)
    if live is not None:
        address = functools.partial(_address, behind_proxy=behind_proxy)
        activity.install(app, reads.db, secret, live, limit, address)
    return app


def _address(request: web.Request, *, behind_proxy: bool) -> str:
    return client_address(request, behind_proxy)
