"""A server's daily position setting and its posts, as the store gives them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DailySetting:
    guild_id: int
    channel_id: int
    hour: int  # UTC
    enabled: bool


@dataclass(frozen=True, slots=True)
class StoredPost:
    guild_id: int
    day: int  # days since 1970-01-01, UTC
    channel_id: int
    message_id: int | None  # None until sent; 0: it could not be
    source: str
    puzzle: str  # JSON of bot.daily.puzzle.Puzzle
    revealed: bool
