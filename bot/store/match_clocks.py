"""Match clocks: the running clocked matches, the bot's heartbeat, and the downtime not charged.

While the bot is down nobody can move, so a restart adds the time since the last heartbeat to every running
clocked turn (`pause_running_clocks`, or `pause_running_clock` per match in a sharded process).
"""

from __future__ import annotations

from bot.store import meta
from bot.store.backend import Queries
from bot.store.match_rows import SELECT_MATCHES, StoredMatch, select_matches


async def clocked_running_matches(db: Queries) -> list[StoredMatch]:
    """Active matches with a clock whose current turn's time is running (controls shown this turn): the ones
    whose player to act can run out of time. Few at a time, so the service computes each deadline itself."""
    return await select_matches(
        db,
        SELECT_MATCHES + "WHERE m.status = 'active' AND m.clock IS NOT NULL AND m.controls_at >= m.turn_started_at "
        "ORDER BY m.id",
        (),
    )


_HEARTBEAT_KEY = "heartbeat"


async def read_heartbeat(connection: Queries, key: str = _HEARTBEAT_KEY) -> float | None:
    """When the bot (or, with `key`, one process of a sharded bot) last said it was up (None before the first time)."""
    value = await meta.read_value(connection, key)
    return None if value is None else float(value)


async def write_heartbeat(connection: Queries, now: float, key: str = _HEARTBEAT_KEY) -> None:
    await meta.write_value(connection, key, repr(now))


async def pause_running_clocks(connection: Queries, down_from: float, now: float) -> list[int]:
    """Add the downtime from `down_from` (the last heartbeat) to `now` to every running clocked turn, counted
    from when that turn's time started if later; returns the matches paused."""
    rows = await connection.fetchall(
        "UPDATE matches SET paused = paused + (? - CASE WHEN controls_at > ? THEN controls_at ELSE ? END) "
        "WHERE status = 'active' AND clock IS NOT NULL AND controls_at >= turn_started_at AND controls_at < ? "
        "RETURNING id",
        (now, down_from, down_from, now),
    )
    return sorted(int(row[0]) for row in rows)


async def pause_running_clock(connection: Queries, match_id: int, down_from: float, now: float) -> bool:
    """`pause_running_clocks` for one match (a sharded process pauses only its guilds' matches)."""
    row = await connection.fetchone(
        "UPDATE matches SET paused = paused + (? - CASE WHEN controls_at > ? THEN controls_at ELSE ? END) "
        "WHERE id = ? AND status = 'active' AND clock IS NOT NULL AND controls_at >= turn_started_at "
        "AND controls_at < ? RETURNING id",
        (now, down_from, down_from, match_id, now),
    )
    return row is not None
