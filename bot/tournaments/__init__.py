"""Tournaments: single-elimination brackets over the game service. No Discord imports.

    service = TournamentService(db, games, *, clock=time.time, rng=None)   # registers its match-finished hook
    await service.create(guild_id=, channel_id=, organiser=PlayerRef, may_organise=, name=, length=, size=,
                         starts_at=None) -> Tournament
    await service.join(tournament_id, PlayerRef) / leave(tournament_id, user_id) -> Tournament
    await service.start(tournament_id, user_id, may_organise=) -> Tournament      # seeds by the guild's rating
    await service.cancel(tournament_id, user_id, may_organise=, reason=None) -> Tournament
    await service.award(tournament_id, user_id, winner_id, reason, may_organise=) -> (Tournament, MatchUpdate | None)
    await service.pairings() -> list[Pairing]            # matches ready to start, in every running tournament
    await service.set_thread(pairing, thread_id) -> int   # the pairing's thread (the first stored wins)
    await service.start_pairing(pairing, channel_id, announce) -> MatchUpdate | None   # None: started already
        # announce(commitment) -> message id: shows the dice's commitment in the thread before the seeds exist
    service.changed: asyncio.Event                        # set when something changed; the front end clears it
Refusals are ServiceError with a message for the member.
"""

from bot.tournaments.records import Pairing, Tournament, TournamentStatus
from bot.tournaments.service import TournamentService

__all__ = ["Pairing", "Tournament", "TournamentService", "TournamentStatus"]
