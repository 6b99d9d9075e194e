"""The match-finished hook: real engine matches are rated with their gammons and cubes counted (issue 9)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pytest

from bot.engine.actions import Abort, AcceptResignation, Claim, Double, Drop, Move, Resign, Take
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.engine.position import WinKind
from bot.ratings.fibs import Standing
from bot.ratings.hook import finished_match, rate_finished_match
from bot.ratings.rebuild import rebuild
from bot.ratings.records import PlayerTally
from bot.ratings.store import player_stats, standing
from bot.store import Database
from tests.flow.driver import SeededDice, random_action
from tests.ratings.conftest import GUILD, store_match
from tests.ratings.matches import THREE_ONE

ALICE, BOB = 11, 12


@dataclass(frozen=True)
class Player:
    user_id: int
    name: str


@dataclass(frozen=True)
class Record:
    """The fields of the service's MatchRecord that the hook reads."""

    id: int
    guild_id: int
    players: tuple[Player, Player]
    match: Match


def new_match(length: int) -> Match:
    # Every roll is 3-1: player 0 wins each opening roll (R2.1) and moves first.
    options = MatchOptions.match(length) if length else MatchOptions.money()
    return Match.start(("Alice", "Bob"), options, THREE_ONE)


def open_game(match: Match) -> Match:
    """Player 0 plays the opening 3-1; then it is player 1's turn."""
    assert match.to_act == 0
    match = match.apply(Move(0, match.legal_plays()[0]), THREE_ONE).match
    assert match.to_act == 1
    return match


def take_then_resign_gammon_then_crawford_single() -> Match:
    """5 points: Bob doubles, Alice takes, Bob resigns a gammon (2 x cube 2 = 4, R7.4); in the Crawford game
    (R8.3) Bob resigns a single: Alice wins 5-0."""
    match = new_match(5)
    match = open_game(match)
    match = match.apply(Double(1), THREE_ONE).match
    match = match.apply(Take(0), THREE_ONE).match
    match = match.apply(Resign(1, WinKind.GAMMON), THREE_ONE).match
    match = match.apply(AcceptResignation(0), THREE_ONE).match
    assert match.score_tuple == (4, 0) and match.crawford
    match = open_game(match)
    match = match.apply(Resign(1, WinKind.SINGLE), THREE_ONE).match
    match = match.apply(AcceptResignation(0), THREE_ONE).match
    assert match.finished and match.winner == 0 and match.score_tuple == (5, 0)
    return match


def drop_then_resign_backgammon() -> Match:
    """3 points: Bob doubles and Alice drops (Bob 1-0, R6.2); then Bob resigns a backgammon: Alice wins 3-1."""
    match = new_match(3)
    match = open_game(match)
    match = match.apply(Double(1), THREE_ONE).match
    match = match.apply(Drop(0), THREE_ONE).match
    match = open_game(match)
    match = match.apply(Resign(1, WinKind.BACKGAMMON), THREE_ONE).match
    match = match.apply(AcceptResignation(0), THREE_ONE).match
    assert match.finished and match.winner == 0 and match.score_tuple == (3, 1)
    return match


def record(match_id: int, match: Match) -> Record:
    return Record(match_id, GUILD, (Player(ALICE, "Alice"), Player(BOB, "Bob")), match)


def test_tally_counts_a_take_and_a_resigned_gammon() -> None:
    finished = finished_match(record(1, take_then_resign_gammon_then_crawford_single()))
    assert finished is not None
    assert (finished.length, finished.players, finished.winner) == (5, (ALICE, BOB), 0)
    assert finished.tallies == (PlayerTally(gammons_won=1, cubes_taken=1), PlayerTally())


def test_tally_counts_a_drop_and_a_resigned_backgammon() -> None:
    finished = finished_match(record(1, drop_then_resign_backgammon()))
    assert finished is not None
    assert finished.tallies == (PlayerTally(backgammons_won=1, cubes_dropped=1), PlayerTally())


def test_matches_in_play_and_aborted_matches_are_not_finished() -> None:
    match = new_match(3)
    match = open_game(match)
    assert finished_match(record(1, match)) is None
    match = match.apply(Abort(1), THREE_ONE).match
    assert finished_match(record(1, match)) is None


async def _rate(db: Database, match: Match) -> int:
    """Store the match row as the service would, then run the hook in the same transaction."""
    match_id = await store_match(db, (ALICE, BOB), match.winner, match.options.length, match=match, rate=False)
    await db.write(lambda c: rate_finished_match(c, record(match_id, match)))
    return match_id


async def test_hook_rates_a_played_match_and_stores_its_tallies(db: Database) -> None:
    await _rate(db, take_then_resign_gammon_then_crawford_single())
    # Newcomers, equal ratings: P = 1/2, K = 5, n = 5: 4 * 5 * sqrt(5) / 2 = 10 * sqrt(5).
    assert (await standing(db, GUILD, ALICE)).rating == pytest.approx(1500 + 10 * math.sqrt(5))
    bob_now = await standing(db, GUILD, BOB)
    assert (bob_now.rating, bob_now.experience) == (pytest.approx(1500 - 10 * math.sqrt(5)), 5)
    await _rate(db, drop_then_resign_backgammon())
    alice = await player_stats(db, GUILD, ALICE, viewer_id=BOB)
    assert (alice.gammons_won, alice.backgammons_won, alice.cubes_taken, alice.cubes_dropped) == (1, 1, 1, 1)
    bob = await player_stats(db, GUILD, BOB)
    assert (bob.gammons_lost, bob.backgammons_lost, bob.streak) == (1, 1, -2)


async def test_hook_rates_claimed_wins_but_not_aborted_matches_or_money_games(db: Database) -> None:
    aborted = new_match(3)
    aborted = open_game(aborted)
    aborted = aborted.apply(Abort(0), THREE_ONE).match
    await _rate(db, aborted)
    money = new_match(0)
    money = open_game(money)
    money = money.apply(Double(1), THREE_ONE).match
    money = money.apply(Drop(0), THREE_ONE).match
    assert money.finished and money.winner == 1
    await _rate(db, money)
    assert await standing(db, GUILD, ALICE) == Standing()
    claimed = new_match(7)
    claimed = open_game(claimed)
    claimed = claimed.apply(Claim(0), THREE_ONE).match  # R9.5: Bob let the clock run out
    await _rate(db, claimed)
    alice_now = await standing(db, GUILD, ALICE)
    assert (alice_now.rating, alice_now.experience) == (pytest.approx(1500 + 10 * math.sqrt(7)), 7)


async def test_random_engine_matches_rated_by_the_hook_rebuild_exactly(db: Database) -> None:
    """Seeded random but legal matches (claims and aborts included) between four players, each stored and
    rated as the service does; the rebuild from the stored history then agrees bit for bit."""
    rng = random.Random(2024)
    people = [Player(20 + n, f"P{n}") for n in range(4)]
    rated = 0
    for number in range(12):
        first, second = rng.sample(people, 2)
        dice = SeededDice(number)
        match = Match.start((first.name, second.name), MatchOptions.match(rng.choice([1, 1, 2, 3])), dice)
        while not match.finished:
            match = match.apply(random_action(match, rng), dice).match
        winner = None if match.aborted else match.winner
        pair = (first.user_id, second.user_id)
        match_id = await store_match(db, pair, winner, match.options.length, match=match, rate=False)
        finished = Record(match_id, GUILD, (first, second), match)
        await db.write(lambda c, finished=finished: rate_finished_match(c, finished))
        rated += winner is not None
    report = await rebuild(db)
    assert report.consistent and report.matches_replayed == rated > 0
