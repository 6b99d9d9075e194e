"""Matches: the match rows, their creation, the queries the timers and the front end need, messages, rematches.

Every function runs on a `Queries` object: a transaction's connection (`Database.write`) or the database itself
(one statement). Rows are readable by column name on both backends. The row type is in match_rows.py, the action
log and snapshots in match_log.py, the clocks in match_clocks.py; their names are re-exported here, so
`matches.record_action` and the rest keep working.
"""

from __future__ import annotations

from bot.store.backend import Connection, Queries
from bot.store.match_clocks import (
    clocked_running_matches,
    pause_running_clock,
    pause_running_clocks,
    read_heartbeat,
    write_heartbeat,
)
from bot.store.match_log import (
    MatchProgress,
    append_log,
    load_log,
    record_action,
    update_progress,
    update_snapshot,
)
from bot.store.match_rows import SELECT_MATCHES, StoredMatch, select_matches

__all__ = [
    "MatchProgress",
    "StoredMatch",
    "active_match_ids_in_channel",
    "active_match_in_channel",
    "active_matches_of",
    "all_match_ids",
    "append_log",
    "clocked_running_matches",
    "find_active_match_in_channel",
    "find_match",
    "find_rematch",
    "insert_match",
    "load_log",
    "load_match",
    "mark_claim_offered",
    "mark_reminded",
    "matches_of_player",
    "matches_to_show",
    "overdue_matches",
    "pause_running_clock",
    "pause_running_clocks",
    "read_heartbeat",
    "recent_matches_in_channel",
    "record_action",
    "record_message",
    "record_shown",
    "set_message",
    "update_progress",
    "update_snapshot",
    "write_heartbeat",
]


async def insert_match(
    connection: Connection,
    *,
    guild_id: int,
    channel_id: int,
    parent_channel_id: int | None,
    player_ids: tuple[int, int],
    length: int,
    options_json: str,
    log_header: str,
    state_json: str,
    now: float,
    clock: str | None = None,
    rematch_of: int | None = None,
    server_seed: str | None = None,
    seeds: tuple[str, str] = ("", ""),
    acted: tuple[float | None, float | None] = (None, None),
) -> int:
    """Create an active match with an empty log and its version-0 snapshot; returns its id. `acted`: when each
    player last acted for it (a challenge made, its acceptance), None for one it was started without.

    Raises bot.store.IntegrityError when the channel already has an active match, or `rematch_of` already has its
    rematch (unique indexes).
    """
    async with connection.savepoint():  # the caller may handle a unique index's refusal and go on
        return await _insert_match(
            connection,
            guild_id,
            channel_id,
            parent_channel_id,
            player_ids,
            length,
            options_json,
            log_header,
            state_json,
            now,
            clock,
            rematch_of,
            server_seed,
            seeds,
            acted,
        )


async def _insert_match(
    connection: Connection,
    guild_id: int,
    channel_id: int,
    parent_channel_id: int | None,
    player_ids: tuple[int, int],
    length: int,
    options_json: str,
    log_header: str,
    state_json: str,
    now: float,
    clock: str | None,
    rematch_of: int | None,
    server_seed: str | None,
    seeds: tuple[str, str],
    acted: tuple[float | None, float | None],
) -> int:
    row = await connection.fetchone(
        "INSERT INTO matches (guild_id, channel_id, parent_channel_id, player0_id, player1_id, length, options, "
        "log_header, status, created_at, last_action_at, turn_started_at, clock, rematch_of, server_seed, seed0, "
        "seed1, acted0, acted1) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (
            guild_id,
            channel_id,
            parent_channel_id,
            player_ids[0],
            player_ids[1],
            length,
            options_json,
            log_header,
            now,
            now,
            now,
            clock,
            rematch_of,
            server_seed,
            seeds[0],
            seeds[1],
            *acted,
        ),
    )
    assert row is not None
    match_id = int(row[0])
    await connection.execute(
        "INSERT INTO match_snapshots (match_id, version, log_length, state) VALUES (?, 0, 0, ?)", (match_id, state_json)
    )
    return match_id


