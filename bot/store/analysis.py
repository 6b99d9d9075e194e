"""Match analyses: requested, finished, posted (and where);
each player's PR for /stats and /history; the server's automatic analysis setting. Coroutines over the caller's
connection (`bot.store.backend`)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.backend import Queries, Row


@dataclass(frozen=True, slots=True)
class StoredAnalysis:
    match_id: int
    status: str  # pending, done, failed
    level: str
    channel_id: int
    result: str | None  # JSON of bot.analysis.MatchAnalysis
    posted: bool
    #: The posted message (channel id, message id); None before it is sent, or for a row posted
    #: without its place (kept from before the place was stored: /bg analyze then posts it again).
    message: tuple[int, int] | None = None


_COLUMNS = "a.match_id, a.status, a.level, a.channel_id, a.result, a.posted, a.post_channel_id, a.post_message_id"


def _row(row: Row) -> StoredAnalysis:
    message = None if row[6] is None or row[7] is None else (int(row[6]), int(row[7]))
    return StoredAnalysis(
        int(row[0]),
        str(row[1]),
        str(row[2]),
        int(row[3]),
        None if row[4] is None else str(row[4]),
        bool(row[5]),
        message,
    )


async def request(connection: Queries, match_id: int, level: str, channel_id: int, now: float) -> StoredAnalysis:
    """A pending row for the match, unless it has one already (then that one, unchanged); a failed one is asked
    again (and is to be posted again: a failure is marked posted, having nothing to post)."""
    await connection.execute(
        "INSERT INTO match_analyses (match_id, status, level, channel_id, requested_at) VALUES (?, 'pending', ?, ?, ?) "
        "ON CONFLICT (match_id) DO UPDATE SET status = 'pending', channel_id = excluded.channel_id, "
        "requested_at = excluded.requested_at, posted = 0 WHERE match_analyses.status = 'failed'",
        (match_id, level, channel_id, now),
    )
    found = await load(connection, match_id)
    assert found is not None
    return found


async def load(connection: Queries, match_id: int) -> StoredAnalysis | None:
    row = await connection.fetchone(f"SELECT {_COLUMNS} FROM match_analyses AS a WHERE a.match_id = ?", (match_id,))
    return None if row is None else _row(row)


async def finish(
    connection: Queries, match_id: int, result: str, prs: tuple[float | None, float | None], now: float
) -> bool:
    """Store the result of a pending analysis; False when there is no pending row (asked for in a transaction
    that rolled back, or finished already)."""
    changed = await connection.execute(
        "UPDATE match_analyses SET status = 'done', result = ?, pr0 = ?, pr1 = ?, finished_at = ? "
        "WHERE match_id = ? AND status = 'pending'",
        (result, prs[0], prs[1], now, match_id),
    )
    return changed == 1


async def fail(connection: Queries, match_id: int, now: float) -> None:
    await connection.execute(
        "UPDATE match_analyses SET status = 'failed', finished_at = ?, posted = 1 "
        "WHERE match_id = ? AND status = 'pending'",
        (now, match_id),
    )


async def mark_posted(connection: Queries, match_id: int) -> None:
    await connection.execute("UPDATE match_analyses SET posted = 1 WHERE match_id = ?", (match_id,))


async def record_post(connection: Queries, match_id: int, channel_id: int, message_id: int) -> None:
    """The analysis is posted: where its message went (for later requests to link to). Recorded only once the
    message is sent, so that a stop before leaves it unposted for the next start."""
    await connection.execute(
        "UPDATE match_analyses SET posted = 1, post_channel_id = ?, post_message_id = ? WHERE match_id = ?",
        (channel_id, message_id, match_id),
    )


async def pending(connection: Queries) -> list[tuple[int, int | None]]:
    """The pending analyses, oldest request first, each as (match id, its match's guild): those that did not fit
    in the job queue's memory are read again from here as it drains."""
    rows = await connection.fetchall(
        "SELECT a.match_id, m.guild_id FROM match_analyses AS a JOIN matches AS m ON m.id = a.match_id "
        "WHERE a.status = 'pending' ORDER BY a.requested_at, a.match_id"
    )
    return [(int(row[0]), None if row[1] is None else int(row[1])) for row in rows]


async def unfinished(connection: Queries) -> list[tuple[StoredAnalysis, int | None]]:
    """Analyses still pending, or done and never posted, oldest request first (to finish after a restart), each
    with its match's guild (a sharded process finishes only its own guilds' ones)."""
    rows = await connection.fetchall(
        f"SELECT {_COLUMNS}, m.guild_id FROM match_analyses AS a JOIN matches AS m ON m.id = a.match_id "
        "WHERE a.status = 'pending' OR a.posted = 0 ORDER BY a.requested_at, a.match_id"
    )
    return [(_row(row), None if row[8] is None else int(row[8])) for row in rows]


async def auto_length(connection: Queries, guild_id: int, default: int) -> int:
    """The server's own automatic length, else `default` (the bot's ANALYSIS_AUTO_LENGTH)."""
    row = await connection.fetchone("SELECT auto_length FROM guild_analysis WHERE guild_id = ?", (guild_id,))
    return default if row is None else int(row[0])


async def set_auto_length(connection: Queries, guild_id: int, length: int) -> None:
    await connection.execute(
        "INSERT INTO guild_analysis (guild_id, auto_length) VALUES (?, ?) "
        "ON CONFLICT (guild_id) DO UPDATE SET auto_length = excluded.auto_length",
        (guild_id, length),
    )


@dataclass(frozen=True, slots=True)
class MatchPr:
    match_id: int
    pr: float
    finished_at: float


async def recent_prs(connection: Queries, user_id: int, guild_id: int | None = None, limit: int = 10) -> list[MatchPr]:
    """The player's PR in their last `limit` analysed matches, newest first."""
    sql = (
        "SELECT m.id, CASE WHEN m.player0_id = ? THEN a.pr0 ELSE a.pr1 END AS pr, a.finished_at "
        "FROM match_analyses AS a JOIN matches AS m ON m.id = a.match_id "
        "WHERE a.status = 'done' AND (m.player0_id = ? OR m.player1_id = ?)"
    )
    parameters: list[object] = [user_id, user_id, user_id]
    if guild_id is not None:
        sql += " AND m.guild_id = ?"
        parameters.append(guild_id)
    sql += " ORDER BY a.finished_at DESC, m.id DESC"
    rows = await connection.fetchall(sql, parameters)
    prs = [MatchPr(int(row[0]), float(row[1]), float(row[2])) for row in rows if row[1] is not None]
    return prs[:limit]


async def prs_of_matches(connection: Queries, user_id: int, match_ids: list[int]) -> dict[int, float]:
    """The player's PR in those of these matches that were analysed (for /history)."""
    if not match_ids:
        return {}
    marks = ", ".join("?" for _ in match_ids)
    rows = await connection.fetchall(
        "SELECT m.id, CASE WHEN m.player0_id = ? THEN a.pr0 ELSE a.pr1 END FROM match_analyses AS a "
        f"JOIN matches AS m ON m.id = a.match_id WHERE a.status = 'done' AND m.id IN ({marks})",
        [user_id, *match_ids],
    )
    return {int(row[0]): float(row[1]) for row in rows if row[1] is not None}
