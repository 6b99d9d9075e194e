"""The web server's connections: a client must finish each request's headers within HEADER_SECONDS (of connecting,
or of the previous answer), and one address holds at most CONNECTIONS_PER_ADDRESS connections at once. Without
them, a client that sends its headers a byte at a time holds a connection (and a file descriptor) for as long as it
likes, and one address can hold as many as the process may open; the rate limit (bot.web.limits) counts requests,
which such a client never completes."""

from __future__ import annotations

import asyncio
import collections
import logging
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

log = logging.getLogger(__name__)

#: Seconds a connection may take to send a request's headers, and may stay idle between requests. aiohttp closes a
#: connection that has no complete request when its keep-alive time runs out, counted from the connection's start
#: and from each answer; data arriving does not extend it.
HEADER_SECONDS = 5.0
#: Connections one address may hold at once: a browser opens six at most to one site; a few people behind one
#: address (a school, a phone network's gateway) stay well within it. Further ones are closed at once.
CONNECTIONS_PER_ADDRESS = 32


def peer_address(transport: asyncio.BaseTransport) -> str:
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"


class BoundedServer(web.Server):
    """aiohttp's server, counting the open connections of each peer address and closing those over the bound."""

    def __init__(self, *args: Any, per_address: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.per_address = per_address
        self._open: collections.Counter[str] = collections.Counter()
        self._counted: dict[RequestHandler, str] = {}

    def connection_made(self, handler: RequestHandler, transport: asyncio.Transport) -> None:
        super().connection_made(handler, transport)
        address = peer_address(transport)
        if self._open[address] >= self.per_address:
            log.warning("Closed a connection of %s: it holds %d already", address, self.per_address)
            transport.abort()
            return
        self._open[address] += 1
        self._counted[handler] = address

    def connection_lost(self, handler: RequestHandler, exc: BaseException | None = None) -> None:
        address = self._counted.pop(handler, None)
        if address is not None:
            self._open[address] -= 1
            if not self._open[address]:
                del self._open[address]
        super().connection_lost(handler, exc)

    def open_connections(self, address: str) -> int:
        return self._open[address]


class BoundedRunner(web.AppRunner):
    """An AppRunner whose server is a BoundedServer (`per_address` None: not bounded, behind a proxy whose address
    all connections share), with HEADER_SECONDS for the headers."""

    def __init__(self, app: web.Application, *, per_address: int | None, **kwargs: Any) -> None:
        super().__init__(app, keepalive_timeout=HEADER_SECONDS, **kwargs)
        self.per_address = per_address

    async def _make_server(self) -> web.Server:
        made = await super()._make_server()  # the application's start-up, and aiohttp's own server's settings
        if self.per_address is None:
            return made
        return BoundedServer(
            made.request_handler,
            request_factory=made.request_factory,
            handler_cancellation=made.handler_cancellation,
            per_address=self.per_address,
            **made._kwargs,
        )