async def load_match(db: Queries, match_id: int) -> StoredMatch | None:
    return await find_match(db, match_id)


async def find_match(connection: Queries, match_id: int) -> StoredMatch | None:
    """The match with its snapshot, or None."""
    matches = await select_matches(connection, SELECT_MATCHES + "WHERE m.id = ?", (match_id,))
    return matches[0] if matches else None


async def active_match_in_channel(db: Queries, channel_id: int) -> StoredMatch | None:
    return await find_active_match_in_channel(db, channel_id)


async def find_active_match_in_channel(connection: Queries, channel_id: int) -> StoredMatch | None:
    """The channel's active match, or None."""
    matches = await select_matches(
        connection, SELECT_MATCHES + "WHERE m.channel_id = ? AND m.status = 'active'", (channel_id,)
    )
    return matches[0] if matches else None


async def active_matches_of(db: Queries, user_id: int) -> list[StoredMatch]:
    return await select_matches(
        db,
        SELECT_MATCHES
        + "WHERE m.status = 'active' AND (m.player0_id = ? OR m.player1_id = ?) ORDER BY m.last_action_at DESC",
        (user_id, user_id),
    )


async def overdue_matches(
    db: Queries, now: float, default_limit: int, fraction: float, *, unreminded_only: bool
) -> list[StoredMatch]:
    """Active matches whose current turn has run for at least `fraction` of the guild's turn limit, counted from
    when the player to act was shown working controls: a turn whose board could not be shown is not overdue."""
    return await select_matches(
        db,
        SELECT_MATCHES + "WHERE m.status = 'active' AND (m.reminded = 0 OR ? = 0) "
        "AND m.controls_at >= m.turn_started_at "
        "AND m.controls_at + COALESCE(g.turn_limit_seconds, ?) * CAST(? AS DOUBLE PRECISION) <= ? "
        "ORDER BY m.turn_started_at, m.id",
        (int(unreminded_only), default_limit, fraction, now),
    )


async def matches_to_show(db: Queries) -> list[StoredMatch]:
    """Matches whose current game message does not show their current version: active ones, and finished ones
    whose end was never shown (the bot stopped, or Discord refused, between storing and showing), or may not (a
    press's board recorded with its action, before the answer); and those whose
    board change was left unfinished, which may have older boards with live controls (board_changes.py). Aborted
    matches are left alone: their channel may be gone (cogs.channels)."""
    return await select_matches(
        db,
        SELECT_MATCHES + "WHERE (m.status = 'active' OR (m.status = 'finished' AND m.message_version IS NOT NULL)) "
        "AND (m.message_version IS DISTINCT FROM s.version OR m.message_sure = 0 "
        "OR EXISTS (SELECT 1 FROM board_changes AS b WHERE b.match_id = m.id)) ORDER BY m.last_action_at, m.id",
        (),
    )


async def mark_reminded(db: Queries, match_id: int, turn_started_at: float) -> bool:
    """Record the half-time reminder for the turn that started at `turn_started_at`; False if it moved on."""
    changed = await db.execute(
        "UPDATE matches SET reminded = 1 WHERE id = ? AND status = 'active' AND reminded = 0 AND turn_started_at = ?",
        (match_id, turn_started_at),
    )
    return changed == 1


async def mark_claim_offered(db: Queries, match_id: int, turn_started_at: float) -> bool:
    """Record that the claim offer for the turn that started at `turn_started_at` went out; False if it had
    already been recorded or the match moved on."""
    changed = await db.execute(
        "UPDATE matches SET claim_offered_for = ? WHERE id = ? AND status = 'active' AND turn_started_at = ? "
        "AND claim_offered_for IS DISTINCT FROM ?",
        (turn_started_at, match_id, turn_started_at, turn_started_at),
    )
    return changed == 1


