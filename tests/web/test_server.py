"""The web server as it is started (issue 34): `python -m bot.web` refuses to start unconfigured (exit 2, one
paragraph), and two copies share one port over the bot's database (SQLite or PostgreSQL), each serving the pages
and stopping cleanly on SIGTERM; a request that is not proper HTTP, which aiohttp answers before any middleware,
gets a plain answer too: its status's name, the pages' headers, no Server header, nothing echoed."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from bot.store import Database, open_database
from bot.web import signing
from bot.web.app import start
from tests.web.helpers import SECRET, app_for, finished_match

ROOT = Path(__file__).resolve().parents[2]
#: Requests aiohttp's parser refuses, each with a piece it must not echo.
MALFORMED = (
    (b"FOO\x01 / HTTP/1.1\r\nHost: x\r\n\r\n", b"FOO"),
    (b"GET / HTTP/1.1\r\nHost: x\r\nA header without a colon\r\n\r\n", b"colon"),
    (b"GET /" + b"toolong" * 2000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", b"toolong"),
)


def web_process(tmp_path: Path, **settings: str) -> subprocess.Popen[str]:
    """`python -m bot.web` from an empty folder (no developer's .env is read), this checkout's code."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WEB_", "DATABASE_", "LOG_LEVEL"))}
    env.update(PYTHONPATH=str(ROOT), DATABASE_PATH=str(tmp_path / "unused.db"), **settings)
    return subprocess.Popen(
        [sys.executable, "-m", "bot.web"], cwd=tmp_path, env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
        text=True,
    )  # fmt: skip


def raw(port: int, request: bytes) -> bytes:
    """What the server answers to `request` sent as is, up to the connection's close."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


def get(port: int, path: str) -> int:
    head = raw(port, f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
    return int(head.split(b" ", 2)[1])


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def serving(process: subprocess.Popen[str]) -> None:
    """Wait for the process's 'Serving the web pages' line (it exits instead when it cannot bind)."""
    assert process.stderr is not None
    for line in process.stderr:
        if "Serving the web pages" in line:
            return
    raise AssertionError(f"the web server ended with {process.wait()} before serving")


def stop(process: subprocess.Popen[str]) -> int:
    process.send_signal(signal.SIGTERM)
    return process.wait(timeout=20)


def assert_plain_400(answer: bytes, secret_piece: bytes) -> None:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    assert lines[0].split(b" ", 1)[1] == b"400 Bad Request", lines[0]
    headers = {name.lower(): value for name, _, value in (line.partition(b": ") for line in lines[1:])}
    assert b"server" not in headers and b"default-src 'none'" in headers[b"content-security-policy"]
    assert headers[b"x-content-type-options"] == b"nosniff" and headers[b"referrer-policy"] == b"no-referrer"
    assert body == b"Bad Request\n"
    assert secret_piece not in answer and b"aiohttp" not in answer and b"Python" not in answer


async def test_a_request_that_is_not_http_gets_a_plain_400(tmp_path: Path) -> None:
    async with open_database(tmp_path / "gammon.db") as db:
        runner = await start(app_for(db), "127.0.0.1", 0)
        try:
            port = runner.addresses[0][1]
            for request, piece in MALFORMED:
                assert_plain_400(await asyncio.to_thread(raw, port, request), piece)
            assert await asyncio.to_thread(get, port, "/static/style.css") == 200  # and it goes on serving
        finally:
            await runner.cleanup()


def test_unconfigured_it_says_what_to_set_and_exits_2(tmp_path: Path) -> None:
    unset = web_process(tmp_path)
    _, said = unset.communicate(timeout=60)
    assert unset.returncode == 2 and "Traceback" not in said
    assert said.strip().startswith("The web pages are off: set WEB_BASE_URL") and len(said.strip().splitlines()) == 1
    short = web_process(tmp_path, WEB_BASE_URL="https://gammon.example", WEB_SECRET="too short")
    _, said = short.communicate(timeout=60)
    assert short.returncode == 2 and "Traceback" not in said and "WEB_SECRET" in said


async def test_two_copies_serve_the_same_database_on_one_port(db: Database, tmp_path: Path) -> None:
    record = await finished_match(db, length=1)
    port = free_port()
    settings = {
        "DATABASE_URL": db.url,
        "WEB_BASE_URL": f"http://127.0.0.1:{port}",
        "WEB_SECRET": SECRET,
        "WEB_HOST": "127.0.0.1",
        "WEB_PORT": str(port),
    }
    page = signing.match_path(SECRET, record.id)
    first = web_process(tmp_path, **settings)
    second = None
    try:
        await asyncio.to_thread(serving, first)
        assert await asyncio.to_thread(get, port, page) == 200  # the first copy alone
        second = web_process(tmp_path, **settings)
        await asyncio.to_thread(serving, second)  # the port is shared: it binds too
        assert_plain_400(await asyncio.to_thread(raw, port, MALFORMED[0][0]), MALFORMED[0][1])
        assert await asyncio.to_thread(stop, first) == 0  # a clean stop
        assert await asyncio.to_thread(get, port, page) == 200  # the second copy alone
        assert await asyncio.to_thread(get, port, page + "/steps/0.png") == 200
        assert await asyncio.to_thread(stop, second) == 0
    finally:
        for process in (first, second):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
