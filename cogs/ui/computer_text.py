"""The computer opponent in words (issue 16): its levels, and a player's record against it for /stats player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.computer import LEVELS


class LevelRecordLike(Protocol):
    """A player's record against one level (the service's `computer_records`)."""

    @property
    def level(self) -> str: ...

    @property
    def played(self) -> int: ...

    @property
    def won(self) -> int: ...

    @property
    def points_per_game(self) -> float: ...


def level_help() -> str:
    """One line per level, weakest first: how deep it looks and how much noise blurs its judgement."""
    return "\n".join(f"`{level.name}` — {level.description}" for level in LEVELS)


def computer_record_lines(records: Sequence[LevelRecordLike]) -> str:
    """/stats: played, won and points per game against the computer, per level, weakest first."""
    order = {level.name: index for index, level in enumerate(LEVELS)}
    lines = []
    for record in sorted(records, key=lambda r: order.get(r.level, len(order))):
        lines.append(
            f"{record.level}: {record.played} played · {record.won} won · {record.points_per_game:+.2f} points per game"
        )
    return "\n".join(lines)
