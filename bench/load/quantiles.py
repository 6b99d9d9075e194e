"""The one quantile rule of the load tools (harness, GC pauses, the bot's probes): the value at `fraction` of the
sorted samples, the largest for 1.0. Its own module so that the probes inside the bot can use it without the
harness, which pulls in the Discord stand-in."""

from __future__ import annotations

from collections.abc import Sequence


def quantile(ordered: Sequence[float], fraction: float) -> float:
    """`ordered` sorted and not empty."""
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]
