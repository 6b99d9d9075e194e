"""bot/collector.py: the objects of the start are frozen out of garbage collection once, when the bot is ready, and
full collections are made rarer."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot.collector import FULL_EVERY

ROOT = Path(__file__).resolve().parents[1]
FREEZE_TWICE = """
import gc
import bot.app
from bot.collector import freeze_start_up_objects
assert gc.get_freeze_count() == 0
freeze_start_up_objects()
first = gc.get_freeze_count()
made_later = [[n] for n in range(1000)]  # objects of the running bot: still collected
freeze_start_up_objects()  # a reconnect's on_ready
print(first, gc.get_freeze_count(), len(gc.get_objects()), *gc.get_threshold())
"""


def test_the_start_is_frozen_once_and_later_objects_stay_collectable() -> None:
    # its own process: freezing the test runner's objects would change other tests' memory
    done = subprocess.run([sys.executable, "-c", FREEZE_TWICE], cwd=ROOT, capture_output=True, text=True, check=True)
    first, after_second, tracked, *threshold = map(int, done.stdout.split())
    assert first > 20_000  # the bot's modules, discord.py and the rest loaded by bot.app
    assert after_second == first  # the second call froze nothing more
    assert tracked >= 1000  # the lists made after the freeze are still tracked (collectable)
    assert threshold == [700, 10, FULL_EVERY]  # full collections rarer, the young ones as Python makes them
