"""What `/leaderboard`, `/stats` and `/history` show, read for the cogs, which hold no database handle.

The ladder's queries live in bot.ratings.store and the analysed PRs in bot.analysis.jobs; this is the one object the
records cog asks, so that storage stays behind a service as it does for the game (bot.service)."""

from __future__ import annotations

from bot.analysis.jobs import prs_of_matches, recent_prs
from bot.ratings import store
from bot.ratings.records import HistoryEntry, LeaderboardPage, PlayerStats
from bot.store.backend import Database


class RecordsService:
    """Read-only: the guild's ladder, a player's stats, history, stored name and analysed PRs."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def leaderboard_page(self, guild_id: int, page: int, *, caller_id: int) -> LeaderboardPage:
        return await store.leaderboard_page(self._db, guild_id, page, caller_id=caller_id)

    async def player_stats(self, guild_id: int, user_id: int, *, viewer_id: int, name: str) -> PlayerStats:
        return await store.player_stats(self._db, guild_id, user_id, viewer_id=viewer_id, name=name)

    async def recent_matches(self, guild_id: int, user_id: int) -> list[HistoryEntry]:
        return await store.recent_matches(self._db, guild_id, user_id)

    async def player_name(self, user_id: int) -> str | None:
        return await store.player_name(self._db, user_id)

    async def recent_prs(self, user_id: int, guild_id: int) -> list[float]:
        """The player's PR in their latest analysed matches of the server, newest first."""
        return await recent_prs(self._db, user_id, guild_id)

    async def prs_of_matches(self, user_id: int, match_ids: list[int]) -> dict[int, float]:
        return await prs_of_matches(self._db, user_id, match_ids)
