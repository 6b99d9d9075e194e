"""A match's append-only action log, its versioned snapshot and the row columns that follow from its state.

`record_action` is the one write of a game action; the single-statement functions serve tests and the ratings'
rebuild. Every function runs on a `Queries` object, as in bot/store/matches.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.store.backend import Connection, Queries, Statement
from bot.store.errors import StaleVersionError


async def load_log(db: Queries, match_id: int, length: int | None = None) -> list[str]:
    """The match's log entries (JSON text) in order; with `length`, its first `length` entries: those of the
    snapshot read before, which says how many it was made from. Each action appends its entries in the same
    transaction as its snapshot, and nothing else writes them, so a snapshot read finds its own entries even when
    another action (another process's, say the web server's live board) was stored between the two reads; the
    whole log would then hold the later action's entries too, and the snapshot would look corrupt."""
    if length is None:
        rows = await db.fetchall("SELECT entry FROM match_actions WHERE match_id = ? ORDER BY seq", (match_id,))
    else:  # the entries are numbered from 1
        rows = await db.fetchall(
            "SELECT entry FROM match_actions WHERE match_id = ? AND seq <= ? ORDER BY seq", (match_id, length)
        )
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
    used: tuple[float, float] = (0.0, 0.0)  # clock reserve used by finished turns
    paused: float = 0.0  # downtime inside the current turn
    acted: tuple[float | None, float | None] = (None, None)  # when each player last acted


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
    answered_on: tuple[int, int] | None = None,
) -> None:
    """The writes of one game action (`update_snapshot`, `append_log`, `update_progress`) on a transaction's
    connection, inside the caller's transaction, under the match's lock (across processes on PostgreSQL), sent
    together (on PostgreSQL, one wait for the three answers). `answered_on` (channel id,
    message id): the board the press is about to be answered on, recorded as showing the new version, not yet
    sure, its turn clock started (R9.5) as `record_shown` does: the press needs no second write.
    :raises StaleVersionError: another version was stored meanwhile; the caller's transaction is rolled back.
    """
    log_length = first_seq - 1 + len(entries)
    await connection.lock("match", match_id)
    if answered_on is None:
        progress_statement = Statement(_UPDATE_PROGRESS, _progress_row(match_id, progress))
    else:
        board = (*answered_on, expected_version + 1, progress.turn_started_at, now)
        progress_statement = Statement(_UPDATE_PROGRESS_ANSWERED, (*board, *_progress_row(match_id, progress)))
    changed = await connection.execute_in_turn(
        [
            Statement(_UPDATE_SNAPSHOT, (log_length, state_json, match_id, expected_version)),
            Statement(_APPEND_LOG_UNLESS_STALE, rows=_log_rows(match_id, first_seq, entries, user_id, now)),
            progress_statement,
        ]
    )
    if changed[0] != 1:
        raise StaleVersionError(f"Match #{match_id} is no longer at version {expected_version}")


#: The log's rows of an action, sent with the snapshot's version check: when that check finds another version,
#: rows already there are left alone (the transaction is rolled back) instead of failing first.
_APPEND_LOG_UNLESS_STALE = _APPEND_LOG + " ON CONFLICT DO NOTHING"

_PROGRESS = (
    "status = ?, last_action_at = ?, turn_started_at = ?, reminded = ?, finished_at = ?, "
    "winner = ?, score0 = ?, score1 = ?, result_kind = ?, used0 = ?, used1 = ?, paused = ?, acted0 = ?, acted1 = ? "
    "WHERE id = ?"
)
_UPDATE_PROGRESS = "UPDATE matches SET " + _PROGRESS
#: The same with the board the press is answered on (the turn clock: the new turn's start is a parameter, since
#: the right-hand sides of one UPDATE read the row as it was).
_UPDATE_PROGRESS_ANSWERED = (
    "UPDATE matches SET message_channel_id = ?, message_id = ?, message_version = ?, message_sure = 0, "
    "controls_at = CASE WHEN controls_at IS NULL OR controls_at < ? THEN ? ELSE controls_at END, " + _PROGRESS
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
        progress.acted[0],
        progress.acted[1],
        match_id,
    )
