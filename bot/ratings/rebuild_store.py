"""The rating rebuild's reads and writes of the database (bot/ratings/rebuild.py checks or rewrites the ratings
from the facts in `matches`): the one place its SQL lives."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.backend import Queries

#: A rated_matches row's tally of the match, in the order the rebuild compares and writes them.
TALLY_COLUMNS = "gammons_won, backgammons_won, gammons_lost, backgammons_lost, cubes_taken, cubes_dropped"

#: (match id, guild id, player 0, player 1, winner, length, status) of a rated match.
RatedMatch = tuple[int, int, int, int, int | None, int, str]
#: (opponent id, won, length, rating before, rating after, experience before, *the six tally columns).
RatedRow = tuple[int, bool, int, float, float, int, tuple[int, int, int, int, int, int]]
#: ((guild id, user id), (rating, experience, matches, wins)) of one ladder row.
LadderRow = tuple[tuple[int, int], tuple[float, int, int, int]]


async def rated_matches(db: Queries) -> list[RatedMatch]:
    """Every rated match, in the order it was rated."""
    rows = await db.fetchall(
        """
        SELECT m.id, m.guild_id, m.player0_id, m.player1_id, m.winner, m.length, m.status
        FROM matches m JOIN (SELECT match_id, MIN(seq) AS first FROM rated_matches GROUP BY match_id) r
             ON r.match_id = m.id
        ORDER BY r.first
        """
    )
    return [
        (int(r[0]), int(r[1]), int(r[2]), int(r[3]), None if r[4] is None else int(r[4]), int(r[5]), str(r[6]))
        for r in rows
    ]


async def unrated_finished_matches(db: Queries) -> list[int]:
    """The finished matches with a winner that should have been rated and were not."""
    rows = await db.fetchall(
        """
        SELECT id FROM matches WHERE status = 'finished' AND length > 0 AND winner IS NOT NULL
          AND id NOT IN (SELECT match_id FROM rated_matches) ORDER BY id
        """
    )
    return [int(row[0]) for row in rows]


async def rated_row(db: Queries, match_id: int, user_id: int) -> RatedRow | None:
    found = await db.fetchone(
        f"""
        SELECT opponent_id, won, length, rating_before, rating_after, experience_before, {TALLY_COLUMNS}
        FROM rated_matches WHERE match_id = ? AND user_id = ?
        """,  # the f-string only inserts the fixed column list above
        (match_id, user_id),
    )
    if found is None:
        return None
    tally = (int(found[6]), int(found[7]), int(found[8]), int(found[9]), int(found[10]), int(found[11]))
    return int(found[0]), bool(found[1]), int(found[2]), float(found[3]), float(found[4]), int(found[5]), tally


async def write_rated_row(
    db: Queries, match_id: int, user_id: int, guild_id: int, row: RatedRow, *, with_tally: bool
) -> None:
    """Rewrite one player's row of a rated match (its tally too, when `with_tally`: the match's log was read)."""
    opponent_id, won, length, before, after, experience, tally = row
    await db.execute(
        """
        UPDATE rated_matches SET opponent_id = ?, won = ?, length = ?, guild_id = ?,
            rating_before = ?, rating_after = ?, experience_before = ?
        WHERE match_id = ? AND user_id = ?
        """,
        (opponent_id, int(won), length, guild_id, before, after, experience, match_id, user_id),
    )
    if with_tally:
        await db.execute(
            """
            UPDATE rated_matches SET gammons_won = ?, backgammons_won = ?, gammons_lost = ?, backgammons_lost = ?,
                cubes_taken = ?, cubes_dropped = ?
            WHERE match_id = ? AND user_id = ?
            """,
            (*tally, match_id, user_id),
        )


async def ladder_rows(db: Queries) -> list[LadderRow]:
    rows = await db.fetchall("SELECT guild_id, user_id, rating, experience, matches, wins FROM ratings")
    return [((int(r[0]), int(r[1])), (float(r[2]), int(r[3]), int(r[4]), int(r[5]))) for r in rows]


async def replace_ladders(db: Queries, rows: Sequence[LadderRow]) -> None:
    """Every ladder row, in place of those stored."""
    await db.execute("DELETE FROM ratings")
    await db.executemany(
        "INSERT INTO ratings (guild_id, user_id, rating, experience, matches, wins) VALUES (?, ?, ?, ?, ?, ?)",
        [(guild, user, *values) for (guild, user), values in rows],
    )
