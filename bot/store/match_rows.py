"""A match row joined with its snapshot, its players' names and its guild's turn limit, read as `StoredMatch`.

The modules of matches (bot/store/matches.py, match_log.py, match_clocks.py) all read matches this way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.store.backend import Queries, Row


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
    clock: str | None = None  # the clock preset; None: no clock
    used: tuple[float, float] = (0.0, 0.0)  # each player's clock reserve used by finished turns
    paused: float = 0.0  # the bot's downtime inside the current turn, not charged to the clock
    rematch_of: int | None = None  # the finished match this one is a rematch of
    server_seed: str | None = field(default=None, repr=False)  # hex, secret until the end; None: no seeded dice
    seeds: tuple[str, str] | None = None  # the challenger's and the acceptor's seeds
    claim_offered_for: float | None = None  # the turn (its turn_started_at) whose claim offer went out (R9.5)
    message_sure: bool = True  # whether the current game message is known to show message_version
    acted: tuple[float | None, float | None] = (None, None)  # when each player last acted (None: not yet)


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _optional_float(value: Any) -> float | None:
    return None if value is None else float(value)


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
        claim_offered_for=None if row["claim_offered_for"] is None else float(row["claim_offered_for"]),
        message_sure=bool(row["message_sure"]),
        acted=(_optional_float(row["acted0"]), _optional_float(row["acted1"])),
    )


async def select_matches(connection: Queries, sql: str, parameters: Sequence[object]) -> list[StoredMatch]:
    """The matches a query built on `SELECT_MATCHES` finds, in its order."""
    return [_from_row(row) for row in await connection.fetchall(sql, parameters)]


#: A match with its snapshot, both players' names and its guild's turn limit: the rows StoredMatch is read from.
SELECT_MATCHES = (
    "SELECT m.*, s.version, s.log_length, s.state, p0.name AS name0, p1.name AS name1, "
    "g.turn_limit_seconds FROM matches AS m JOIN match_snapshots AS s ON s.match_id = m.id "
    "JOIN players AS p0 ON p0.user_id = m.player0_id JOIN players AS p1 ON p1.user_id = m.player1_id "
    "LEFT JOIN guild_settings AS g ON g.guild_id = m.guild_id "
)
