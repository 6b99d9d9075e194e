"""Matches: the match rows, their append-only action logs and snapshots, and the timer queries (R9.5).

Every function runs on a `Queries` object: a transaction's connection (`Database.write`) or the database itself
(one statement). Rows are readable by column name on both backends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.store.backend import Connection, Queries, Row


@dataclass(frozen=True, slots=True)
class StoredMatch:
    """One match row joined with its snapshot."""

    id: int
    guild_id: int
    channel_id: int
    parent_channel_id: int | None
    player0_id: int
    player1_id: int
    length: int
    options_json: str
    log_header: str
    status: str
    created_at: float
    last_action_at: float
    finished_at: float | None
    winner: int | None
    score0: int
    score1: int
    result_kind: str | None
    message_channel_id: int | None
    message_id: int | None
    turn_started_at: float
    reminded: bool
    message_version: int | None  # the version whose controls the current game message carries
    controls_at: float | None  # when the player to act was first shown working controls this turn
    version: int
    log_length: int
    state_json: str
    names: tuple[str, str]  # the players' display names last seen
    turn_limit_seconds: int | None  # the guild's setting; None when the guild uses the default
    clock: str | None = None  # the clock preset (issue 20); None: no clock
    used: tuple[float, float] = (0.0, 0.0)  # each player's clock reserve used by finished turns
    paused: float = 0.0  # the bot's downtime inside the current turn, not charged to the clock
    rematch_of: int | None = None  # the finished match this one is a rematch of
    server_seed: str | None = field(default=None, repr=False)  # hex, secret until the end; None before migration 010
    seeds: tuple[str, str] | None = None  # the challenger's and the acceptor's seeds


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _from_row(row: Row) -> StoredMatch:
    return StoredMatch(
        id=int(row["id"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        parent_channel_id=_optional_int(row["parent_channel_id"]),
        player0_id=int(row["player0_id"]),
        player1_id=int(row["player1_id"]),
        length=int(row["length"]),
        options_json=str(row["options"]),
        log_header=str(row["log_header"]),
        status=str(row["status"]),
        created_at=float(row["created_at"]),
        last_action_at=float(row["last_action_at"]),
        finished_at=None if row["finished_at"] is None else float(row["finished_at"]),
        winner=_optional_int(row["winner"]),
        score0=int(row["score0"]),
        score1=int(row["score1"]),
        result_kind=None if row["result_kind"] is None else str(row["result_kind"]),
        message_channel_id=_optional_int(row["message_channel_id"]),
        message_id=_optional_int(row["message_id"]),
        turn_started_at=float(row["turn_started_at"]),
        reminded=bool(row["reminded"]),
        message_version=_optional_int(row["message_version"]),
        controls_at=None if row["controls_at"] is None else float(row["controls_at"]),
        version=int(row["version"]),
        log_length=int(row["log_length"]),
        state_json=str(row["state"]),
        names=(str(row["name0"]), str(row["name1"])),
        turn_limit_seconds=_optional_int(row["turn_limit_seconds"]),
        clock=None if row["clock"] is None else str(row["clock"]),
        used=(float(row["used0"]), float(row["used1"])),
        paused=float(row["paused"]),
        rematch_of=_optional_int(row["rematch_of"]),
        server_seed=None if row["server_seed"] is None else str(row["server_seed"]),
        seeds=None if row["server_seed"] is None else (str(row["seed0"] or ""), str(row["seed1"] or "")),
    )


async def _select(connection: Queries, sql: str, parameters: Sequence[object]) -> list[StoredMatch]:
    return [_from_row(row) for row in await connection.fetchall(sql, parameters)]


async def _fetch_all(db: Queries, sql: str, parameters: Sequence[object]) -> list[StoredMatch]:
    return await _select(db, sql, parameters)


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
) -> int:
    """Create an active match with an empty log and its version-0 snapshot; returns its id.

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
) -> int:
    row = await connection.fetchone(
        "INSERT INTO matches (guild_id, channel_id, parent_channel_id, player0_id, player1_id, length, options, "
        "log_header, status, created_at, last_action_at, turn_started_at, clock, rematch_of, server_seed, seed0, "
        "seed1) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
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
        ),
    )
    assert row is not None
    match_id = int(row[0])
    await connection.execute(
        "INSERT INTO match_snapshots (match_id, version, log_length, state) VALUES (?, 0, 0, ?)", (match_id, state_json)
    )
    return match_id


