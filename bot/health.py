"""`python -m bot.health`: exit 0 when this process's bot is up, 1 (with the reason) when it is not.

For container health checks (compose.yaml). It reads the heartbeat the running bot records every 2 seconds in the
database (the turn timer, `meta` table; a sharded process has its own, bot.sharding.heartbeat_key), with the same
settings as the bot. A fresh heartbeat shows at once that the database answers and that the bot's loop runs and
can write; a stopped, hung or disconnected-from-the-database bot goes stale within `--max-age` seconds.
The database is read by bot.store.heartbeats.
"""

from __future__ import annotations

import argparse
import sys
import time

from bot.settings import Settings, SettingsError
from bot.sharding import heartbeat_key
from bot.store.heartbeats import Unreadable, last_heartbeat

#: A heartbeat older than this means the bot is not running (it beats every 2 s; restarts take a few).
DEFAULT_MAX_AGE_SECONDS = 30.0


class Unhealthy(Exception):
    """The bot is not up; the message says why, in one line."""


def check(settings: Settings, max_age: float, now: float | None = None) -> str:
    """A line saying the bot is up, or Unhealthy."""
    shards = settings.shards()
    try:
        beat = last_heartbeat(settings.database(), heartbeat_key(shards))  # the bot's own, without migrating it
    except Unreadable as error:
        raise Unhealthy(str(error)) from None
    if beat is None:
        raise Unhealthy(f"the bot ({shards.describe()}) has not recorded a heartbeat yet")
    age = (time.time() if now is None else now) - beat
    if age > max_age:
        raise Unhealthy(f"the bot ({shards.describe()}) last recorded a heartbeat {age:.0f} s ago")
    return f"up: {shards.describe()}, heartbeat {max(age, 0.0):.1f} s ago"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.health", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--max-age",
        type=float,
        default=DEFAULT_MAX_AGE_SECONDS,
        help=f"seconds a heartbeat stays fresh (default {DEFAULT_MAX_AGE_SECONDS:.0f})",
    )
    arguments = parser.parse_args(argv)
    try:
        print(check(Settings.load(), arguments.max_age))
    except (SettingsError, Unhealthy) as error:
        print(f"unhealthy: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
