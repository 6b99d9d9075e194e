"""How long Python's garbage collector stops a process, by generation: a full (generation 2) collection of a big
heap stops the event loop for tens of milliseconds, which a 10 ms ticker sees only as an occasional spike."""

from __future__ import annotations

import gc
import time
from collections import defaultdict
from typing import Any


class GcPauses:
    """Collects each collection's duration while `start()`ed (gc.callbacks), until `stop()`."""

    def __init__(self) -> None:
        self.pauses: defaultdict[int, list[float]] = defaultdict(list)
        self._began = 0.0

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        else:
            self.pauses[info["generation"]].append(time.perf_counter() - self._began)

    def start(self) -> GcPauses:
        gc.callbacks.append(self._callback)
        return self

    def stop(self) -> None:
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)

    def summary(self) -> dict[str, dict[str, float]]:
        """Per generation: collections, total, p99 and longest pause in ms."""
        out = {}
        for generation, pauses in sorted(self.pauses.items()):
            ordered = sorted(pauses)
            out[f"generation {generation}"] = {
                "count": len(ordered), "total_ms": round(1000 * sum(ordered), 1),
                "p99_ms": round(1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 2),
                "max_ms": round(1000 * ordered[-1], 2),
            }
        return out
