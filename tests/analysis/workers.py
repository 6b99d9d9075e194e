"""Analysis worker tasks that misbehave, for the job tests (they run in the pool's worker processes: importable),
and a pool that answers at once without a worker."""

from __future__ import annotations

import asyncio
import os
from typing import Any

from bot.analysis import MatchAnalysis


def exit_at_once(log_json: str, level: str) -> dict[str, Any]:
    """A worker that dies on every analysis (as one killed for its memory would)."""
    os._exit(3)


EMPTY = MatchAnalysis("standard", ("Alice", "Bob"), 1, (), ())


class HeldPool:
    """Stands in for the analysis pool: answers at once with an empty analysis, once `release` is set."""

    timeout = 900.0

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.runs = 0

    async def run(self, log_json: str, level: str) -> dict[str, Any]:
        await self.release.wait()
        self.runs += 1
        return {"analysis": EMPTY.to_json()}

    def worker_pids(self) -> list[int]:
        return []

    def close(self) -> None:
        pass
