"""Tournaments played through the services to the champion (issue 21): seeding by rating, byes, every match
started exactly once, the bracket complete, restarts, claims (R9.5), awards and refusals."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.engine import actions as engine
from bot.service import GameService, MatchStatus, PlayerRef, ServiceError
from bot.service import commands as cmd
from bot.store import Database
from bot.tournaments import Tournament, TournamentService, TournamentStatus
from bot.tournaments.bracket import bracket_size
from bot.tournaments.records import DecidedBy
from tests.service.conftest import FakeClock
from tests.service.helpers import SeededDice
from tests.tournaments.helpers import ORGANISER, announce, lose, open_tournament, player, set_rating, start_pairing


async def play_out(
    tournaments: TournamentService,
    games: GameService,
    tournament_id: int,
    rng: random.Random,
    started: Counter[int],
    *,
    favourites: bool = False,
) -> Tournament:
    """Start every ready pairing (twice: the second start must do nothing) and play each match to a winner
    (the better seed with `favourites`, else drawn at random), until the tournament has a champion."""
    for _ in range(200):
        tournament = await tournaments.tournament(tournament_id)
        if tournament.status is TournamentStatus.FINISHED:
            return tournament
        pairings = await tournaments.pairings()
        assert pairings, "a running tournament must always have a match to play"
        records = [await start_pairing(tournaments, pairing) for pairing in pairings]
        for pairing in pairings:
            assert await tournaments.start_pairing(pairing, 1, announce) is None  # started once, never twice
        for record in records:
            started[record.id] += 1
            players = [p.user_id for p in record.players]
            assert record.channel_id != 1
            winner = players[0] if favourites else rng.choice(players)  # players[0] is the better seed
            await lose(games, record, next(p for p in players if p != winner))
    raise AssertionError("the tournament did not finish")


@pytest.mark.parametrize("count", [2, 3, 5, 8, 13])
async def test_a_tournament_is_played_through_to_its_champion(
    count: int, tournaments: TournamentService, games: GameService, db: Database
) -> None:
    entrants = [player(n) for n in range(count)]
    # Half the field is rated, in an order unlike the sign-up order; the rest are unrated.
    rated = {entrant.user_id: 1500.0 + 37 * ((n * 7) % count) for n, entrant in enumerate(entrants) if n % 2 == 0}
    for user_id, rating in rated.items():
        await set_rating(db, user_id, rating)
    tournament = await open_tournament(tournaments, entrants)
    tournament = await tournaments.start(tournament.id, ORGANISER.user_id)
    assert tournament.status is TournamentStatus.RUNNING
    seeds = [entrant.user_id for entrant in tournament.entrants]
    assert [entrant.seed for entrant in tournament.entrants] == list(range(1, count + 1))
    by_rating = sorted(rated, key=lambda user_id: -rated[user_id])
    assert seeds[: len(rated)] == by_rating  # the rated first, best first; then the unrated
    assert set(seeds[len(rated) :]) == {e.user_id for e in entrants} - set(rated)

    bracket = tournament.bracket
    assert bracket is not None
    byes = bracket_size(count) - count
    with_bye = {slot.winner for slot in bracket.rounds[0] if slot.bye}
    assert with_bye == set(seeds[:byes])  # byes to the top seeds

    started: Counter[int] = Counter()
    finished = await play_out(tournaments, games, tournament.id, random.Random(count), started, favourites=True)
    assert finished.champion_id == seeds[0]  # the favourites always won
    assert len(started) == count - 1 and set(started.values()) == {1}  # every match started exactly once
    bracket = finished.bracket
    assert bracket is not None and bracket.champion == seeds[0]
    assert all(slot.winner is not None for slots in bracket.rounds for slot in slots if not slot.empty)
    played = [s for s in finished.slots if s.match_id is not None]
    assert len(played) == count - 1 and all(s.decided_by is DecidedBy.MATCH for s in played)
    for user_id in with_bye:  # a player with a bye played no first-round match
        assert not any(s.round == 1 and user_id in _players_of(finished, s.round, s.slot) for s in played)
    for record_id in started:  # tournament matches count in the ladder like any match
        rows = await db.execute_fetchall("SELECT COUNT(*) FROM rated_matches WHERE match_id = ?", (record_id,))
        assert next(iter(rows))[0] == 2


async def test_upsets_advance_whoever_won(tournaments: TournamentService, games: GameService) -> None:
    tournament = await open_tournament(tournaments, [player(n) for n in range(6)])
    await tournaments.start(tournament.id, ORGANISER.user_id)
    finished = await play_out(tournaments, games, tournament.id, random.Random(3), Counter())
    bracket = finished.bracket
    assert bracket is not None
    final = bracket.rounds[-1][0]
    assert finished.champion_id == final.winner and final.winner in final.players
    for slots in bracket.rounds[1:]:
        for slot in slots:  # each later slot holds the winners of its two feeders
            feeders = bracket.rounds[slot.round - 2][2 * slot.index : 2 * slot.index + 2]
            assert slot.players == tuple(feeder.winner for feeder in feeders)


def _players_of(tournament: Tournament, round_number: int, index: int) -> tuple[int | None, ...]:
    bracket = tournament.bracket
    assert bracket is not None
    return bracket.slot(round_number, index).players


async def test_a_restart_in_the_middle_of_a_round_starts_no_match_twice_and_loses_no_advance(
    db: Database, clock: FakeClock
) -> None:
    games = GameService(db, dice=SeededDice(1), clock=clock)
    tournaments = TournamentService(db, games, clock=clock, rng=random.Random(5))
    tournament = await open_tournament(tournaments, [player(n) for n in range(8)])
    await tournaments.start(tournament.id, ORGANISER.user_id)
    pairings = await tournaments.pairings()
    assert len(pairings) == 4
    first = await start_pairing(tournaments, pairings[0])
    second = await start_pairing(tournaments, pairings[1])
    await tournaments.set_thread(pairings[2], 55_555)  # its thread was opened, then the bot was killed
    await lose(games, first, first.players[1].user_id)

    # The bot restarts: new services over the same file.
    games = GameService(db, dice=SeededDice(2), clock=clock)
    tournaments = TournamentService(db, games, clock=clock, rng=random.Random(6))
    left = await tournaments.pairings()
    assert [(p.round, p.slot) for p in left] == [(1, 2), (1, 3)]  # the two started ones are not listed
    assert left[0].thread_id == 55_555  # the thread opened before the crash is used
    assert await tournaments.set_thread(left[0], 66_666) == 55_555
    third = await start_pairing(tournaments, left[0])
    assert third.channel_id == 55_555
    fourth = await start_pairing(tournaments, left[1])
    # The match of the old process finishes in the new one: its winner advances.
    await lose(games, await games.match(second.id), second.players[1].user_id)
    semi = await tournaments.pairings()
    assert [(p.round, p.players) for p in semi] == [(2, (first.players[0].user_id, second.players[0].user_id))]
    await lose(games, await games.match(third.id), third.players[0].user_id)
    await lose(games, await games.match(fourth.id), fourth.players[0].user_id)
    assert len(await tournaments.pairings()) == 2
    finished = await play_out(tournaments, games, tournament.id, random.Random(1), Counter())
    assert finished.champion_id is not None


async def test_a_claimed_match_advances_the_claimant(
    tournaments: TournamentService, games: GameService, clock: FakeClock
) -> None:
    tournament = await open_tournament(tournaments, [player(n) for n in range(3)], length=5)
    await tournaments.start(tournament.id, ORGANISER.user_id)
    (pairing,) = await tournaments.pairings()
    record = await start_pairing(tournaments, pairing)
    assert record.options.length == 5
    assert await games.boards.set_shown(record.id, record.channel_id, 123, record.version)  # the board was shown
    waiting = record.to_act
    assert waiting is not None
    claimant = next(p for p in record.players if p != waiting)
    clock.now += 25 * 3600  # past the 24-hour turn limit (R9.5)
    update = await games.act(record.id, claimant.user_id, cmd.Ask(engine.Claim))
    assert update.record.status is MatchStatus.FINISHED
    tournament = await tournaments.tournament(tournament.id)
    stored = tournament.slot_record(pairing.round, pairing.slot)
    assert stored is not None and stored.winner_id == claimant.user_id and stored.decided_by is DecidedBy.MATCH
    (final,) = await tournaments.pairings()
    assert claimant.user_id in final.players and final.round == 2


async def test_an_award_stops_the_match_and_advances_the_chosen_player(
    tournaments: TournamentService, games: GameService
) -> None:
    tournament = await open_tournament(tournaments, [player(n) for n in range(2)], length=3)
    await tournaments.start(tournament.id, ORGANISER.user_id)
    (pairing,) = await tournaments.pairings()
    record = await start_pairing(tournaments, pairing)
    winner = pairing.players[1]
    with pytest.raises(ServiceError, match="reason"):
        await tournaments.award(tournament.id, ORGANISER.user_id, winner, "   ")
    with pytest.raises(ServiceError, match="Only the organiser"):
        await tournaments.award(tournament.id, pairing.players[0], pairing.players[0], "I said so")
    tournament, update = await tournaments.award(tournament.id, ORGANISER.user_id, winner, "Opponent withdrew")
    assert update is not None and update.record.status is MatchStatus.ABORTED
    assert (await games.match(record.id)).status is MatchStatus.ABORTED
    assert tournament.status is TournamentStatus.FINISHED and tournament.champion_id == winner
    stored = tournament.slot_record(1, 0)
    assert stored is not None and stored.decided_by is DecidedBy.AWARD and stored.reason == "Opponent withdrew"


async def test_an_award_before_the_match_started(tournaments: TournamentService) -> None:
    tournament = await open_tournament(tournaments, [player(n) for n in range(3)])
    await tournaments.start(tournament.id, ORGANISER.user_id)
    (pairing,) = await tournaments.pairings()
    tournament, update = await tournaments.award(tournament.id, ORGANISER.user_id, pairing.players[0], "no-show")
    assert update is None
    (final,) = await tournaments.pairings()  # the awarded player meets the top seed, who had a bye
    assert final.round == 2 and pairing.players[0] in final.players
    assert tournament.entrants[0].user_id in final.players
    with pytest.raises(ServiceError, match="no match to be decided"):
        await tournaments.award(tournament.id, ORGANISER.user_id, pairing.players[1], "again")


async def test_a_match_stopped_without_an_award_waits_for_the_organiser(
    tournaments: TournamentService, games: GameService
) -> None:
    tournament = await open_tournament(tournaments, [player(n) for n in range(2)])
    await tournaments.start(tournament.id, ORGANISER.user_id)
    (pairing,) = await tournaments.pairings()
    record = await start_pairing(tournaments, pairing)
    await games.act(record.id, pairing.players[0], cmd.Ask(engine.Abort))
    assert await tournaments.pairings() == []  # not started again
    tournament, update = await tournaments.award(tournament.id, ORGANISER.user_id, pairing.players[0], "abandoned")
    assert update is None and tournament.champion_id == pairing.players[0]


async def test_refusals_change_nothing(tournaments: TournamentService, games: GameService) -> None:
    alice, bob, carol, dave, erin = (player(n) for n in range(5))
    with pytest.raises(ServiceError, match="Manage Server"):
        await tournaments.create(
            guild_id=1, channel_id=2, organiser=alice, may_organise=False, name="X", length=5, size=8
        )
    with pytest.raises(ServiceError, match="4 to 64"):
        await tournaments.create(
            guild_id=1, channel_id=2, organiser=alice, may_organise=True, name="X", length=5, size=3
        )
    with pytest.raises(ServiceError, match="future"):
        await tournaments.create(
            guild_id=1, channel_id=2, organiser=alice, may_organise=True, name="X", length=5, size=8, starts_at=1.0
        )
    tournament = await open_tournament(tournaments, [], size=4, name="Spring  Open")
    with pytest.raises(ServiceError, match="already a tournament called"):
        await open_tournament(tournaments, [], name="spring open")
    with pytest.raises(ServiceError, match="at least 2 players"):
        await tournaments.start(tournament.id, ORGANISER.user_id)
    await tournaments.join(tournament.id, alice)
    with pytest.raises(ServiceError, match="already signed up"):
        await tournaments.join(tournament.id, alice)
    with pytest.raises(ServiceError, match="not signed up"):
        await tournaments.leave(tournament.id, bob.user_id)
    for entrant in (bob, carol, dave):
        await tournaments.join(tournament.id, entrant)
    with pytest.raises(ServiceError, match="is full"):
        await tournaments.join(tournament.id, erin)
    await tournaments.leave(tournament.id, dave.user_id)
    with pytest.raises(ServiceError, match="Only the organiser"):
        await tournaments.start(tournament.id, alice.user_id)
    before = await tournaments.tournament(tournament.id)
    assert [e.user_id for e in before.entrants] == [alice.user_id, bob.user_id, carol.user_id]
    await tournaments.start(tournament.id, alice.user_id, may_organise=True)
    with pytest.raises(ServiceError, match="has already started"):
        await tournaments.join(tournament.id, erin)
    with pytest.raises(ServiceError, match="cannot leave"):
        await tournaments.leave(tournament.id, alice.user_id)
    with pytest.raises(ServiceError, match="has already started"):
        await tournaments.start(tournament.id, ORGANISER.user_id)
    cancelled = await tournaments.cancel(tournament.id, ORGANISER.user_id)
    assert cancelled.status is TournamentStatus.CANCELLED and await tournaments.pairings() == []
    with pytest.raises(ServiceError, match="already cancelled"):
        await tournaments.cancel(tournament.id, ORGANISER.user_id)
    again = await open_tournament(tournaments, [], name="Spring Open")  # the name is free again
    assert (await tournaments.by_name(1, "SPRING open")).id == again.id


async def test_a_scheduled_start(tournaments: TournamentService, clock: FakeClock) -> None:
    early = await tournaments.create(
        guild_id=1,
        channel_id=2,
        organiser=ORGANISER,
        may_organise=True,
        name="Early",
        length=1,
        size=8,
        starts_at=clock.now + 60,
    )
    lonely = await tournaments.create(
        guild_id=1,
        channel_id=2,
        organiser=ORGANISER,
        may_organise=True,
        name="Lonely",
        length=1,
        size=8,
        starts_at=clock.now + 60,
    )
    for entrant in (player(1), player(2)):
        await tournaments.join(early.id, entrant)
    await tournaments.join(lonely.id, player(3))
    assert await tournaments.due_to_start() == []
    clock.now += 61
    assert await tournaments.due_to_start() == [early.id, lonely.id]
    assert (await tournaments.start_when_due(early.id)).status is TournamentStatus.RUNNING
    stopped = await tournaments.start_when_due(lonely.id)
    why = stopped.cancellation.why
    assert stopped.status is TournamentStatus.CANCELLED and why is not None and "at least 2" in str(why)
    assert await tournaments.due_to_start() == []


async def test_join_records_the_name_shown(tournaments: TournamentService) -> None:
    tournament = await open_tournament(tournaments, [PlayerRef(5, "Zoë")])
    assert tournament.names == {5: "Zoë"}
