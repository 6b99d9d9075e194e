"""The bot's own errors in a load run, read from its coloured log (bench/load/bot_log.py)."""

from __future__ import annotations

from bench.load.bot_log import logged_errors

LOG = (
    "\x1b[30;1m2026-11-29 17:30:36\x1b[0m \x1b[34;1mINFO    \x1b[0m \x1b[35mbot.app\x1b[0m Synced 6 commands\n"
    "\x1b[30;1m2026-11-29 17:31:27\x1b[0m \x1b[31mERROR   \x1b[0m \x1b[35mcogs.ui.errors\x1b[0m Unexpected error in "
    "interaction 157 (bg:276:11:done)\n"
    "\x1b[31mTraceback (most recent call last):\n"
    '  File "cogs/ui/views.py", line 79, in _hand_over\n'
    "AttributeError: 'NoneType' object has no attribute 'getall'\x1b[0m\n"
    "\x1b[30;1m2026-11-29 17:31:27\x1b[0m \x1b[33;1mWARNING \x1b[0m \x1b[35mcogs.ui.errors\x1b[0m Could not answer\n"
    "Traceback (most recent call last):\n"
    "discord.errors.HTTPException: 400 Bad Request (error code: 40060)\n"
    "2026-11-29 17:31:28,123 CRITICAL bot Stopping\n"
)


def test_the_error_records_are_kept_with_their_tracebacks_and_nothing_else() -> None:
    errors = logged_errors(LOG)
    assert errors == [
        "2026-11-29 17:31:27 ERROR    cogs.ui.errors Unexpected error in interaction 157 (bg:276:11:done)\n"
        "Traceback (most recent call last):\n"
        '  File "cogs/ui/views.py", line 79, in _hand_over\n'
        "AttributeError: 'NoneType' object has no attribute 'getall'",
        "2026-11-29 17:31:28,123 CRITICAL bot Stopping",
    ]
    assert logged_errors(LOG.split("\x1b[30;1m2026-11-29 17:31:27")[0]) == []
