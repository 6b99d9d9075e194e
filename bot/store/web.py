"""The web pages' own rows: which servers show their page, and a server's latest finished matches."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.backend import Queries


@dataclass(frozen=True, slots=True)
class FinishedRow:
    """A finished match as a list shows it."""

    match_id: int
    names: tuple[str, str]
    user_ids: tuple[int, int]
    length: int
    scores: tuple[int, int]
    winner: int | None
    finished_at: float


async def web_enabled(db: Queries, guild_id: int) -> bool:
    row = await db.fetchone("SELECT enabled FROM guild_web WHERE guild_id = ?", (guild_id,))
    return row is not None and bool(row[0])


async def set_web_enabled(db: Queries, guild_id: int, enabled: bool, now: float) -> None:
    await db.execute(
        "INSERT INTO guild_web (guild_id, enabled, changed_at) VALUES (?, ?, ?) "
        "ON CONFLICT (guild_id) DO UPDATE SET enabled = excluded.enabled, changed_at = excluded.changed_at",
        (guild_id, int(enabled), now),
    )


async def recent_finished(db: Queries, guild_id: int, limit: int) -> list[FinishedRow]:
    """The server's latest finished matches, newest first (never a running one)."""
    rows = await db.fetchall(
        "SELECT m.id, p0.name AS name0, p1.name AS name1, m.player0_id, m.player1_id, m.length, m.score0, m.score1, "
        "m.winner, m.finished_at FROM matches AS m JOIN players AS p0 ON p0.user_id = m.player0_id "
        "JOIN players AS p1 ON p1.user_id = m.player1_id "
        "WHERE m.guild_id = ? AND m.status = 'finished' ORDER BY m.finished_at DESC, m.id DESC LIMIT ?",
        (guild_id, limit),
    )
    return [
        FinishedRow(
            int(row["id"]),
            (str(row["name0"]), str(row["name1"])),
            (int(row["player0_id"]), int(row["player1_id"])),
            int(row["length"]),
            (int(row["score0"]), int(row["score1"])),
            None if row["winner"] is None else int(row["winner"]),
            float(row["finished_at"] or 0.0),
        )
        for row in rows
    ]
