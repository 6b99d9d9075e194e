"""When a server's daily position is due. Days and hours are UTC (the bot keeps no time zone per server): a day
is the days since 1970-01-01, and a server's post of day d is due from d at its hour. A bot that was down posts
once for the day it comes back on, never the days it missed."""

from __future__ import annotations

DAY = 86_400
HOUR = 3_600


def day_of(now: float) -> int:
    return int(now // DAY)


def due_day(hour: int, last_day: int | None, now: float) -> int | None:
    """The day to post for now, None when the server's latest post (`last_day`) is today's or its hour has not
    come yet. A server turned on after its hour gets the day's position at once."""
    today = day_of(now)
    if last_day is not None and last_day >= today:
        return None
    return today if now >= today * DAY + hour * HOUR else None
