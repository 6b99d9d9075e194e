"""How soon the event loop hands the GIL to the database's threads.

The SQLite connections' threads (aiosqlite) let the GIL go around every sqlite3 call and must take it back from
the event loop, which holds it while it runs the bot's Python. A thread waiting for it gets it when the loop next
lets it go of its own accord, or at the latest after the interpreter's switch interval, when the loop is made
to hand it over: 5 ms by default, and a transaction takes it back several times. At 1 ms a write waits less,
and the loop is interrupted only while a thread waits: at 400 tables the p99 was lower and the CPU per action
not higher (docs/performance.md, "The whole bot under load"); at half a millisecond every figure was worse.
"""

from __future__ import annotations

import sys

#: Seconds the interpreter lets one thread run while another waits for the GIL.
SWITCH_INTERVAL_S = 0.001


def hand_over_sooner() -> None:
    """Set the interpreter's switch interval for the bot's process (it is the process's own, not inherited)."""
    sys.setswitchinterval(SWITCH_INTERVAL_S)
