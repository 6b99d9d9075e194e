"""A server's automatic analysis: finished matches up to this many points are analysed when they end.

The one place that reads and writes the setting, so that the cogs never reach the store (`/bgadmin analysis`)."""

from __future__ import annotations

from bot.store import analysis as analysis_store
from bot.store.backend import Database


async def auto_length(db: Database, guild_id: int, length: int | None, default: int) -> int:
    """The server's automatic analysis length (`default` until it chooses one); set first when `length` is given."""
    if length is not None:
        await db.write(lambda c: analysis_store.set_auto_length(c, guild_id, length))
    return await db.read(lambda c: analysis_store.auto_length(c, guild_id, default))
