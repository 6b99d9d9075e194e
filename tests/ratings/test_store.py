"""Rating storage and the ladder, stats and history queries against a real migrated database (issue 9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.ratings.fibs import Standing, rate_match
from bot.ratings.records import FinishedMatch, PlayerTally
from bot.ratings.store import (
    leaderboard_page,
    player_stats,
    recent_matches,
    record_match,
    standing,
)
from bot.store import Database, open_database
from bot.store.matches import set_message
from bot.store.players import remember_player
from tests.ratings.conftest import GUILD, store_match
from tests.ratings.matches import resigned_match

ALICE, BOB, CAROL = 1, 2, 3


async def test_first_match_moves_newcomers_by_ten_points_and_counts_it(db: Database) -> None:
    await store_match(db, (ALICE, BOB), winner=1, length=1)
    assert await standing(db, GUILD, BOB) == Standing(1510.0, 1)
    assert await standing(db, GUILD, ALICE) == Standing(1490.0, 1)
    page = await leaderboard_page(db, GUILD, 0)
    assert [(e.rank, e.user_id, e.name, e.rating, e.matches, e.wins) for e in page.entries] == [
        (1, BOB, "Player 2", 1510.0, 1, 1),
        (2, ALICE, "Player 1", 1490.0, 1, 0),
    ]


async def test_ratings_are_per_guild(db: Database) -> None:
    await store_match(db, (ALICE, BOB), winner=0, length=3)
    await store_match(db, (ALICE, BOB), winner=1, length=3, guild_id=GUILD + 1)
    assert (await standing(db, GUILD, ALICE)).rating > 1500 > (await standing(db, GUILD + 1, ALICE)).rating
    assert (await leaderboard_page(db, GUILD + 2, 0)).entries == []


async def test_money_games_and_aborted_matches_are_not_rated(db: Database) -> None:
    await store_match(db, (ALICE, BOB), winner=0, length=0)
    await store_match(db, (ALICE, BOB), winner=None, length=5, status="aborted")
    assert await standing(db, GUILD, ALICE) == Standing()
    assert (await leaderboard_page(db, GUILD, 0)).player_count == 0


async def test_a_match_is_never_rated_twice(db: Database) -> None:
    match_id = await store_match(db, (ALICE, BOB), winner=0, length=1)
    again = await db.write(lambda c: record_match(c, FinishedMatch(match_id, GUILD, 1, (ALICE, BOB), 0)))
    assert again is None
    assert await standing(db, GUILD, ALICE) == Standing(1510.0, 1)


async def test_rating_follows_the_formula_match_after_match(db: Database) -> None:
    alice, bob = Standing(), Standing()
    for winner, length in [(0, 1), (0, 5), (1, 25), (0, 3)]:
        await store_match(db, (ALICE, BOB), winner=winner, length=length)
        change = rate_match(alice, bob, length) if winner == 0 else rate_match(bob, alice, length)
        alice, bob = (change.winner, change.loser) if winner == 0 else (change.loser, change.winner)
    assert await standing(db, GUILD, ALICE) == alice
    assert await standing(db, GUILD, BOB) == bob


async def _ladder_of(db: Database, players: int) -> None:
    """Player n beats player n + 1000 at 1 point: winners 1510, losers 1490, in a guild of 2 * players."""
    for n in range(1, players + 1):
        await store_match(db, (n, n + 1000), winner=0, length=1)


async def test_leaderboard_pages_of_ten_with_shared_ranks_and_the_caller_off_the_page(
    db: Database,
) -> None:
    await _ladder_of(db, 12)  # 12 at 1510 (rank 1), 12 at 1490 (rank 13)
    first = await leaderboard_page(db, GUILD, 0, caller_id=1012)
    assert (first.page, first.page_count, first.player_count) == (0, 3, 24)
    assert [e.user_id for e in first.entries] == list(range(1, 11))
    assert {e.rank for e in first.entries} == {1}
    assert first.caller is not None and not first.caller_on_page
    assert (first.caller.rank, first.caller.rating, first.caller.wins) == (13, 1490.0, 0)
    second = await leaderboard_page(db, GUILD, 1, caller_id=11)
    assert [(e.user_id, e.rank) for e in second.entries] == [(11, 1), (12, 1)] + [(n, 13) for n in range(1001, 1009)]
    assert second.caller_on_page
    last = await leaderboard_page(db, GUILD, 99)
    assert last.page == 2 and [e.user_id for e in last.entries] == [1009, 1010, 1011, 1012]


async def test_caller_without_rated_match_has_no_line(db: Database) -> None:
    await _ladder_of(db, 1)
    page = await leaderboard_page(db, GUILD, 0, caller_id=CAROL)
    assert page.caller is None and not page.caller_on_page
    assert (await leaderboard_page(db, GUILD, -3)).page == 0


async def test_leaderboard_and_rank_queries_use_the_index(tmp_path: Path) -> None:
    """SQLite's query plans (PostgreSQL chooses by its statistics; the same index exists there)."""
    async with open_database(tmp_path / "plans.db") as db:
        await _plans_use_the_index(db)


