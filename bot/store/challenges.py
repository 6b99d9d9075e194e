"""Challenges: who challenged whom (or anyone), with which options, where, until when, and what became of it.

Coroutines over the caller's connection (`bot.store.backend`): the service runs a challenge or an accept in one
write transaction, like a game action.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.store.backend import Queries, Row


@dataclass(frozen=True, slots=True)
class StoredChallenge:
    id: int
    guild_id: int
    channel_id: int
    challenger_id: int
    opponent_id: int | None
    options_json: str
    in_thread: bool
    created_at: float
    expires_at: float
    status: str
    match_id: int | None
    message_channel_id: int | None = None  # the challenge's message, once posted
    message_id: int | None = None
    clock: str | None = None  # the match clock preset chosen; None: no clock
    #: Hex; secret until the match ends. None only in closed challenges stored before seeded dice.
    server_seed: str | None = field(default=None, repr=False)
    challenger_seed: str | None = None


def _from_row(row: Row) -> StoredChallenge:
    return StoredChallenge(
        id=int(row["id"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        challenger_id=int(row["challenger_id"]),
        opponent_id=None if row["opponent_id"] is None else int(row["opponent_id"]),
        options_json=str(row["options"]),
        in_thread=bool(row["in_thread"]),
        created_at=float(row["created_at"]),
        expires_at=float(row["expires_at"]),
        status=str(row["status"]),
        match_id=None if row["match_id"] is None else int(row["match_id"]),
        message_channel_id=None if row["message_channel_id"] is None else int(row["message_channel_id"]),
        message_id=None if row["message_id"] is None else int(row["message_id"]),
        clock=None if row["clock"] is None else str(row["clock"]),
        server_seed=None if row["server_seed"] is None else str(row["server_seed"]),
        challenger_seed=None if row["challenger_seed"] is None else str(row["challenger_seed"]),
    )


async def insert_challenge(
    connection: Queries,
    *,
    guild_id: int,
    channel_id: int,
    challenger_id: int,
    opponent_id: int | None,
    options_json: str,
    in_thread: bool,
    created_at: float,
    expires_at: float,
    clock: str | None = None,
    server_seed: str | None = None,
    challenger_seed: str | None = None,
) -> StoredChallenge:
    row = await connection.fetchone(
        "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, options, in_thread, created_at, "
        "expires_at, status, clock, server_seed, challenger_seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?) "
        "RETURNING *",
        (
            guild_id,
            channel_id,
            challenger_id,
            opponent_id,
            options_json,
            int(in_thread),
            created_at,
            expires_at,
            clock,
            server_seed,
            challenger_seed,
        ),
    )
    assert row is not None
    return _from_row(row)


async def load_challenge(connection: Queries, challenge_id: int) -> StoredChallenge | None:
    row = await connection.fetchone("SELECT * FROM challenges WHERE id = ?", (challenge_id,))
    return None if row is None else _from_row(row)


async def close_challenge(
    connection: Queries, challenge_id: int, status: str, match_id: int | None = None
) -> StoredChallenge | None:
    """Move an open challenge to `status`; None when it was no longer open (someone else got there first)."""
    row = await connection.fetchone(
        "UPDATE challenges SET status = ?, match_id = ? WHERE id = ? AND status = 'open' RETURNING *",
        (status, match_id, challenge_id),
    )
    return None if row is None else _from_row(row)


async def set_challenge_message(connection: Queries, challenge_id: int, channel_id: int, message_id: int) -> bool:
    """Remember where the challenge was posted; False for an unknown challenge."""
    changed = await connection.execute(
        "UPDATE challenges SET message_channel_id = ?, message_id = ? WHERE id = ?",
        (channel_id, message_id, challenge_id),
    )
    return changed == 1


async def open_challenges_by(connection: Queries, challenger_id: int, now: float) -> list[StoredChallenge]:
    """The challenger's challenges still waiting for an answer (not past their expiry), oldest first."""
    rows = await connection.fetchall(
        "SELECT * FROM challenges WHERE challenger_id = ? AND status = 'open' AND expires_at > ? ORDER BY id",
        (challenger_id, now),
    )
    return [_from_row(row) for row in rows]


async def open_challenges_in(connection: Queries, channel_id: int, now: float) -> list[StoredChallenge]:
    """The challenges posted in this channel still waiting for an answer (not past their expiry), newest first."""
    rows = await connection.fetchall(
        "SELECT * FROM challenges WHERE channel_id = ? AND status = 'open' AND expires_at > ? ORDER BY id DESC",
        (channel_id, now),
    )
    return [_from_row(row) for row in rows]


async def expire_challenges(connection: Queries, now: float) -> list[StoredChallenge]:
    """Mark every open challenge whose time is up as expired and return them."""
    rows = await connection.fetchall(
        "UPDATE challenges SET status = 'expired' WHERE status = 'open' AND expires_at <= ? RETURNING *", (now,)
    )
    return sorted((_from_row(row) for row in rows), key=lambda c: c.id)


async def due_challenges(connection: Queries, now: float) -> list[StoredChallenge]:
    """The open challenges whose time is up, not yet marked (a sharded process expires only its guilds' ones
    with `close_challenge`)."""
    rows = await connection.fetchall(
        "SELECT * FROM challenges WHERE status = 'open' AND expires_at <= ? ORDER BY id", (now,)
    )
    return [_from_row(row) for row in rows]
