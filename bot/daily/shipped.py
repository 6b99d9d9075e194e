"""The daily positions shipped with the bot (positions.json, made by scripts/daily_positions.py from the project's
own analysed self-play): posted in turn where a server has no analysed decision left to use."""

from __future__ import annotations

import functools
import json
from collections.abc import Collection
from importlib import resources

from bot.daily.puzzle import Puzzle


@functools.cache
def shipped() -> tuple[tuple[str, Puzzle], ...]:
    """(source, position) of every shipped position, in the file's order."""
    text = resources.files("bot.daily").joinpath("positions.json").read_text(encoding="utf-8")
    return tuple((str(entry["id"]), Puzzle.from_dict(entry["puzzle"])) for entry in json.loads(text))


def next_shipped(used: Collection[str]) -> tuple[str, Puzzle]:
    """The first shipped position the server has not had; once it has had them all, they come round again in the
    same order (a round's sources are marked `#n`, so that each round posts each position once)."""
    positions = shipped()
    for round_number in range(len(used) // max(1, len(positions)) + 2):
        for source, puzzle in positions:
            key = source if round_number == 0 else f"{source}#{round_number}"
            if key not in used:
                return key, puzzle
    raise AssertionError("unreachable: a round with an unused position always exists")
