"""How long Python's garbage collector stops a process, by generation: a full (generation 2) collection of a big
heap stops the event loop for tens of milliseconds, which a 10 ms ticker sees only as an occasional spike."""

from __future__ import annotations

import gc
import time
from collections import defaultdict
from typing import Any

from bench.load.quantiles import quantile


class GcPauses:
    """Collects each collection's duration while `start()`ed (gc.callbacks), until `stop()`."""

    def __init__(self) -> None:
        self.pauses: defaultdict[int, list[float]] = defaultdict(list)
        self.full: list[tuple[float, float]] = []  # (seconds since start(), pause) of each generation 2 collection
        self._began = 0.0
        self._started = time.perf_counter()

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        else:
            pause = time.perf_counter() - self._began
            self.pauses[info["generation"]].append(pause)
            if info["generation"] == 2:
                self.full.append((self._began - self._started, pause))

    def start(self) -> GcPauses:
        gc.callbacks.append(self._callback)
        return self

    def stop(self) -> None:
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)

    def summary(self) -> dict[str, dict[str, Any]]:
        """Per generation: collections, total, p99 and longest pause in ms."""
        out = {}
        for generation, pauses in sorted(self.pauses.items()):
            ordered = sorted(pauses)
            out[f"generation {generation}"] = {
                "count": len(ordered),
                "total_ms": round(1000 * sum(ordered), 1),
                "p99_ms": round(1000 * quantile(ordered, 0.99), 2),
                "max_ms": round(1000 * ordered[-1], 2),
            }
        if self.full:  # when each full collection came: those of a process's start are not those of its load
            out["full collections"] = {
                "at_s_and_ms": [[round(at, 1), round(1000 * pause, 1)] for at, pause in self.full]
            }
        return out