async def set_message(db: Queries, match_id: int, channel_id: int, message_id: int) -> bool:
    return await db.execute(_SET_MESSAGE, (channel_id, message_id, match_id)) == 1


async def record_message(connection: Queries, match_id: int, channel_id: int, message_id: int) -> bool:
    """`set_message` inside the caller's transaction."""
    return await set_message(connection, match_id, channel_id, message_id)


_SET_MESSAGE = "UPDATE matches SET message_channel_id = ?, message_id = ? WHERE id = ?"


async def record_shown(
    connection: Queries, match_id: int, channel_id: int, message_id: int, version: int, now: float
) -> bool:
    """The current game message now shows `version` (its controls, if any). The first time the player to act
    sees working controls this turn starts their turn clock (R9.5); a later showing in the same turn does not
    restart it. An older version than the one already recorded as shown changes nothing (a slow edit)."""
    changed = await connection.execute(
        "UPDATE matches SET message_channel_id = ?, message_id = ?, message_version = ?, message_sure = 1, "
        "controls_at = CASE WHEN controls_at IS NULL OR controls_at < turn_started_at THEN ? ELSE controls_at END "
        "WHERE id = ? AND (message_version IS NULL OR message_version <= ?)",
        (channel_id, message_id, version, now, match_id, version),
    )
    return changed == 1


async def record_not_shown(connection: Queries, match_id: int, version: int) -> bool:
    """The board recorded with a press's action (not sure yet) could not be shown after all: no
    message shows `version`, and the turn clock stops until one does (R9.5: it never runs for a player without
    working controls; `record_shown` starts it again)."""
    changed = await connection.execute(
        "UPDATE matches SET message_version = NULL, controls_at = NULL "
        "WHERE id = ? AND message_version = ? AND message_sure = 0",
        (match_id, version),
    )
    return changed == 1


async def all_match_ids(db: Queries) -> list[int]:
    rows = await db.fetchall("SELECT id FROM matches ORDER BY id")
    return [int(row[0]) for row in rows]


async def active_match_ids_in_channel(connection: Queries, channel_id: int) -> list[int]:
    """The active matches played in this channel or thread, or in a thread of this channel (they
    end when it is deleted). Deleting channels is rare: the parent id has no index of its own."""
    rows = await connection.fetchall(
        "SELECT id FROM matches WHERE status = 'active' AND (channel_id = ? OR parent_channel_id = ?) ORDER BY id",
        (channel_id, channel_id),
    )
    return [int(row[0]) for row in rows]


async def recent_matches_in_channel(db: Queries, channel_id: int, limit: int) -> list[StoredMatch]:
    """Matches played in a channel or in threads made from it: the active ones first, then the most recently
    played (for `/bg export`)."""
    return await select_matches(
        db,
        SELECT_MATCHES + "WHERE m.channel_id = ? OR m.parent_channel_id = ? "
        "ORDER BY m.status = 'active' DESC, m.last_action_at DESC, m.id DESC LIMIT ?",
        (channel_id, channel_id, limit),
    )


# --- rematches ----------------------------------------------------------------------------------------


async def find_rematch(connection: Queries, match_id: int) -> StoredMatch | None:
    """The rematch of a finished match, once started."""
    matches = await select_matches(connection, SELECT_MATCHES + "WHERE m.rematch_of = ?", (match_id,))
    return matches[0] if matches else None


async def matches_of_player(db: Queries, guild_id: int, user_id: int) -> list[StoredMatch]:
    """Every match of the player in the guild, running or over, oldest first (dice statistics)."""
    return await select_matches(
        db,
        SELECT_MATCHES + "WHERE m.guild_id = ? AND (m.player0_id = ? OR m.player1_id = ?) ORDER BY m.id",
        (guild_id, user_id, user_id),
    )
