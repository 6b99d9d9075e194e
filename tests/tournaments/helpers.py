"""Driving tournaments through the services: players, ratings, matches played to a chosen winner."""

from __future__ import annotations

import itertools

from bot.engine import actions as engine
from bot.engine.actions import Move, Resign, Roll
from bot.service import GameService, MatchRecord, PlayerRef
from bot.service import commands as cmd
from bot.store import Connection, Database
from bot.tournaments import Pairing, Tournament, TournamentService

GUILD = 1
CHANNEL = 50
ORGANISER = PlayerRef(9, "Olga")
_threads = itertools.count(70_000)
_messages = itertools.count(90_000)


def player(number: int) -> PlayerRef:
    return PlayerRef(1000 + number, f"Player {number}")


async def set_rating(db: Database, user_id: int, rating: float, name: str = "") -> None:
    """Put a player on the guild's ladder as if they had played rated matches."""

    async def work(connection: Connection) -> None:
        await connection.execute(
            "INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, 0) ON CONFLICT DO NOTHING",
            (user_id, name or f"Player {user_id}"),
        )
        await connection.execute(
            "INSERT INTO ratings (guild_id, user_id, rating, experience, matches, wins) VALUES (?, ?, ?, 10, 1, 1)",
            (GUILD, user_id, rating),
        )

    await db.write(work)


async def open_tournament(
    tournaments: TournamentService,
    entrants: list[PlayerRef],
    *,
    length: int = 1,
    size: int = 64,
    name: str = "Club Cup",
) -> Tournament:
    tournament = await tournaments.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser=ORGANISER,
        may_organise=True,
        name=name,
        length=length,
        size=size,
    )
    for entrant in entrants:
        tournament = await tournaments.join(tournament.id, entrant)
    return tournament


async def announce(commitment: str) -> int:
    """What the front end's announcement does (cogs.ui.tournament_messages.Announcement): it shows the dice's
    commitment and returns the id Discord gave the message."""
    return next(_messages)


async def start_pairing(tournaments: TournamentService, pairing: Pairing) -> MatchRecord:
    """What the front end does: open a thread, store it, start the match in it."""
    thread = pairing.thread_id or await tournaments.set_thread(pairing, next(_threads))
    update = await tournaments.start_pairing(pairing, thread, announce)
    assert update is not None, f"{pairing} did not start"
    return update.record


async def lose(games: GameService, record: MatchRecord, loser_id: int) -> MatchRecord:
    """Play the match on (first legal plays) until the loser is to roll, then they resign every game until the
    match is over."""
    for _ in range(2000):
        if record.match.finished:
            return record
        index = record.match.to_act
        assert index is not None
        user = record.players[index].user_id
        allowed = record.match.allowed(index)
        if user == loser_id and Resign in allowed:
            record = (await games.act(record.id, user, cmd.Resign())).record
            winner = record.players[1 - index].user_id
            record = (await games.act(record.id, winner, cmd.Ask(engine.AcceptResignation))).record
        elif Roll in allowed:
            record = (await games.act(record.id, user, cmd.Ask(engine.Roll))).record
        elif Move in allowed:
            record = (await games.act(record.id, user, cmd.PlayText(str(record.match.legal_plays()[0])))).record
        else:
            raise AssertionError(f"unexpected state: {sorted(a.name for a in allowed)}")
    raise AssertionError("the match did not end")
