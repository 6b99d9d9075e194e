"""The live board's test helpers: `python -m bot.web` as its own process over a bot's database, with the Activity
on and Discord's API at the stand-in, and a page's side of the conversation (`Page`: the sign-in with a code the
stand-in hands out, then the socket's messages), as the Activity's script speaks it."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from tests.support.discord_standin import DiscordStandin
from tests.support.discord_standin.launcher import ROOT
from tests.support.discord_standin.model import User

#: The web secret the tests' web server and bot share (it signs the sessions too).
SECRET = "activity-tests-secret-0123456789-abcdefgh"
#: A bot's settings where the live board is set up (the application's id and secret, and the web pages), which it
#: then offers on its boards and with /bg live.
LIVE_BOARD_BOT = {
    "DISCORD_CLIENT_ID": "1",
    "DISCORD_CLIENT_SECRET": "set",
    "WEB_BASE_URL": "http://127.0.0.1:9",
    "WEB_SECRET": SECRET,
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class WebProcess:
    port: int
    log_path: Path
    env: dict[str, str]
    workdir: Path
    process: asyncio.subprocess.Process | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def activity_env(standin: DiscordStandin, database: Path | None, port: int, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DISCORD_", "WEB_", "DATABASE_"))}
    env.update(
        WEB_BASE_URL=f"http://127.0.0.1:{port}",
        WEB_SECRET=SECRET,
        WEB_PORT=str(port),
        DISCORD_CLIENT_ID=str(standin.application_id),
        DISCORD_CLIENT_SECRET=standin.oauth.client_secret,
        DISCORD_API_URL=f"{standin.base_url}/api/v10",
        PYTHONPATH=str(ROOT),
    )
    if database is not None:
        env["DATABASE_PATH"] = str(database)
    env.update(extra)
    return env


@asynccontextmanager
async def web_process(env: dict[str, str], workdir: Path) -> AsyncIterator[WebProcess]:
    """`python -m bot.web` with `env`, serving once its port answers."""
    web = WebProcess(int(env["WEB_PORT"]), workdir / "web.log", env, workdir)
    await start_web(web)
    try:
        yield web
    finally:
        await stop_web(web)


async def start_web(web: WebProcess) -> None:
    """Start (or start again) the web server on its port, returning once it answers there."""
    with web.log_path.open("ab") as log:
        web.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot.web",
            cwd=web.workdir,
            env=web.env,
            stdout=log,
            stderr=asyncio.subprocess.STDOUT,
        )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if web.process.returncode is not None:
            raise AssertionError(f"the web server exited with {web.process.returncode}:\n{web.log()}")
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", web.port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.05)
    raise AssertionError(f"the web server did not listen within 20 s:\n{web.log()}")


async def stop_web(web: WebProcess) -> None:
    if web.process is not None and web.process.returncode is None:
        web.process.terminate()
        await web.process.wait()


@dataclass
class Page:
    """One page of the Activity: its sign-in and socket."""

    web: WebProcess
    http: aiohttp.ClientSession
    session: str = ""
    socket: aiohttp.ClientWebSocketResponse | None = None
    received: list[dict[str, Any]] = field(default_factory=list)
    state: dict[str, Any] | None = None

    async def sign_in(self, standin: DiscordStandin, user: User) -> str:
        code = standin.oauth.code_for(user)
        async with self.http.post(f"{self.web.url}/activity/api/token", json={"code": code}) as answer:
            assert answer.status == 200, await answer.text()
            body = await answer.json()
        self.session = body["session"]
        return self.session

    async def open(self, channel_id: int | None, session: str | None = None) -> None:
        self.socket = await self.http.ws_connect(f"{self.web.url}/activity/api/ws")
        hello = {"type": "hello", "session": session or self.session, "language": "en-US"}
        await self.send(hello | {"channel": None if channel_id is None else str(channel_id)})

    async def send(self, message: dict[str, Any]) -> None:
        assert self.socket is not None
        await self.socket.send_str(json.dumps(message))

    async def next(self, kind: str, timeout: float = 5.0) -> dict[str, Any]:
        """The next message of `kind` (those before it are kept in `received`)."""
        assert self.socket is not None
        async with asyncio.timeout(timeout):
            while True:
                raw = await self.socket.receive()
                if raw.type is not aiohttp.WSMsgType.TEXT:
                    return {"type": "closed"}
                message = json.loads(raw.data)
                self.received.append(message)
                if message["type"] == "state":
                    self.state = message["state"]
                if message["type"] == kind:
                    return message

    async def state_where(self, check: Callable[[dict[str, Any]], bool], timeout: float = 5.0) -> dict[str, Any]:
        """The page's state once `check` holds, within `timeout` seconds in all (states that do not hold keep coming,
        the clocks'); the socket closing fails at once (reading a closed socket never waits, so the wait would spin)."""
        async with asyncio.timeout(timeout):
            while self.state is None or not check(self.state):
                if (await self.next("state", timeout))["type"] == "closed":
                    raise AssertionError("The page's socket closed before its state got there")
        assert self.state is not None
        return self.state

    async def act(self, action: str, **more: Any) -> None:
        assert self.state is not None
        await self.send(
            {"type": "act", "match": self.state["match"], "version": self.state["version"]} | {"action": action, **more}
        )

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
