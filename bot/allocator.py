"""glibc's allocator, told to give memory back: a process that handles big short-lived blocks (bgsage's nets in
the analysis worker, the static boards drawn large in a drawing process) otherwise keeps their freed megabytes in
its heap for good, since glibc raises its mmap threshold to the size of the largest block freed, so that the next
ones come from the heap, which never shrinks. Elsewhere than glibc (musl, macOS) both calls do nothing."""

from __future__ import annotations

import ctypes
import ctypes.util

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


def map_big_blocks() -> bool:
    """From now on every block of MMAP_THRESHOLD or more gets a mapping of its own, returned when freed. False
    where the allocator could not be told."""
    return _LIBC is None or bool(_LIBC.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))


def trim() -> None:
    """Give the heap's free memory back to the system now."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)
