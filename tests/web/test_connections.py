"""Slow clients cannot hold the web server's connections: a connection whose request headers are not complete
within HEADER_SECONDS is closed (data dribbling in does not extend it), and one address holds at most
CONNECTIONS_PER_ADDRESS connections (those over it are closed at once), while other addresses are served."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest
from aiohttp.web_protocol import RequestHandler

from bot.store import open_database
from bot.web.app import start
from bot.web.connections import CONNECTIONS_PER_ADDRESS, HEADER_SECONDS
from tests.web.helpers import app_for

SLOW = 300
#: A second loopback address (all of 127/8 is the machine itself on Linux): another client than the slow one.
OTHER = "127.0.0.2"


async def slow_client(port: int, opened: asyncio.Event) -> float:
    """Seconds until the server closes the connection, while the client sends its headers a byte every 0.2 s."""
    loop = asyncio.get_running_loop()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    started = loop.time()
    writer.write(b"GET /static/style.css HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    opened.set()

    async def dribble() -> None:
        with contextlib.suppress(OSError):
            while True:
                await asyncio.sleep(0.2)
                writer.write(b"a")
                await writer.drain()

    dribbling = asyncio.create_task(dribble())
    try:
        with contextlib.suppress(ConnectionResetError):
            assert await asyncio.wait_for(reader.read(), HEADER_SECONDS + 10) == b""  # closed, nothing answered
        return loop.time() - started
    finally:
        dribbling.cancel()
        writer.close()


async def status(port: int, source: str) -> int | None:
    """A whole request from `source`: the answer's status, None when the connection is closed unanswered."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    try:
        writer.write(b"GET /static/style.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        with contextlib.suppress(ConnectionResetError):
            answer = await asyncio.wait_for(reader.read(), 10)
            return int(answer.split(b" ", 2)[1]) if answer else None
        return None
    finally:
        writer.close()


@pytest.mark.parametrize("aiohttp_keepalive", [True, False], ids=["as-is", "no-idle-close-in-aiohttp"])
async def test_slow_connections_are_closed_and_bounded_per_address_while_others_are_served(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, aiohttp_keepalive: bool
) -> None:
    """`no-idle-close-in-aiohttp`: as with an aiohttp release that closes no connection before its first request
    (its keep-alive time counts from an answer only), the server's own deadline closes them all the same."""
    if not aiohttp_keepalive:
        monkeypatch.setattr(RequestHandler, "_process_keepalive", lambda self: None)
    async with open_database(tmp_path / "gammon.db") as db:
        runner = await start(app_for(db), "127.0.0.1", 0)
        try:
            port = runner.addresses[0][1]
            opened = [asyncio.Event() for _ in range(SLOW)]
            clients = [asyncio.create_task(slow_client(port, event)) for event in opened]
            await asyncio.gather(*(event.wait() for event in opened))
            await asyncio.sleep(1.0)
            assert [await status(port, OTHER) for _ in range(3)] == [200, 200, 200]  # another address is served
            assert await status(port, "127.0.0.1") is None  # the slow one's address holds all it may
            closed = sorted(await asyncio.gather(*clients))
            assert await status(port, "127.0.0.1") == 200  # its connections closed, the address is served again
        finally:
            await runner.cleanup()
    over = SLOW - CONNECTIONS_PER_ADDRESS
    assert all(seconds < 1.0 for seconds in closed[:over]), closed[over - 1]  # over the bound: closed at once
    held = closed[over:]
    assert all(HEADER_SECONDS - 0.5 < seconds < HEADER_SECONDS + 2 for seconds in held), (held[0], held[-1])
