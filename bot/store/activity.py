"""The live board's rows: each stored match's version, read cheaply for the matches someone watches, and the
matches acted on from the live board whose channel board the bot is to bring up to date (`activity_boards`)."""

from __future__ import annotations

from bot.store.backend import Queries


async def version_of(db: Queries, match_id: int) -> int | None:
    """The match's stored version; None for an unknown match."""
    row = await db.fetchone("SELECT version FROM match_snapshots WHERE match_id = ?", (match_id,))
    return None if row is None else int(row[0])


async def mark_acted(db: Queries, match_id: int, guild_id: int, version: int) -> None:
    """Ask the bot to show the match's `version` (or a later one) on its channel board."""
    await db.execute(
        "INSERT INTO activity_boards (match_id, guild_id, version) VALUES (?, ?, ?) "
        "ON CONFLICT (match_id) DO UPDATE SET version = excluded.version",
        (match_id, guild_id, version),
    )


async def acted(db: Queries) -> list[tuple[int, int, int]]:
    """Every (match id, guild id, version) waiting for its channel board."""
    rows = await db.fetchall("SELECT match_id, guild_id, version FROM activity_boards ORDER BY match_id", ())
    return [(int(row[0]), int(row[1]), int(row[2])) for row in rows]


async def clear_acted(db: Queries, match_id: int, version: int) -> None:
    """The bot took the match up to `version`: a row for a later version stays."""
    await db.execute("DELETE FROM activity_boards WHERE match_id = ? AND version <= ?", (match_id, version))
