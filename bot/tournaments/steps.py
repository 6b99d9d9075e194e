"""The read-check-write steps the tournament service's methods share: a locked load, the refusals, a decision.

Each runs inside the caller's write trip (bot/tournaments/service.py), on its connection.
"""

from __future__ import annotations

from typing import Literal

from bot.i18n import N_
from bot.service import NotFoundError, ServiceError
from bot.store.backend import Connection
from bot.tournaments import store
from bot.tournaments.bracket import Bracket, Slot, round_name
from bot.tournaments.records import DecidedBy, Pairing, Tournament, TournamentStatus

MAX_REASON = 200


class NotToStart(ServiceError):
    """The pairing's match was started already, or is no longer to be played."""


async def load_locked(connection: Connection, tournament_id: int) -> Tournament:
    """The tournament, locked until the end of the caller's write (across processes: a read-check-write step)."""
    await connection.lock("tournament", tournament_id)
    tournament = await store.load(connection, tournament_id)
    if tournament is None:
        raise NotFoundError(N_("This tournament does not exist (any more)."))
    return tournament


#: Why a step of the sign-up is refused once the sign-up is over: a whole sentence per step and state.
_SIGNUP_OVER = {
    ("join", TournamentStatus.RUNNING): N_("{tournament} has already started: you cannot join it now."),
    ("join", TournamentStatus.FINISHED): N_("{tournament} is over: you cannot join it now."),
    ("join", TournamentStatus.CANCELLED): N_("{tournament} was cancelled: you cannot join it now."),
    ("leave", TournamentStatus.RUNNING): N_("{tournament} has already started: you cannot leave it now."),
    ("leave", TournamentStatus.FINISHED): N_("{tournament} is over: you cannot leave it now."),
    ("leave", TournamentStatus.CANCELLED): N_("{tournament} was cancelled: you cannot leave it now."),
    ("start", TournamentStatus.RUNNING): N_("{tournament} has already started: you cannot start it now."),
    ("start", TournamentStatus.FINISHED): N_("{tournament} is over: you cannot start it now."),
    ("start", TournamentStatus.CANCELLED): N_("{tournament} was cancelled: you cannot start it now."),
}
#: Who may take an organiser's step.
_ORGANISERS_ONLY = {
    "start": N_("Only the organiser of {tournament} (or a member with Manage Server) can start it."),
    "cancel": N_("Only the organiser of {tournament} (or a member with Manage Server) can cancel it."),
    "award": N_("Only the organiser of {tournament} (or a member with Manage Server) can award matches of it."),
}


def require_signup(tournament: Tournament, step: Literal["join", "leave", "start"]) -> None:
    if tournament.status is not TournamentStatus.SIGNUP:
        raise ServiceError(_SIGNUP_OVER[step, tournament.status], tournament=tournament.name)


def require_organiser(
    tournament: Tournament, user_id: int, may_organise: bool, step: Literal["start", "cancel", "award"]
) -> None:
    if not may_organise and user_id != tournament.organiser_id:
        raise ServiceError(_ORGANISERS_ONLY[step], tournament=tournament.name)


def clean_reason(reason: str) -> str:
    """An organiser's words on one line (`records.SERVICE_NOTE` counts as a space: it never starts them)."""
    return " ".join(reason.split())[:MAX_REASON]


async def decide(
    connection: Connection,
    tournament: Tournament,
    round_number: int,
    slot: int,
    winner_id: int,
    decided_by: DecidedBy,
    reason: str | None,
    now: float,
) -> None:
    """Store a slot's winner and, when it was the final, the champion."""
    if not await store.decide(connection, tournament.id, round_number, slot, winner_id, decided_by, reason, now):
        return
    updated = await load_locked(connection, tournament.id)
    bracket = updated.bracket
    assert bracket is not None
    if bracket.champion is not None:
        await store.close(connection, tournament.id, TournamentStatus.FINISHED, now, champion_id=bracket.champion)


def pairing_of(tournament: Tournament, bracket: Bracket, slot: Slot, thread_id: int | None) -> Pairing:
    first, second = slot.players
    assert first is not None and second is not None
    if bracket.seed_of(second) < bracket.seed_of(first):
        first, second = second, first
    names = tournament.names
    return Pairing(
        tournament_id=tournament.id,
        guild_id=tournament.guild_id,
        channel_id=tournament.channel_id,
        tournament_name=tournament.name,
        length=tournament.length,
        round=slot.round,
        round_name=round_name(slot.round, bracket.round_count),
        slot=slot.index,
        players=(first, second),
        names=(names[first], names[second]),
        thread_id=thread_id,
    )


async def unstarted_pairings(connection: Connection) -> list[Pairing]:
    """Every bracket match of a running tournament whose two players are known and that has not started."""
    found = []
    for tournament_id in await store.running_ids(connection):
        tournament = await load_locked(connection, tournament_id)
        bracket = tournament.bracket
        assert bracket is not None
        for slot in bracket.ready():
            stored = tournament.slot_record(slot.round, slot.index)
            if stored is None or stored.match_id is None:
                found.append(pairing_of(tournament, bracket, slot, None if stored is None else stored.thread_id))
    return found
