"""bench/load/gc_pauses.py: the collector's pauses, by generation, while started; full ones with their time."""

from __future__ import annotations

import gc

from bench.load.gc_pauses import GcPauses


def test_collections_are_timed_while_started_and_full_ones_are_dated() -> None:
    pauses = GcPauses().start()
    try:
        gc.collect(0)
        gc.collect(2)
    finally:
        pauses.stop()
    gc.collect(2)  # after stop(): not counted
    summary = pauses.summary()
    assert summary["generation 0"]["count"] >= 1 and summary["generation 2"]["count"] == 1
    assert summary["generation 2"]["max_ms"] > 0
    ((at, ms),) = summary["full collections"]["at_s_and_ms"]
    assert at >= 0 and abs(ms - summary["generation 2"]["max_ms"]) <= 0.1  # one pause, rounded two ways
