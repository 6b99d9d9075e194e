"""The action log: a match is its names and options plus every action in order, with the dice each one drew.

Replaying the log rebuilds the exact state without a dice source. Storage, exports and analysis read it, so
its JSON form carries a format version and round-trips without loss.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.engine.actions import Action, action_from_json, action_to_json
from bot.engine.options import MatchOptions

LOG_FORMAT = "gammon-match-log"
LOG_VERSION = 1


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One action and the dice drawn while applying it (its own roll and any automatic rolls it caused)."""

    action: Action
    dice: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class MatchLog:
    """Everything needed to rebuild a match. `start_dice` are the dice of the first game's opening roll."""

    names: tuple[str, str]
    options: MatchOptions
    start_dice: tuple[int, ...]
    entries: tuple[LogEntry, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": LOG_FORMAT,
            "version": LOG_VERSION,
            "names": list(self.names),
            "options": self.options.to_dict(),
            "start_dice": list(self.start_dice),
            "actions": [{**action_to_json(entry.action), "dice": list(entry.dice)} for entry in self.entries],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchLog:
        """Read a log; raises ValueError when it is not a match log of a version this code knows."""
        if not isinstance(data, dict) or data.get("format") != LOG_FORMAT:
            raise ValueError("This is not a match log.")
        if data.get("version") != LOG_VERSION:
            raise ValueError(f"Match log version {data.get('version')!r} is not supported (expected {LOG_VERSION}).")
        try:
            first, second = (str(name) for name in data["names"])
            entries = []
            for item in data["actions"]:
                fields = {key: value for key, value in item.items() if key != "dice"}
                entries.append(LogEntry(action_from_json(fields), tuple(int(die) for die in item["dice"])))
            return cls(
                (first, second),
                MatchOptions.from_dict(data["options"]),
                tuple(int(die) for die in data["start_dice"]),
                tuple(entries),
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"The match log is malformed: {error}") from error

    @classmethod
    def from_json(cls, text: str) -> MatchLog:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"The match log is not valid JSON: {error}") from error
        return cls.from_dict(data)
