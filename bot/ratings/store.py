"""Rating storage and the ladder, stats and history queries. SQL only; no Discord types.

`record_match` runs inside the caller's open transaction (the service's match-finished hook), so a match's
result and the rating update are committed together. Every query is served by an index from
003_ratings.sql or 002_games.sql, so a guild with thousands of players pages and ranks without sorting.
"""

from __future__ import annotations

import logging
import math

from bot.ratings.fibs import RatingChange, Standing, rate_match
from bot.ratings.records import (
    HISTORY_SIZE,
    PAGE_SIZE,
    FinishedMatch,
    HeadToHead,
    HistoryEntry,
    LadderEntry,
    LeaderboardPage,
    PlayerStats,
    PlayerTally,
)
from bot.store.backend import Queries

log = logging.getLogger(__name__)


async def standing(db: Queries, guild_id: int, user_id: int) -> Standing:
    """The player's current rating and experience in the guild; a newcomer's when they have none."""
    row = await db.fetchone(
        "SELECT rating, experience FROM ratings WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
    )
    return Standing() if row is None else Standing(float(row[0]), int(row[1]))


async def record_match(db: Queries, match: FinishedMatch) -> RatingChange | None:
    """Rate a finished match inside the caller's transaction. Returns None for money games and for a match
    that was already rated (so a repeated hook call cannot count a match twice)."""
    if not match.rated:
        return None
    if await db.fetchone("SELECT 1 FROM rated_matches WHERE match_id = ? LIMIT 1", (match.match_id,)) is not None:
        log.warning("Match %d is already rated; not rating it again", match.match_id)
        return None
    winner_id = match.players[match.winner]
    loser_id = match.players[1 - match.winner]
    before = {
        winner_id: await standing(db, match.guild_id, winner_id),
        loser_id: await standing(db, match.guild_id, loser_id),
    }
    change = rate_match(before[winner_id], before[loser_id], match.length)
    after = {winner_id: change.winner, loser_id: change.loser}
    for index, user_id in enumerate(match.players):
        opponent_index = 1 - index
        won = user_id == winner_id
        await _save_standing(db, match.guild_id, user_id, after[user_id], won)
        await _insert_rated_match(
            db,
            match,
            user_id=user_id,
            opponent_id=match.players[opponent_index],
            won=won,
            before=before[user_id],
            after=after[user_id],
            own=match.tallies[index],
            theirs=match.tallies[opponent_index],
        )
    return change


async def _save_standing(db: Queries, guild_id: int, user_id: int, new: Standing, won: bool) -> None:
    await db.execute(
        """
        INSERT INTO ratings (guild_id, user_id, rating, experience, matches, wins) VALUES (?, ?, ?, ?, 1, ?)
        ON CONFLICT (guild_id, user_id) DO UPDATE SET
            rating = excluded.rating, experience = excluded.experience,
            matches = ratings.matches + 1, wins = ratings.wins + excluded.wins
        """,
        (guild_id, user_id, new.rating, new.experience, int(won)),
    )


