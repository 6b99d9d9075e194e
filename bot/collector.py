"""Shorter pauses of Python's cyclic garbage collector in the bot process.

A full collection walks every container object the process holds and stops the event loop meanwhile: under load
(200 tables) the bot made 5-7 of them a minute at 40-50 ms each, and every click in flight waited for it (the
human tables' board p99 tail). Most of those objects are made at the start (modules, discord.py's
caches of the guilds and channels) and live as long as the process: frozen once the bot is ready, later collections
never walk them again (`gc.freeze`, meant for this).
"""

from __future__ import annotations

import gc
import logging

log = logging.getLogger(__name__)

_frozen = False


def freeze_start_up_objects() -> None:
    """Once, when the bot is first ready: collect what the start left as garbage, then freeze everything alive.
    (Called again after a reconnect it does nothing: objects made since are the ones to keep collecting.)"""
    global _frozen
    if _frozen:
        return
    _frozen = True
    gc.collect()
    gc.freeze()
    log.info("Froze %d objects of the start out of garbage collection", gc.get_freeze_count())
