"""The boards of a match page, drawn by the same renderer as the Discord boards (render.board), from the challenger's
side as every public board is. Drawn on request in a thread (Pillow leaves the event loop free), a few at a time,
and kept: a finished match's boards never change."""

from __future__ import annotations

import asyncio
from collections import OrderedDict

import render
from bot.web.frames import PUBLIC_SIDE, Frame

#: Boards kept in memory: a PNG is about 70 KB (68-70 KB in bench/results/web.json), so these take at most about
#: 36 MB. A match has 60 to 180 steps: several matches' boards; one drawn again costs 30-40 ms.
CACHE_SIZE = 512
#: Boards drawn at the same time; more wait their turn.
DRAWING_AT_ONCE = 2


def draw(frame: Frame) -> bytes:
    """The PNG of one frame (blocking)."""
    return render.board(frame.state, perspective=PUBLIC_SIDE, last_play=frame.last_play)


class Boards:
    def __init__(self, size: int = CACHE_SIZE) -> None:
        self._size = size
        self._cache: OrderedDict[tuple[int, int], bytes] = OrderedDict()
        self._drawing: asyncio.Semaphore | None = None

    async def png(self, match_id: int, frame: Frame) -> bytes:
        key = (match_id, frame.index)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        if self._drawing is None:
            self._drawing = asyncio.Semaphore(DRAWING_AT_ONCE)
        async with self._drawing:
            png = await asyncio.to_thread(draw, frame)
        self._cache[key] = png
        while len(self._cache) > self._size:
            self._cache.popitem(last=False)
        return png
