"""The `meta` table: small values the bot keeps by key (the synced commands' fingerprint, the heartbeats)."""

from __future__ import annotations

from bot.store.backend import Queries


async def read_value(connection: Queries, key: str) -> str | None:
    row = await connection.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
    return None if row is None else str(row[0])


async def write_value(connection: Queries, key: str, value: str) -> None:
    await connection.execute(
        "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (key, value),
    )
