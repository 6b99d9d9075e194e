"""The computer opponent's rows: which matches are against it, at what level, and
its record per level. Coroutines over the caller's connection or database (`bot.store.backend`)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.store.backend import Queries


async def set_level(connection: Queries, match_id: int, level: str) -> None:
    await connection.execute("UPDATE matches SET computer_level = ? WHERE id = ?", (level, match_id))


async def level_of(connection: Queries, match_id: int) -> str | None:
    row = await connection.fetchone("SELECT computer_level FROM matches WHERE id = ?", (match_id,))
    return None if row is None or row[0] is None else str(row[0])


async def active_computer_matches(connection: Queries) -> list[tuple[int, str]]:
    """(match id, level) of every active match against the computer, oldest first."""
    rows = await connection.fetchall(
        "SELECT id, computer_level FROM matches WHERE status = 'active' AND computer_level IS NOT NULL ORDER BY id"
    )
    return [(int(row[0]), str(row[1])) for row in rows]


async def running_matches_of(connection: Queries, user_id: int) -> list[tuple[int, int, int]]:
    """(match id, guild id, channel id) of the member's active matches against the computer, oldest first (the
    human is always player 0 there; for the limit on such matches per member)."""
    rows = await connection.fetchall(
        "SELECT id, guild_id, channel_id FROM matches "
        "WHERE status = 'active' AND computer_level IS NOT NULL AND player0_id = ? ORDER BY id",
        (user_id,),
    )
    return [(int(row[0]), int(row[1]), int(row[2])) for row in rows]


@dataclass(frozen=True, slots=True)
class LevelRecord:
    """A player's finished matches against the computer at one level."""

    level: str
    played: int
    won: int
    games: int
    points_for: int
    points_against: int

    @property
    def points_per_game(self) -> float:
        return (self.points_for - self.points_against) / self.games if self.games else 0.0


async def level_records(connection: Queries, user_id: int, guild_id: int | None = None) -> list[LevelRecord]:
    """The player's finished computer matches grouped by level (the player is always player 0 there)."""
    sql = (
        "SELECT m.computer_level, m.winner, m.score0, m.score1, s.state FROM matches AS m "
        "JOIN match_snapshots AS s ON s.match_id = m.id "
        "WHERE m.player0_id = ? AND m.computer_level IS NOT NULL AND m.status = 'finished'"
    )
    parameters: list[object] = [user_id]
    if guild_id is not None:
        sql += " AND m.guild_id = ?"
        parameters.append(guild_id)
    totals: dict[str, list[int]] = {}
    for level, winner, score0, score1, state in await connection.fetchall(sql, parameters):
        games = len(json.loads(state).get("outcomes", [])) or 1
        total = totals.setdefault(str(level), [0, 0, 0, 0, 0])
        total[0] += 1
        total[1] += int(winner == 0)
        total[2] += games
        total[3] += int(score0)
        total[4] += int(score1)
    return [LevelRecord(level, *numbers) for level, numbers in totals.items()]


async def computer_match_ids(connection: Queries, match_ids: list[int]) -> dict[int, str]:
    """Of these matches, the ones against the computer, with their level (for /history)."""
    if not match_ids:
        return {}
    marks = ", ".join("?" for _ in match_ids)
    rows = await connection.fetchall(
        f"SELECT id, computer_level FROM matches WHERE computer_level IS NOT NULL AND id IN ({marks})", match_ids
    )
    return {int(row[0]): str(row[1]) for row in rows}
