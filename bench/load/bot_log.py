"""The bot's own errors in a load run, read from its log: a run can pass every check of the stand-in while the bot
logged an exception (a press it took for failed, say), and the log is gone with the run's folder."""

from __future__ import annotations

import re

#: discord.py's log format, coloured when it writes to a terminal: the colours are taken out first.
_COLOUR = re.compile(r"\x1b\[[0-9;]*m")
#: Each record begins with its date and time, then its level.
_RECORD = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d[,.\d]* +(?P<level>[A-Z]+) ", re.MULTILINE)


def logged_errors(log: str) -> list[str]:
    """Every ERROR or CRITICAL record of the log, its traceback included, oldest first."""
    text = _COLOUR.sub("", log)
    starts = list(_RECORD.finditer(text))
    ends = [found.start() for found in starts[1:]] + [len(text)]
    return [
        text[found.start() : end].rstrip()
        for found, end in zip(starts, ends, strict=True)
        if found["level"] in ("ERROR", "CRITICAL")
    ]
