"""The analysis worker's memory: measured, not guessed.

Measured in a worker analysing 20 one-point matches (bench/bench_analysis_memory.py): about 180 MB of PSS at
the peak, of which the Python, numpy and bgsage imports are 30 MB; each bgsage analyzer loads its own copy of the
24 nets (18 MB a copy) and of the bearoff database (5 MB), and the analysis uses two (1 and 2 ply: three copies
of the nets); bgsage's own 2-ply cube call (where the held net cannot answer: bot.computer.two_ply) loads the
nets once more from disk and frees them after the call, and glibc keeps such freed megabytes in its heap
(bot.allocator).

Here: the 1-ply analyzer shares the 2-ply one's net (`sage.share_one_ply`), the 2-ply search runs without its
position cache (bgsage wrote the cache's whole 41 MB table after every play: a private copy in every worker),
big blocks always get their own mapping (returned to the system when freed) and the heap is trimmed after each
analysis. The worker itself is recycled after a number of analyses and stopped when idle (bot.computer.pool).
"""

from __future__ import annotations

import logging

from bot import allocator
from bot.computer import sage

log = logging.getLogger(__name__)


def limit() -> None:
    """Once, in the worker before its first analysis."""
    if not allocator.map_big_blocks():
        log.warning("The analysis worker could not set its allocator's mmap threshold")
    if sage.available() and not sage.share_one_ply():
        log.warning("The analysis worker could not share bgsage's 1-ply net (another bgsage version?)")


def release() -> None:
    """After each analysis: give the heap's free memory back to the system."""
    allocator.trim()
