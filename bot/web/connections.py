"""The web server's connections: a client must finish each request's headers within HEADER_SECONDS (of connecting,
or of the previous answer), and one address holds at most CONNECTIONS_PER_ADDRESS connections at once. Without
them, a client that sends its headers a byte at a time holds a connection (and a file descriptor) for as long as it
likes, and one address can hold as many as the process may open; the rate limit (bot.web.limits) counts requests,
which such a client never completes.

Between requests aiohttp's keep-alive time is the deadline: when it runs out with no complete request, aiohttp
closes the connection (data arriving does not extend it). Before the first request only recent aiohttp releases
arm it, so the server here keeps that deadline itself.
"""

from __future__ import annotations

import asyncio
import collections
import logging
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

log = logging.getLogger(__name__)

#: Seconds a connection may take to send a request's headers, from its start or from the previous answer (so also
#: the longest a connection stays idle between requests).
HEADER_SECONDS = 5.0
#: Connections one address may hold at once: a browser opens six at most to one site; a few people behind one
#: address (a school, a phone network's gateway) stay well within it. Further ones are closed at once.
CONNECTIONS_PER_ADDRESS = 32


def peer_address(transport: asyncio.BaseTransport) -> str:
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"


class BoundedServer(web.Server):
    """aiohttp's server, closing a connection whose first request's headers are not complete within HEADER_SECONDS,
    counting the open connections of each peer address and closing those over the bound (`per_address` None: no
    bound)."""

    def __init__(self, *args: Any, per_address: int | None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.per_address = per_address
        self._first: dict[RequestHandler, asyncio.TimerHandle] = {}  # connections before their first request
        self._open: collections.Counter[str] = collections.Counter()
        self._counted: dict[RequestHandler, str] = {}

    @property
    def request_factory(self) -> Any:
        """aiohttp calls it once a request's headers are complete: its connection's first deadline is met."""
        return self._complete

    @request_factory.setter
    def request_factory(self, factory: Any) -> None:
        self._factory = factory

    def _complete(self, message: Any, payload: Any, protocol: RequestHandler, *args: Any) -> web.BaseRequest:
        deadline = self._first.pop(protocol, None)
        if deadline is not None:
            deadline.cancel()
        return self._factory(message, payload, protocol, *args)  # type: ignore[no-any-return]

    def connection_made(self, handler: RequestHandler, transport: asyncio.Transport) -> None:
        super().connection_made(handler, transport)
        address = peer_address(transport)
        if self.per_address is not None and self._open[address] >= self.per_address:
            log.warning("Closed a connection of %s: it holds %d already", address, self.per_address)
            transport.abort()
            return
        self._open[address] += 1
        self._counted[handler] = address
        self._first[handler] = asyncio.get_running_loop().call_later(HEADER_SECONDS, handler.force_close)

    def connection_lost(self, handler: RequestHandler, exc: BaseException | None = None) -> None:
        deadline = self._first.pop(handler, None)
        if deadline is not None:
            deadline.cancel()
        address = self._counted.pop(handler, None)
        if address is not None:
            self._open[address] -= 1
            if not self._open[address]:
                del self._open[address]
        super().connection_lost(handler, exc)


class BoundedRunner(web.AppRunner):
    """An AppRunner whose server is a BoundedServer, with HEADER_SECONDS as aiohttp's keep-alive time."""

    def __init__(self, app: web.Application, *, per_address: int | None, **kwargs: Any) -> None:
        super().__init__(app, keepalive_timeout=HEADER_SECONDS, **kwargs)
        self.per_address = per_address

    async def _make_server(self) -> web.Server:
        made = await super()._make_server()  # the application's start-up, and aiohttp's own server's settings
        return BoundedServer(
            made.request_handler,
            request_factory=made.request_factory,
            handler_cancellation=made.handler_cancellation,
            per_address=self.per_address,
            **made._kwargs,
        )
