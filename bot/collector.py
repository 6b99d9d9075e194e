"""Shorter pauses of Python's cyclic garbage collector in the bot process.

A full collection walks every container object the process holds and stops the event loop meanwhile: under load
(200 tables) the bot made 5-7 of them a minute at 40-50 ms each, and every click in flight waited for it (the
human tables' board p99 tail). Most of those objects are made at the start (modules, discord.py's
caches of the guilds and channels) and live as long as the process: frozen once the bot is ready, later collections
never walk them again (`gc.freeze`, meant for this).

What the bot keeps while it runs (matches, caches of plays and names, discord.py's views and buckets) is still
walked by each full collection: at 400 tables some 70,000 objects, 12-60 ms a collection, about a dozen a minute,
each in the p99 of the presses waiting meanwhile. Full collections are made ten times rarer (`FULL_EVERY`):
cyclic garbage that lives long enough to reach the oldest generation is rare, and it waits longer to be freed.
"""

from __future__ import annotations

import gc
import logging

log = logging.getLogger(__name__)

_frozen = False

#: Collections of the middle generation between two full collections (Python's default: 10).
FULL_EVERY = 100


def freeze_start_up_objects() -> None:
    """Once, when the bot is first ready: collect what the start left as garbage, freeze everything alive, and make
    full collections rarer from then on. (Called again after a reconnect it does nothing: objects made since are
    the ones to keep collecting.)"""
    global _frozen
    if _frozen:
        return
    _frozen = True
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_EVERY)
    log.info("Froze %d objects of the start out of garbage collection", gc.get_freeze_count())
