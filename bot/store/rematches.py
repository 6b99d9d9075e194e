"""Rematch requests and their dice: each player's latest press of Rematch
under a finished match, and the request the first press made: the rematch's server seed and the message that
showed its commitment. Coroutines over the caller's connection or database (`bot.store.backend`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.store.backend import Queries


@dataclass(frozen=True, slots=True)
class RematchRequest:
    """The request for a rematch: who asked first, the dice's server seed drawn then (hex, secret until the
    rematch ends), and the id of the message that showed its commitment (None until it was posted)."""

    user_id: int
    server_seed: str = field(repr=False)
    message_id: int | None
    requested_at: float


async def request_of(connection: Queries, match_id: int) -> RematchRequest | None:
    """The request with its dice; None before the first press."""
    row = await connection.fetchone(
        "SELECT user_id, server_seed, message_id, requested_at FROM rematch_requests "
        "WHERE match_id = ? AND server_seed IS NOT NULL",
        (match_id,),
    )
    if row is None:
        return None
    message_id = None if row["message_id"] is None else int(row["message_id"])
    return RematchRequest(int(row["user_id"]), str(row["server_seed"]), message_id, float(row["requested_at"]))


async def ask(connection: Queries, match_id: int, user_id: int, press_id: int, server_seed: str, now: float) -> None:
    """The first press: the player's request with the rematch's server seed (replacing any earlier row of
    the player's)."""
    await connection.execute(
        "INSERT INTO rematch_requests (match_id, user_id, requested_at, press_id, server_seed) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id, user_id) DO UPDATE SET requested_at = excluded.requested_at, "
        "press_id = excluded.press_id, server_seed = excluded.server_seed, message_id = NULL",
        (match_id, user_id, now, press_id, server_seed),
    )


async def record_press(connection: Queries, match_id: int, user_id: int, press_id: int, now: float) -> None:
    """The other player's press that could not start the rematch yet: their latest is kept."""
    await connection.execute(
        "INSERT INTO rematch_requests (match_id, user_id, requested_at, press_id) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (match_id, user_id) DO UPDATE SET press_id = excluded.press_id",
        (match_id, user_id, now, press_id),
    )


async def press_of(connection: Queries, match_id: int, user_id: int) -> int | None:
    """The id of the player's latest press, if any."""
    row = await connection.fetchone(
        "SELECT press_id FROM rematch_requests WHERE match_id = ? AND user_id = ?", (match_id, user_id)
    )
    return None if row is None or row[0] is None else int(row[0])


async def set_shown(connection: Queries, match_id: int, message_id: int) -> int | None:
    """Record the message that shows the request's commitment, unless one is recorded already; returns the one
    recorded (the first wins)."""
    await connection.execute(
        "UPDATE rematch_requests SET message_id = ? "
        "WHERE match_id = ? AND server_seed IS NOT NULL AND message_id IS NULL",
        (message_id, match_id),
    )
    request = await request_of(connection, match_id)
    return None if request is None else request.message_id