#: A match with its snapshot, both players' names and its guild's turn limit: the rows StoredMatch is read from.
_SELECT_MATCHES = (
    "SELECT m.*, s.version, s.log_length, s.state, p0.name AS name0, p1.name AS name1, "
    "g.turn_limit_seconds FROM matches AS m JOIN match_snapshots AS s ON s.match_id = m.id "
    "JOIN players AS p0 ON p0.user_id = m.player0_id JOIN players AS p1 ON p1.user_id = m.player1_id "
    "LEFT JOIN guild_settings AS g ON g.guild_id = m.guild_id "
)


async def load_match(db: Queries, match_id: int) -> StoredMatch | None:
    return await find_match(db, match_id)


async def find_match(connection: Queries, match_id: int) -> StoredMatch | None:
    """The match with its snapshot, or None."""
    matches = await _select(connection, _SELECT_MATCHES + "WHERE m.id = ?", (match_id,))
    return matches[0] if matches else None


async def active_match_in_channel(db: Queries, channel_id: int) -> StoredMatch | None:
    return await find_active_match_in_channel(db, channel_id)


async def find_active_match_in_channel(connection: Queries, channel_id: int) -> StoredMatch | None:
    """The channel's active match, or None."""
    matches = await _select(
        connection, _SELECT_MATCHES + "WHERE m.channel_id = ? AND m.status = 'active'", (channel_id,)
    )
    return matches[0] if matches else None


async def active_matches_of(db: Queries, user_id: int) -> list[StoredMatch]:
    return await _fetch_all(
        db,
        _SELECT_MATCHES
        + "WHERE m.status = 'active' AND (m.player0_id = ? OR m.player1_id = ?) ORDER BY m.last_action_at DESC",
        (user_id, user_id),
    )


async def overdue_matches(
    db: Queries, now: float, default_limit: int, fraction: float, *, unreminded_only: bool
) -> list[StoredMatch]:
    """Active matches whose current turn has run for at least `fraction` of the guild's turn limit, counted from
    when the player to act was shown working controls: a turn whose board could not be shown is not overdue."""
    return await _fetch_all(
        db,
        _SELECT_MATCHES + "WHERE m.status = 'active' AND (m.reminded = 0 OR ? = 0) "
        "AND m.controls_at >= m.turn_started_at "
        "AND m.controls_at + COALESCE(g.turn_limit_seconds, ?) * CAST(? AS DOUBLE PRECISION) <= ? "
        "ORDER BY m.turn_started_at, m.id",
        (int(unreminded_only), default_limit, fraction, now),
    )