async def _plans_use_the_index(db: Database) -> None:
    plans = []
    for sql, parameters in [
        (
            "SELECT r.user_id FROM ratings r JOIN players p ON p.user_id = r.user_id WHERE r.guild_id = ? "
            "ORDER BY r.rating DESC, r.user_id LIMIT 10 OFFSET 990",
            (GUILD,),
        ),
        ("SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND rating > ?", (GUILD, 1500.0)),
    ]:
        rows = await db.fetchall(f"EXPLAIN QUERY PLAN {sql}", parameters)
        plans.append(" ".join(str(row[3]) for row in rows))
    assert all("ratings_by_rank" in plan for plan in plans), plans
    assert not any("TEMP B-TREE" in plan for plan in plans), plans


async def test_leaderboard_with_thousands_of_players(db: Database) -> None:
    await db.executemany(
        "INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, 0)", [(10_000 + n, f"P{n}") for n in range(3000)]
    )
    await db.executemany(
        "INSERT INTO ratings (guild_id, user_id, rating, experience, matches, wins) VALUES (?, ?, ?, 0, 1, 0)",
        [(GUILD, 10_000 + n, 1000.0 + n) for n in range(3000)],
    )
    page = await leaderboard_page(db, GUILD, 150, caller_id=10_000)
    assert page.page_count == 300 and page.page == 150
    assert [e.rank for e in page.entries] == list(range(1501, 1511))
    assert page.entries[0].rating == 1000.0 + 3000 - 1501
    assert page.caller is not None and page.caller.rank == 3000


async def test_stats_count_gammons_cubes_streak_and_head_to_head(db: Database) -> None:
    alice_won = (PlayerTally(gammons_won=2, cubes_taken=1), PlayerTally(backgammons_won=1, cubes_dropped=2))
    await store_match(db, (ALICE, BOB), winner=0, length=5, finished_at=1, tallies=alice_won)
    bob_tally = PlayerTally(gammons_won=1, cubes_taken=2)
    await store_match(db, (BOB, ALICE), winner=1, length=3, finished_at=2, tallies=(bob_tally, PlayerTally()))
    await store_match(db, (ALICE, CAROL), winner=1, length=1, finished_at=3)
    await store_match(db, (CAROL, ALICE), winner=1, length=1, finished_at=4)
    await store_match(db, (CAROL, ALICE), winner=1, length=1, finished_at=5)
    stats = await player_stats(db, GUILD, ALICE, viewer_id=BOB)
    assert (stats.gammons_won, stats.backgammons_won) == (2, 0)
    assert (stats.gammons_lost, stats.backgammons_lost) == (1, 1)
    assert (stats.cubes_taken, stats.cubes_dropped) == (1, 0)
    assert stats.average_length == pytest.approx((5 + 3 + 1 + 1 + 1) / 5)
    assert stats.streak == 2
    assert stats.head_to_head is not None and (stats.head_to_head.wins, stats.head_to_head.losses) == (2, 0)
    assert stats.experience == 11
    assert stats.standing is not None and (stats.standing.matches, stats.standing.wins) == (5, 4)
    assert len(stats.ratings) == 6 and stats.ratings[0] == 1500.0
    assert stats.ratings[-1] == stats.standing.rating
    bob = await player_stats(db, GUILD, BOB, viewer_id=ALICE)
    assert bob.streak == -2 and (bob.cubes_taken, bob.cubes_dropped) == (2, 2)
    assert bob.head_to_head is not None and (bob.head_to_head.wins, bob.head_to_head.losses) == (0, 2)
    assert (await player_stats(db, GUILD, ALICE, viewer_id=ALICE)).head_to_head is None


async def test_stats_of_someone_who_never_played(db: Database) -> None:
    stats = await player_stats(db, GUILD, 77, viewer_id=ALICE, name="Newcomer")
    assert stats.name == "Newcomer" and stats.standing is None
    assert stats.streak == 0 and stats.average_length is None and stats.ratings == [1500.0]
    assert stats.head_to_head is not None and stats.head_to_head.wins == stats.head_to_head.losses == 0


async def test_history_lists_finished_matches_newest_first_with_links_and_stored_names(
    db: Database,
) -> None:
    first = await store_match(db, (ALICE, BOB), 0, 3, finished_at=10, match=resigned_match(3, [1, 0, 0, 0]))
    await store_match(db, (ALICE, BOB), winner=None, length=3, status="aborted")
    money = await store_match(db, (CAROL, ALICE), winner=0, length=0, finished_at=20)
    await set_message(db, first, 555, 777)
    await db.write(lambda c: remember_player(c, BOB, "Bob (left the server)", 30.0))
    history = await recent_matches(db, GUILD, ALICE)
    assert [h.match_id for h in history] == [money, first]
    latest, older = history
    assert (latest.opponent_id, latest.length, latest.won) == (CAROL, 0, False)
    assert (latest.score, latest.opponent_score) == (0, 1)
    assert latest.rating_change is None
    assert (older.opponent_name, older.won, older.score, older.opponent_score) == ("Bob (left the server)", True, 3, 1)
    assert (older.channel_id, older.message_id) == (555, 777)
    assert older.rating_change == pytest.approx(10 * 3**0.5)  # 4 * K 5 * sqrt(3) * P 1/2
    assert await recent_matches(db, GUILD + 1, ALICE) == []
