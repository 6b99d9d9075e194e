"""The daily position's SQL: the servers' settings, the posts (one per server and day) and the members' answers.
Coroutines over the caller's connection (bot.store.backend)."""

from __future__ import annotations

from bot.daily.posts import DailySetting, StoredPost
from bot.store.backend import Queries, Row

_POST = "guild_id, day, channel_id, message_id, source, puzzle, revealed"


def _post(row: Row) -> StoredPost:
    message = None if row[3] is None else int(row[3])
    return StoredPost(int(row[0]), int(row[1]), int(row[2]), message, str(row[4]), str(row[5]), bool(row[6]))


async def setting(connection: Queries, guild_id: int) -> DailySetting | None:
    row = await connection.fetchone(
        "SELECT guild_id, channel_id, hour, enabled FROM daily_settings WHERE guild_id = ?", (guild_id,)
    )
    return None if row is None else DailySetting(int(row[0]), int(row[1]), int(row[2]), bool(row[3]))


async def set_setting(connection: Queries, guild_id: int, channel_id: int, hour: int, enabled: bool) -> None:
    await connection.execute(
        "INSERT INTO daily_settings (guild_id, channel_id, hour, enabled) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id, hour = excluded.hour, "
        "enabled = excluded.enabled",
        (guild_id, channel_id, hour, int(enabled)),
    )


async def enabled_with_last_day(connection: Queries) -> list[tuple[DailySetting, int | None]]:
    """Every server with the daily position on, with the day of its latest post (None: never posted)."""
    rows = await connection.fetchall(
        "SELECT s.guild_id, s.channel_id, s.hour, s.enabled, "
        "(SELECT MAX(p.day) FROM daily_posts AS p WHERE p.guild_id = s.guild_id) "
        "FROM daily_settings AS s WHERE s.enabled = 1 ORDER BY s.guild_id"
    )
    return [
        (DailySetting(int(r[0]), int(r[1]), int(r[2]), bool(r[3])), None if r[4] is None else int(r[4])) for r in rows
    ]


async def sources(connection: Queries, guild_id: int) -> set[str]:
    """Where the server's posts came from: each decision is posted once."""
    rows = await connection.fetchall("SELECT source FROM daily_posts WHERE guild_id = ?", (guild_id,))
    return {str(row[0]) for row in rows}


async def add_post(
    connection: Queries, guild_id: int, day: int, channel_id: int, source: str, puzzle: str, now: float
) -> bool:
    """Store the day's post before its message is sent; False when the day has one already (another process, or
    a pass that raced this one)."""
    inserted = await connection.execute(
        "INSERT INTO daily_posts (guild_id, day, channel_id, source, puzzle, posted_at) VALUES (?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (guild_id, day) DO NOTHING",
        (guild_id, day, channel_id, source, puzzle, now),
    )
    return inserted == 1


async def reveal_before(connection: Queries, guild_id: int, day: int) -> StoredPost | None:
    """Close the answers of every earlier post of the server; the latest of them (whose reveal goes with the new
    post), revealed now or before."""
    await connection.execute(
        "UPDATE daily_posts SET revealed = 1 WHERE guild_id = ? AND day < ? AND revealed = 0", (guild_id, day)
    )
    row = await connection.fetchone(
        f"SELECT {_POST} FROM daily_posts WHERE guild_id = ? AND day < ? ORDER BY day DESC LIMIT 1", (guild_id, day)
    )
    return None if row is None else _post(row)


async def post(connection: Queries, guild_id: int, day: int) -> StoredPost | None:
    row = await connection.fetchone(f"SELECT {_POST} FROM daily_posts WHERE guild_id = ? AND day = ?", (guild_id, day))
    return None if row is None else _post(row)


async def previous(connection: Queries, guild_id: int, day: int) -> StoredPost | None:
    row = await connection.fetchone(
        f"SELECT {_POST} FROM daily_posts WHERE guild_id = ? AND day < ? ORDER BY day DESC LIMIT 1", (guild_id, day)
    )
    return None if row is None else _post(row)


async def unsent(connection: Queries) -> list[StoredPost]:
    """Posts stored whose message was never recorded sent (a stop, or a failed send, between the two)."""
    rows = await connection.fetchall(f"SELECT {_POST} FROM daily_posts WHERE message_id IS NULL ORDER BY day")
    return [_post(row) for row in rows]


async def record_message(connection: Queries, guild_id: int, day: int, message_id: int) -> None:
    await connection.execute(
        "UPDATE daily_posts SET message_id = ? WHERE guild_id = ? AND day = ?", (message_id, guild_id, day)
    )


async def answer(
    connection: Queries, guild_id: int, day: int, user_id: int, choice: int, correct: bool, now: float
) -> None:
    await connection.execute(
        "INSERT INTO daily_answers (guild_id, day, user_id, choice, correct, answered_at) VALUES (?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (guild_id, day, user_id) DO UPDATE SET choice = excluded.choice, correct = excluded.correct, "
        "answered_at = excluded.answered_at",
        (guild_id, day, user_id, choice, int(correct), now),
    )


async def answers(connection: Queries, guild_id: int, day: int) -> list[tuple[int, int, bool]]:
    """The post's answers as (member, choice, right), oldest first."""
    rows = await connection.fetchall(
        "SELECT user_id, choice, correct FROM daily_answers WHERE guild_id = ? AND day = ? "
        "ORDER BY answered_at, user_id",
        (guild_id, day),
    )
    return [(int(row[0]), int(row[1]), bool(row[2])) for row in rows]


async def member_counts(connection: Queries, guild_id: int, user_id: int) -> tuple[int, int]:
    """How many revealed positions the member answered, and how many of them right."""
    row = await connection.fetchone(
        "SELECT COUNT(*), COALESCE(SUM(a.correct), 0) FROM daily_answers AS a JOIN daily_posts AS p "
        "ON p.guild_id = a.guild_id AND p.day = a.day WHERE a.guild_id = ? AND a.user_id = ? AND p.revealed = 1",
        (guild_id, user_id),
    )
    return (0, 0) if row is None else (int(row[0]), int(row[1]))


async def member_recent(connection: Queries, guild_id: int, user_id: int, limit: int) -> list[bool | None]:
    """The server's latest revealed posts, newest first, each as the member's answer: right, wrong, or None when
    they did not answer. A post whose message could not be sent (message 0) was never shown: it is left out."""
    rows = await connection.fetchall(
        "SELECT a.correct FROM daily_posts AS p LEFT JOIN daily_answers AS a "
        "ON a.guild_id = p.guild_id AND a.day = p.day AND a.user_id = ? "
        "WHERE p.guild_id = ? AND p.revealed = 1 AND COALESCE(p.message_id, 1) <> 0 ORDER BY p.day DESC LIMIT ?",
        (user_id, guild_id, limit),
    )
    return [None if row[0] is None else bool(row[0]) for row in rows]


async def guild_analyses(connection: Queries, guild_id: int, limit: int) -> list[tuple[int, str]]:
    """The server's latest finished analyses (match id, result JSON), newest first."""
    rows = await connection.fetchall(
        "SELECT a.match_id, a.result FROM match_analyses AS a JOIN matches AS m ON m.id = a.match_id "
        "WHERE m.guild_id = ? AND a.status = 'done' AND a.result IS NOT NULL "
        "ORDER BY a.finished_at DESC, a.match_id DESC LIMIT ?",
        (guild_id, limit),
    )
    return [(int(row[0]), str(row[1])) for row in rows]
