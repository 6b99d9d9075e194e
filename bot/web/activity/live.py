"""Who watches which match, and keeping them up to date: every POLL_SECONDS the stored version of each watched
match is read (one indexed row each, only for matches with viewers), and a change, made here or by the bot's
process, sends every viewer the new state, each from their own seat. A socket that cannot take it is dropped."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.service import GameService, MatchRecord, ServiceError
from bot.store import activity as activity_store
from bot.store.backend import Database
from bot.web.activity.state import board_state

log = logging.getLogger(__name__)

#: Seconds between two looks at the watched matches' versions: a change reaches the pages well within 200 ms.
POLL_SECONDS = 0.05


@dataclass(eq=False)
class Viewer:
    """One page's socket: the member it speaks for, their language, and the match it watches."""

    socket: web.WebSocketResponse
    user_id: int
    language: str
    address: str
    match_id: int | None = None
    sent: set[int] = field(default_factory=set)


class Live:
    def __init__(self, db: Database, games: GameService, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.games = games
        self.clock = clock
        self._viewers: dict[int, set[Viewer]] = {}
        self._versions: dict[int, int] = {}
        self._task: asyncio.Task[None] | None = None

    def watch(self, viewer: Viewer, match_id: int) -> None:
        self.leave(viewer)
        viewer.match_id = match_id
        self._viewers.setdefault(match_id, set()).add(viewer)

    def leave(self, viewer: Viewer) -> None:
        if viewer.match_id is None:
            return
        watching = self._viewers.get(viewer.match_id, set())
        watching.discard(viewer)
        if not watching:
            self._viewers.pop(viewer.match_id, None)
            self._versions.pop(viewer.match_id, None)
        viewer.match_id = None

    def watched(self) -> list[int]:
        return list(self._viewers)

    async def send(self, viewer: Viewer, message: dict[str, Any]) -> None:
        if viewer.socket.closed:
            return
        with contextlib.suppress(ConnectionError, RuntimeError):
            await viewer.socket.send_str(json.dumps(message, separators=(",", ":")))

    async def show(self, viewer: Viewer, record: MatchRecord) -> None:
        await self.send(viewer, {"type": "state", "state": board_state(record, viewer.user_id, self.clock())})

    async def changed(self, record: MatchRecord) -> None:
        """Send the record's version to everyone watching it, once."""
        if self._versions.get(record.id, -1) >= record.version:
            return
        self._versions[record.id] = record.version
        for viewer in list(self._viewers.get(record.id, ())):
            await self.show(viewer, record)

    async def look(self) -> None:
        """One round: every watched match whose stored version moved is sent again."""
        for match_id in self.watched():
            version = await activity_store.version_of(self.db, match_id)
            if version is None or self._versions.get(match_id, -1) >= version:
                continue
            try:
                await self.changed(await self.games.match(match_id))
            except ServiceError:
                log.exception("Match %s could not be read for its live board", match_id)

    async def run(self) -> None:
        while True:
            try:
                await self.look()
            except Exception:  # a database hiccup: the next round looks again
                log.exception("The live boards' look at their matches failed")
            await asyncio.sleep(POLL_SECONDS)

    async def start(self, app: web.Application) -> None:
        self._task = asyncio.create_task(self.run())

    async def stop(self, app: web.Application) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
