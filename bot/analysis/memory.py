"""The analysis worker's memory: measured, not guessed.

Measured in a worker analysing 20 one-point matches (bench/bench_analysis_memory.py): about 180 MB of PSS at
the peak, of which the Python, numpy and bgsage imports are 30 MB; each bgsage analyzer loads its own copy of the
24 nets (18 MB a copy) and of the bearoff database (5 MB), and the analysis uses two (1 and 2 ply: three copies
of the nets); every 2-ply cube analysis loads the nets once more from disk and frees them after the call, and
glibc keeps those freed megabytes in the heap (its mmap threshold grows to the size of the largest freed block,
so the next copies come from the heap, which never shrinks).

Here: the 1-ply analyzer shares the 2-ply one's net (`sage.share_one_ply`), big blocks always get their own
mapping (returned to the system when freed) and the heap is trimmed after each analysis. The worker itself is
recycled after a number of analyses and stopped when idle (bot.computer.pool).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging

from bot.computer import sage

log = logging.getLogger(__name__)

#: glibc's mallopt parameter for the size from which a block gets its own mapping; setting it also stops glibc
#: from raising it by itself.
_M_MMAP_THRESHOLD = -3
#: 64 KiB: the nets' weight matrices (100-400 KB each) are mapped, small objects stay in the heap.
MMAP_THRESHOLD = 64 * 1024


def _libc() -> ctypes.CDLL | None:
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        libc = ctypes.CDLL(name)
        libc.mallopt, libc.malloc_trim  # noqa: B018  (glibc only: musl and others have neither)
    except (OSError, AttributeError):
        return None
    return libc


_LIBC = _libc()


def limit() -> None:
    """Once, in the worker before its first analysis."""
    if _LIBC is not None and not _LIBC.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD):
        log.warning("The analysis worker could not set its allocator's mmap threshold")
    if sage.available() and not sage.share_one_ply():
        log.warning("The analysis worker could not share bgsage's 1-ply net (another bgsage version?)")


def release() -> None:
    """After each analysis: give the heap's free memory back to the system."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)
