"""Checker candidates ranked in a worker process of their own (bot.computer.pool), never on the event loop: one
position a day per server is no latency-critical work, so the worker starts when asked and ends when idle."""

from __future__ import annotations

import json
from dataclasses import asdict

from bot.analysis.result import DecisionResult
from bot.computer.pool import ComputerPool
from bot.daily.puzzle import Candidate
from bot.daily.ranking import PLIES, rank_in_worker

#: The longest a ranking may take before its worker is replaced (a 2-ply ranking takes about a second).
TIMEOUT = 120.0
#: Seconds without a ranking after which the worker ends.
IDLE_SECONDS = 60.0


class Ranker:
    def __init__(self, threads: int = 1) -> None:
        self.threads = threads
        self._pool: ComputerPool | None = None

    def pool(self) -> ComputerPool:
        if self._pool is None:
            self._pool = ComputerPool(
                1, timeout=TIMEOUT, retries=1, task=rank_in_worker, idle_seconds=IDLE_SECONDS, threads=self.threads
            )
        return self._pool

    async def __call__(self, decision: DecisionResult) -> tuple[Candidate, ...]:
        """:raises RuntimeError: when the ranking failed; the pool's error when its worker died or overran."""
        answer = await self.pool().run(json.dumps(asdict(decision)), str(PLIES))
        if "error" in answer:
            raise RuntimeError(f"The daily position's ranking failed:\n{answer['error']}")
        return tuple(Candidate(str(text), float(equity), bool(played)) for text, equity, played in answer["candidates"])

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