async def matches_to_show(db: Queries) -> list[StoredMatch]:
    """Matches whose current game message does not show their current version: active ones, and finished ones
    whose end was never shown (the bot stopped, or Discord refused, between storing and showing). Aborted
    matches are left alone: their channel may be gone (cogs.channels)."""
    return await _fetch_all(
        db,
        _SELECT_MATCHES + "WHERE (m.status = 'active' OR (m.status = 'finished' AND m.message_version IS NOT NULL)) "
        "AND m.message_version IS DISTINCT FROM s.version ORDER BY m.last_action_at, m.id",
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


async def load_log(db: Queries, match_id: int) -> list[str]:
    """The match's log entries (JSON text) in order."""
    rows = await db.fetchall("SELECT entry FROM match_actions WHERE match_id = ? ORDER BY seq", (match_id,))
    return [str(row[0]) for row in rows]


async def append_log(
    db: Queries, match_id: int, first_seq: int, entries: Sequence[str], user_id: int | None, now: float
) -> None:
    await db.executemany(_APPEND_LOG, _log_rows(match_id, first_seq, entries, user_id, now))


_APPEND_LOG = "INSERT INTO match_actions (match_id, seq, entry, user_id, created_at) VALUES (?, ?, ?, ?, ?)"


def _log_rows(
    match_id: int, first_seq: int, entries: Sequence[str], user_id: int | None, now: float
) -> list[tuple[int, int, str, int | None, float]]:
    return [(match_id, first_seq + i, entry, user_id, now) for i, entry in enumerate(entries)]


async def update_snapshot(db: Queries, match_id: int, expected_version: int, log_length: int, state_json: str) -> bool:
    """Store the new state as version expected_version + 1, only if nobody stored another one meanwhile."""
    return await db.execute(_UPDATE_SNAPSHOT, (log_length, state_json, match_id, expected_version)) == 1


_UPDATE_SNAPSHOT = (
    "UPDATE match_snapshots SET version = version + 1, log_length = ?, state = ? WHERE match_id = ? AND version = ?"
)


@dataclass(frozen=True, slots=True)
class MatchProgress:
    """The columns of a match row that follow from its state after an action."""

    status: str
    last_action_at: float
    turn_started_at: float
    reminded: bool
    finished_at: float | None
    winner: int | None
    score0: int
    score1: int
    result_kind: str | None
    used: tuple[float, float] = (0.0, 0.0)  # clock reserve used by finished turns (issue 20)
    paused: float = 0.0  # downtime inside the current turn


async def update_progress(db: Queries, match_id: int, progress: MatchProgress) -> None:
    await db.execute(_UPDATE_PROGRESS, _progress_row(match_id, progress))


async def record_action(
    connection: Connection,
    match_id: int,
    expected_version: int,
    state_json: str,
    first_seq: int,
    entries: Sequence[str],
    user_id: int | None,
    now: float,
    progress: MatchProgress,
) -> bool:
    """The writes of one game action (`update_snapshot`, `append_log`, `update_progress`) on a transaction's
    connection, inside the caller's transaction, under the match's lock (across processes on PostgreSQL): False
    (nothing written) if another version was stored meanwhile."""
    log_length = first_seq - 1 + len(entries)
    await connection.lock("match", match_id)
    if await connection.execute(_UPDATE_SNAPSHOT, (log_length, state_json, match_id, expected_version)) != 1:
        return False
    await connection.executemany(_APPEND_LOG, _log_rows(match_id, first_seq, entries, user_id, now))
    await connection.execute(_UPDATE_PROGRESS, _progress_row(match_id, progress))
    return True


_UPDATE_PROGRESS = (
    "UPDATE matches SET status = ?, last_action_at = ?, turn_started_at = ?, reminded = ?, finished_at = ?, "
    "winner = ?, score0 = ?, score1 = ?, result_kind = ?, used0 = ?, used1 = ?, paused = ? WHERE id = ?"
)


def _progress_row(match_id: int, progress: MatchProgress) -> tuple[Any, ...]:
    return (
        progress.status,
        progress.last_action_at,
        progress.turn_started_at,
        int(progress.reminded),
        progress.finished_at,
        progress.winner,
        progress.score0,
        progress.score1,
        progress.result_kind,
        progress.used[0],
        progress.used[1],
        progress.paused,
        match_id,
    )


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
        "UPDATE matches SET message_channel_id = ?, message_id = ?, message_version = ?, "
        "controls_at = CASE WHEN controls_at IS NULL OR controls_at < turn_started_at THEN ? ELSE controls_at END "
        "WHERE id = ? AND (message_version IS NULL OR message_version <= ?)",
        (channel_id, message_id, version, now, match_id, version),
    )
    return changed == 1


async def all_match_ids(db: Queries) -> list[int]:
    rows = await db.fetchall("SELECT id FROM matches ORDER BY id")
    return [int(row[0]) for row in rows]


