"""What the harness samples while the tables play: the bots' memory, and the lateness of its own event loop."""

from __future__ import annotations

import asyncio
import time

from bench.load.process_stats import pss_by_process
from bench.load.result import LoadResult


async def sample_memory(pids: list[int], result: LoadResult) -> None:
    """Every half second, the peak PSS of each bot with its descendants and of each process. Read in a thread:
    /proc's smaps_rollup walks a process's page tables (about 8 ms for the bot's processes), which on this loop
    stopped the stand-in and the players every half second, and more so with the computer's worker beside them."""
    while True:
        by_bot = await asyncio.to_thread(lambda: [pss_by_process(pid) for pid in pids])
        totals = [sum(by_process.values()) for by_process in by_bot]
        if sum(totals) > result.peak_pss_bytes:
            result.peak_pss_bytes = sum(totals)
            result.pss_at_peak = sorted((pss for by_process in by_bot for pss in by_process.values()), reverse=True)
        for n, total in enumerate(totals):
            result.peak_pss_by_bot[n] = max(result.peak_pss_by_bot[n], total)
        for by_process in by_bot:
            for each, pss in by_process.items():
                result.peak_pss_by_process[each] = max(result.peak_pss_by_process.get(each, 0), pss)
        await asyncio.sleep(0.5)


async def loop_lag(samples: list[float], tick: float = 0.01) -> None:
    """How late this process's event loop wakes a 10 ms sleeper: the players' and the stand-in's own queueing."""
    while True:
        asked = time.monotonic()
        await asyncio.sleep(tick)
        samples.append(time.monotonic() - asked - tick)
