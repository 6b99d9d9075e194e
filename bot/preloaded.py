"""The forkserver's last preloaded module (bot.processes.WORKER_MODULES): it freezes every object the modules before
it made, so that the workers forked from it never walk them in a collection. A collection writes to each object
it walks, and the kernel then copies that object's page, shared with the forkserver until then, into the worker."""

from __future__ import annotations

import gc

gc.collect()
gc.freeze()
