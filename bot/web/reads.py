"""Everything the pages read, through the services and stores the bot uses; read-only, nothing is ever written.

A running match is never read as a page (no help while it is played): `finished_match` gives None for it, as for
an unknown or damaged match, and the server answers those alike with a 404.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.analysis import MatchAnalysis
from bot.ratings import store as ratings_store
from bot.ratings.records import HistoryEntry, LeaderboardPage, PlayerStats
from bot.ratings.service import RecordsService
from bot.service import CorruptMatchError, GameService, MatchRecord, MatchStatus, NotFoundError
from bot.store import analysis as analysis_store
from bot.store import web as web_store
from bot.store.backend import Database
from bot.store.web import FinishedRow
from bot.tournaments.records import Tournament
from bot.tournaments.service import TournamentService
from bot.tutor.advice import Note

log = logging.getLogger(__name__)

#: Matches the server page lists.
RECENT_MATCHES = 20
#: Players the server page's ladder lists.
LADDER_SIZE = 50


@dataclass(frozen=True, slots=True)
class ServerData:
    guild_id: int
    ladder: LeaderboardPage
    recent: list[FinishedRow]
    tournaments: list[Tournament]


@dataclass(frozen=True, slots=True)
class PlayerData:
    guild_id: int
    stats: PlayerStats
    history: list[HistoryEntry]
    prs: list[float]  # newest first


class WebReads:
    """The pages' one door to the data."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.games = GameService(db, cache_size=64)
        self.records = RecordsService(db)
        self.tournaments = TournamentService(db, self.games)

    async def finished_match(self, match_id: int) -> MatchRecord | None:
        """The match once it is over (finished or stopped); None while it runs, or when there is none."""
        try:
            record = await self.games.match(match_id)
        except NotFoundError:
            return None
        except CorruptMatchError as error:
            log.error("%s", error)
            return None
        return None if record.status is MatchStatus.ACTIVE else record

    async def analysis(self, match_id: int) -> MatchAnalysis | None:
        stored = await analysis_store.load(self.db, match_id)
        if stored is None or stored.result is None:
            return None
        return MatchAnalysis.from_json(stored.result)

    async def advice(self, match_id: int) -> list[Note]:
        """The tutor's notes of a match against the computer (none for the others)."""
        return await self.games.tutor.notes(match_id)

    async def server_on(self, guild_id: int) -> bool:
        return await web_store.web_enabled(self.db, guild_id)

    async def server(self, guild_id: int) -> ServerData:
        ladder = await ratings_store.leaderboard_page(self.db, guild_id, 1, page_size=LADDER_SIZE)
        recent = await web_store.recent_finished(self.db, guild_id, RECENT_MATCHES)
        return ServerData(guild_id, ladder, recent, await self.tournaments.recent(guild_id))

    async def player(self, guild_id: int, user_id: int) -> PlayerData | None:
        name = await self.records.player_name(user_id)
        if name is None:
            return None
        stats = await self.records.player_stats(guild_id, user_id, viewer_id=user_id, name=name)
        history = await self.records.recent_matches(guild_id, user_id)
        return PlayerData(guild_id, stats, history, await self.records.recent_prs(user_id, guild_id))
