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
from bot.tournaments.records import (
    MAX_LENGTH,
    MAX_NAME,
    MAX_SIZE,
    MIN_SIZE,
    DecidedBy,
    Pairing,
    Tournament,
    TournamentStatus,
)

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


def check_new(may_organise: bool, name: str, length: int, size: int, starts_at: float | None, now: float) -> str:
    """The name of a new tournament as stored, once the member may create it and its settings are allowed."""
    if not may_organise:
        raise ServiceError(
            N_("Only members with Manage Server (or the server's tournament organiser role) can create a tournament.")
        )
    name = " ".join(name.split())
    if not 1 <= len(name) <= MAX_NAME:
        raise ServiceError(N_("A tournament name is 1 to {longest} characters long."), longest=MAX_NAME)
    if not 1 <= length <= MAX_LENGTH:
        raise ServiceError(N_("Tournament matches are 1 to {longest} points long."), longest=MAX_LENGTH)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ServiceError(N_("A tournament has room for {fewest} to {most} players."), fewest=MIN_SIZE, most=MAX_SIZE)
    if starts_at is not None and starts_at <= now:
        raise ServiceError(N_("The start time must be in the future."))
    return name


def require_not_over(tournament: Tournament) -> None:
    if tournament.status is TournamentStatus.FINISHED:
        raise ServiceError(N_("{tournament} is already finished."), tournament=tournament.name)
    if tournament.status is TournamentStatus.CANCELLED:
        raise ServiceError(N_("{tournament} is already cancelled."), tournament=tournament.name)


def awardable_slot(tournament: Tournament, winner_id: int) -> Slot:
    """The match an organiser may award to `winner_id`: theirs, with both players known and not decided yet."""
    if tournament.status is not TournamentStatus.RUNNING:
        raise ServiceError(N_("{tournament} is not being played."), tournament=tournament.name)
    bracket = tournament.bracket
    assert bracket is not None
    entrant = tournament.entrant(winner_id)
    if entrant is None:
        raise ServiceError(N_("That member does not play in {tournament}."), tournament=tournament.name)
    slot = next((s for s in bracket.ready() if winner_id in s.players), None)
    if slot is None:
        raise ServiceError(
            N_("{player} has no match to be decided in {tournament}."), player=entrant.name, tournament=tournament.name
        )
    return slot


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