async def _insert_rated_match(
    db: Queries,
    match: FinishedMatch,
    *,
    user_id: int,
    opponent_id: int,
    won: bool,
    before: Standing,
    after: Standing,
    own: PlayerTally,
    theirs: PlayerTally,
) -> None:
    await db.execute(
        """
        INSERT INTO rated_matches (
            match_id, guild_id, user_id, opponent_id, won, length, rating_before, rating_after, experience_before,
            gammons_won, backgammons_won, gammons_lost, backgammons_lost, cubes_taken, cubes_dropped
        ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        (
            match.match_id,
            match.guild_id,
            user_id,
            opponent_id,
            int(won),
            match.length,
            before.rating,
            after.rating,
            before.experience,
            own.gammons_won,
            own.backgammons_won,
            theirs.gammons_won,
            theirs.backgammons_won,
            own.cubes_taken,
            own.cubes_dropped,
        ),
    )


async def player_count(db: Queries, guild_id: int) -> int:
    row = await db.fetchone("SELECT COUNT(*) FROM ratings WHERE guild_id = ?", (guild_id,))
    return int(row[0]) if row else 0


async def _rank_of(db: Queries, guild_id: int, rating: float) -> int:
    """1 + how many players of the guild are rated higher (competition ranking: equal ratings share a rank)."""
    row = await db.fetchone("SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND rating > ?", (guild_id, rating))
    return 1 + (int(row[0]) if row else 0)


async def ladder_entry(db: Queries, guild_id: int, user_id: int) -> LadderEntry | None:
    """The player's line on the guild's ladder, wherever it is; None before their first rated match there."""
    row = await db.fetchone(
        """
        SELECT r.rating, r.matches, r.wins, p.name FROM ratings r JOIN players p ON p.user_id = r.user_id
        WHERE r.guild_id = ? AND r.user_id = ?
        """,
        (guild_id, user_id),
    )
    if row is None:
        return None
    rating = float(row[0])
    return LadderEntry(await _rank_of(db, guild_id, rating), user_id, str(row[3]), rating, int(row[1]), int(row[2]))


async def leaderboard_page(
    db: Queries, guild_id: int, page: int, *, caller_id: int | None = None, page_size: int = PAGE_SIZE
) -> LeaderboardPage:
    """Page `page` (0-based, clamped to the pages there are) of the guild's ladder, best first, plus the
    caller's own line even when it is on another page."""
    count = await player_count(db, guild_id)
    page_count = max(1, math.ceil(count / page_size))
    page = min(max(page, 0), page_count - 1)
    offset = page * page_size
    rows = list(
        await db.fetchall(
            """
        SELECT r.user_id, p.name, r.rating, r.matches, r.wins FROM ratings r JOIN players p ON p.user_id = r.user_id
        WHERE r.guild_id = ? ORDER BY r.rating DESC, r.user_id LIMIT ? OFFSET ?
        """,
            (guild_id, page_size, offset),
        )
    )
    entries: list[LadderEntry] = []
    for position, row in enumerate(rows):
        rating = float(row[2])
        if not entries:
            rank = await _rank_of(db, guild_id, rating)
        elif rating == entries[-1].rating:
            rank = entries[-1].rank
        else:
            rank = offset + position + 1
        entries.append(LadderEntry(rank, int(row[0]), str(row[1]), rating, int(row[3]), int(row[4])))
    caller = None
    if caller_id is not None:
        caller = next((e for e in entries if e.user_id == caller_id), None) or await ladder_entry(
            db, guild_id, caller_id
        )
    return LeaderboardPage(page, page_count, count, entries, caller)


async def player_name(db: Queries, user_id: int) -> str | None:
    """The display name last stored for the user (kept after they leave the guild)."""
    row = await db.fetchone("SELECT name FROM players WHERE user_id = ?", (user_id,))
    return None if row is None else str(row[0])


async def player_stats(
    db: Queries, guild_id: int, user_id: int, *, viewer_id: int | None = None, name: str = ""
) -> PlayerStats:
    """Rating, rank, record, gammons, cubes, streak, head-to-head against the viewer and the rating history
    of one player in one guild. `name` is used only for a user the bot has never stored."""
    totals = await db.fetchone(
        """
        SELECT COUNT(*), COALESCE(SUM(gammons_won), 0), COALESCE(SUM(gammons_lost), 0),
               COALESCE(SUM(backgammons_won), 0), COALESCE(SUM(backgammons_lost), 0),
               COALESCE(SUM(cubes_taken), 0), COALESCE(SUM(cubes_dropped), 0), AVG(length)
        FROM rated_matches WHERE guild_id = ? AND user_id = ?
        """,
        (guild_id, user_id),
    )
    assert totals is not None  # an aggregate always returns one row
    results = [
        (bool(row[0]), float(row[1]))
        for row in await db.fetchall(
            "SELECT won, rating_after FROM rated_matches WHERE guild_id = ? AND user_id = ? ORDER BY seq",
            (guild_id, user_id),
        )
    ]
    head_to_head = None
    if viewer_id is not None and viewer_id != user_id:
        row = await db.fetchone(
            """
            SELECT COUNT(*), COALESCE(SUM(won), 0) FROM rated_matches
            WHERE guild_id = ? AND user_id = ? AND opponent_id = ?
            """,
            (guild_id, user_id, viewer_id),
        )
        assert row is not None
        head_to_head = HeadToHead(wins=int(row[1]), losses=int(row[0]) - int(row[1]))
    own = await standing(db, guild_id, user_id)
    return PlayerStats(
        user_id=user_id,
        name=await player_name(db, user_id) or name,
        standing=await ladder_entry(db, guild_id, user_id),
        experience=own.experience,
        gammons_won=int(totals[1]),
        gammons_lost=int(totals[2]),
        backgammons_won=int(totals[3]),
        backgammons_lost=int(totals[4]),
        cubes_taken=int(totals[5]),
        cubes_dropped=int(totals[6]),
        average_length=None if totals[7] is None else float(totals[7]),
        streak=_streak([won for won, _ in results]),
        head_to_head=head_to_head,
        ratings=[Standing().rating, *(rating for _, rating in results)],
    )


def _streak(results: list[bool]) -> int:
    """The current run: +n for n wins in a row up to the latest match, -n for n losses, 0 with no matches."""
    if not results:
        return 0
    last = results[-1]
    run = 0
    for won in reversed(results):
        if won != last:
            break
        run += 1
    return run if last else -run


async def recent_matches(db: Queries, guild_id: int, user_id: int, *, limit: int = HISTORY_SIZE) -> list[HistoryEntry]:
    """The player's latest finished matches in the guild (money games included, aborted ones not), newest
    first, with the rating change of rated ones and the channel and message of the last game message."""
    rows = list(
        await db.fetchall(
            """
        SELECT m.id, m.player0_id, m.player1_id, m.length, m.winner, m.score0, m.score1, m.result_kind,
               m.finished_at, COALESCE(m.message_channel_id, m.channel_id), m.message_id,
               rm.rating_before, rm.rating_after, p0.name, p1.name
        FROM matches m
        JOIN players p0 ON p0.user_id = m.player0_id
        JOIN players p1 ON p1.user_id = m.player1_id
        LEFT JOIN rated_matches rm ON rm.match_id = m.id AND rm.user_id = ?
        WHERE m.guild_id = ? AND m.status = 'finished' AND m.winner IS NOT NULL
          AND (m.player0_id = ? OR m.player1_id = ?)
        ORDER BY m.finished_at DESC, m.id DESC
        LIMIT ?
        """,
            (user_id, guild_id, user_id, user_id, limit),
        )
    )
    entries = []
    for row in rows:
        me = 0 if int(row[1]) == user_id else 1
        scores = (int(row[5]), int(row[6]))
        entries.append(
            HistoryEntry(
                match_id=int(row[0]),
                opponent_id=int(row[2 - me]),
                opponent_name=str(row[14 - me]),
                length=int(row[3]),
                won=int(row[4]) == me,
                score=scores[me],
                opponent_score=scores[1 - me],
                result_kind=None if row[7] is None else str(row[7]),
                finished_at=float(row[8]),
                rating_change=None if row[11] is None else float(row[12]) - float(row[11]),
                channel_id=None if row[9] is None else int(row[9]),
                message_id=None if row[10] is None else int(row[10]),
            )
        )
    return entries
