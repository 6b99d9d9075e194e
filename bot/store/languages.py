"""The language each server chose for its public messages (`/bgadmin language`); no row: Discord's."""

from __future__ import annotations

from bot.store.backend import Queries


async def guild_language(db: Queries, guild_id: int) -> str | None:
    row = await db.fetchone("SELECT language FROM guild_language WHERE guild_id = ?", (guild_id,))
    return None if row is None else str(row[0])


async def set_guild_language(db: Queries, guild_id: int, language: str | None, now: float) -> None:
    """Store the server's language; None forgets it (the server's own language from Discord again)."""
    if language is None:
        await db.execute("DELETE FROM guild_language WHERE guild_id = ?", (guild_id,))
        return
    await db.execute(
        "INSERT INTO guild_language (guild_id, language, changed_at) VALUES (?, ?, ?) "
        "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language, changed_at = excluded.changed_at",
        (guild_id, language, now),
    )