async def active_match_ids_in_channel(connection: Queries, channel_id: int) -> list[int]:
    """The active matches played in this channel or thread, or in a thread of this channel (issue 15: they
    end when it is deleted). Deleting channels is rare: the parent id has no index of its own."""
    rows = await connection.fetchall(
        "SELECT id FROM matches WHERE status = 'active' AND (channel_id = ? OR parent_channel_id = ?) ORDER BY id",
        (channel_id, channel_id),
    )
    return [int(row[0]) for row in rows]


async def recent_matches_in_channel(db: Queries, channel_id: int, limit: int) -> list[StoredMatch]:
    """Matches played in a channel or in threads made from it: the active ones first, then the most recently
    played (for `/bg export`)."""
    return await _fetch_all(
        db,
        _SELECT_MATCHES + "WHERE m.channel_id = ? OR m.parent_channel_id = ? "
        "ORDER BY m.status = 'active' DESC, m.last_action_at DESC, m.id DESC LIMIT ?",
        (channel_id, channel_id, limit),
    )


# --- match clocks (issue 20) -----------------------------------------------------------------------------------


async def clocked_running_matches(db: Queries) -> list[StoredMatch]:
    """Active matches with a clock whose current turn's time is running (controls shown this turn): the ones
    whose player to act can run out of time. Few at a time, so the service computes each deadline itself."""
    return await _fetch_all(
        db,
        _SELECT_MATCHES + "WHERE m.status = 'active' AND m.clock IS NOT NULL AND m.controls_at >= m.turn_started_at "
        "ORDER BY m.id",
        (),
    )


_HEARTBEAT_KEY = "heartbeat"


async def read_heartbeat(connection: Queries, key: str = _HEARTBEAT_KEY) -> float | None:
    """When the bot (or, with `key`, one process of a sharded bot) last said it was up (None before the first time)."""
    row = await connection.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
    return None if row is None else float(row[0])


async def write_heartbeat(connection: Queries, now: float, key: str = _HEARTBEAT_KEY) -> None:
    await connection.execute(
        "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (key, repr(now)),
    )


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


# --- rematches (issue 20) ----------------------------------------------------------------------------------------


async def request_rematch(connection: Queries, match_id: int, user_id: int, now: float) -> list[int]:
    """Record the player's press (the first one counts) and return who has pressed so far."""
    await connection.execute(
        "INSERT INTO rematch_requests (match_id, user_id, requested_at) VALUES (?, ?, ?) "
        "ON CONFLICT (match_id, user_id) DO NOTHING",
        (match_id, user_id, now),
    )
    rows = await connection.fetchall("SELECT user_id FROM rematch_requests WHERE match_id = ?", (match_id,))
    return [int(row[0]) for row in rows]


async def find_rematch(connection: Queries, match_id: int) -> StoredMatch | None:
    """The rematch of a finished match, once started."""
    matches = await _select(connection, _SELECT_MATCHES + "WHERE m.rematch_of = ?", (match_id,))
    return matches[0] if matches else None


async def matches_of_player(db: Queries, guild_id: int, user_id: int) -> list[StoredMatch]:
    """Every match of the player in the guild, running or over, oldest first (dice statistics, issue 18)."""
    return await _fetch_all(
        db,
        _SELECT_MATCHES + "WHERE m.guild_id = ? AND (m.player0_id = ? OR m.player1_id = ?) ORDER BY m.id",
        (guild_id, user_id, user_id),
    )


async def pause_running_clock(connection: Queries, match_id: int, down_from: float, now: float) -> bool:
    """`pause_running_clocks` for one match (a sharded process pauses only its guilds' matches, issue 19)."""
    row = await connection.fetchone(
        "UPDATE matches SET paused = paused + (? - CASE WHEN controls_at > ? THEN controls_at ELSE ? END) "
        "WHERE id = ? AND status = 'active' AND clock IS NOT NULL AND controls_at >= turn_started_at "
        "AND controls_at < ? RETURNING id",
        (now, down_from, down_from, match_id, now),
    )
    return row is not None
