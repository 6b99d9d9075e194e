"""Read-check-write steps raced by two services with their own connection pools on one PostgreSQL database, as
two bot processes would be (issue 19): an open challenge accepted by two members at once in two new threads
starts one match; two presses of Rematch start one rematch; one tournament pairing started twice starts one match.
Every other change of a challenge: tests/pg/test_challenge_races.py."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.engine.options import MatchOptions
from bot.service import GameService, MatchUpdate, ServiceError
from bot.service.check import check_database
from bot.store import Database, connect
from bot.tournaments import TournamentService
from tests.service.conftest import FakeClock
from tests.service.helpers import (
    ALICE,
    BOB,
    CAROL,
    GUILD,
    SeededDice,
    ask_for_a_rematch,
    discord_id,
    play_to_the_end,
    start_match,
)
from tests.tournaments.helpers import ORGANISER, announce, open_tournament, player


async def two_services(db: Database) -> tuple[GameService, GameService, Database]:
    other = await connect(db.url)  # a second pool: another process's connections
    return GameService(db, dice=SeededDice(1)), GameService(other, dice=SeededDice(2)), other


@pytest.mark.parametrize("db", ["postgresql"], indirect=True)
async def test_an_open_challenge_accepted_twice_at_once_starts_one_match(db: Database) -> None:
    first, second, other = await two_services(db)
    try:
        for round_number in range(5):
            challenge = await first.challenges.create(
                guild_id=GUILD,
                channel_id=10 + round_number,
                challenger=ALICE,
                opponent=None,
                options=MatchOptions(1),
                in_thread=True,
            )
            results = await asyncio.gather(
                first.challenges.accept(challenge.id, BOB, channel_id=1000 + round_number),
                second.challenges.accept(challenge.id, CAROL, channel_id=2000 + round_number),
                return_exceptions=True,
            )
            started = [r for r in results if isinstance(r, MatchUpdate)]
            refused = [r for r in results if isinstance(r, BaseException)]
            assert len(started) == 1 and len(refused) == 1, results
            assert isinstance(refused[0], ServiceError), repr(refused[0])
        rows = await db.fetchall("SELECT COUNT(*) FROM matches")
        assert int(rows[0][0]) == 5
        assert (await check_database(db)).consistent
    finally:
        await other.close()


@pytest.mark.parametrize("db", ["postgresql"], indirect=True)
async def test_both_rematch_presses_at_once_start_one_rematch(db: Database) -> None:
    first, second, other = await two_services(db)
    try:
        for round_number in range(3):
            record = (await start_match(first, channel_id=50 + round_number)).record
            finished = await play_to_the_end(first, record, seed=round_number)
            await ask_for_a_rematch(first, finished.id, ALICE)  # Bob presses after the request is shown
            results = await asyncio.gather(
                first.rematch(finished.id, BOB.user_id, discord_id()),
                second.rematch(finished.id, BOB.user_id, discord_id()),
            )
            assert sum(r.started is not None for r in results) == 1, results
            rows = await db.fetchall("SELECT COUNT(*) FROM matches WHERE rematch_of = ?", (finished.id,))
            assert int(rows[0][0]) == 1
    finally:
        await other.close()


@pytest.mark.parametrize("db", ["postgresql"], indirect=True)
async def test_both_first_presses_at_once_make_one_request_with_one_server_seed(db: Database) -> None:
    """Issue 31 item 7: two processes take both players' first presses at once; one is the request (its dice drawn
    once), the other came before the request was shown and is told to press again."""
    first, second, other = await two_services(db)
    try:
        for round_number in range(3):
            record = (await start_match(first, channel_id=60 + round_number)).record
            finished = await play_to_the_end(first, record, seed=round_number)
            results = await asyncio.gather(
                first.rematch(finished.id, ALICE.user_id, discord_id()),
                second.rematch(finished.id, BOB.user_id, discord_id()),
            )
            assert sorted((r.show, r.too_early) for r in results) == [(False, True), (True, False)], results
            assert len({r.commitment for r in results}) == 1
            rows = await db.fetchall(
                "SELECT COUNT(*) FROM rematch_requests WHERE match_id = ? AND server_seed IS NOT NULL", (finished.id,)
            )
            assert int(rows[0][0]) == 1
    finally:
        await other.close()


@pytest.mark.parametrize("db", ["postgresql"], indirect=True)
async def test_one_tournament_pairing_started_by_two_processes_at_once_starts_one_match(db: Database) -> None:
    """Both processes opened the pairing's thread; `set_thread` gave both the first one stored, so both start
    the match in the same thread: one match, and the other start is the quiet "started already" (None)."""
    clock = FakeClock()
    first, second, other = await two_services(db)
    here = TournamentService(db, first, clock=clock, rng=random.Random(1))
    there = TournamentService(other, second, clock=clock, rng=random.Random(1))
    try:
        tournament = await open_tournament(here, [player(n) for n in range(8)])
        await here.start(tournament.id, ORGANISER.user_id)
        pairings = await here.pairings()
        for pairing in pairings:
            threads = await asyncio.gather(
                here.set_thread(pairing, 70_000 + pairing.slot), there.set_thread(pairing, 80_000 + pairing.slot)
            )
            assert threads[0] == threads[1]
            results = await asyncio.gather(
                here.start_pairing(pairing, threads[0], announce),
                there.start_pairing(pairing, threads[1], announce),
                return_exceptions=True,
            )
            started = [r for r in results if isinstance(r, MatchUpdate)]
            assert len(started) == 1 and results.count(None) == 1, results
        rows = await db.fetchall("SELECT COUNT(*) FROM matches")
        assert int(rows[0][0]) == len(pairings) == 4
        assert await here.pairings() == []
    finally:
        await other.close()
