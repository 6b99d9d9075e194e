"""Players (Discord user id and last known display name) and per-guild settings."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.backend import Connection, Database, Queries


async def remember_player(connection: Queries, user_id: int, name: str, now: float) -> None:
    """Insert the player or refresh the display name last seen for them (inside a write trip of the service)."""
    await connection.execute(
        "INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at",
        (user_id, name, now),
    )


async def player_names(db: Database, user_ids: list[int]) -> dict[int, str]:
    """The stored display names of the given users (unknown ids are left out), in one trip to the database."""

    async def read(connection: Connection) -> dict[int, str]:
        names: dict[int, str] = {}
        for user_id in dict.fromkeys(user_ids):
            row = await connection.fetchone("SELECT name FROM players WHERE user_id = ?", (user_id,))
            if row is not None:
                names[user_id] = str(row[0])
        return names

    return await db.read(read)


@dataclass(frozen=True, slots=True)
class StoredGuildSettings:
    guild_id: int
    turn_limit_seconds: int
    default_length: int
    threads: bool = True  # on unless an admin turns it off
    clock: str | None = None  # the default match clock preset (None: no clock)


async def load_guild_settings(db: Queries, guild_id: int) -> StoredGuildSettings | None:
    row = await db.fetchone(
        "SELECT turn_limit_seconds, default_length, threads, clock FROM guild_settings WHERE guild_id = ?", (guild_id,)
    )
    if row is None:
        return None
    clock = None if row[3] is None else str(row[3])
    return StoredGuildSettings(guild_id, int(row[0]), int(row[1]), bool(row[2]), clock)


async def guild_clock(connection: Queries, guild_id: int) -> str | None:
    """The guild's default match clock preset (inside a write trip of the service); None: no clock."""
    row = await connection.fetchone("SELECT clock FROM guild_settings WHERE guild_id = ?", (guild_id,))
    return None if row is None or row[0] is None else str(row[0])


async def guild_plays_in_threads(connection: Queries, guild_id: int) -> bool:
    """Whether the guild has challenges play in new threads by default (inside a write trip of the service): yes
    unless its admin said otherwise."""
    row = await connection.fetchone("SELECT threads FROM guild_settings WHERE guild_id = ?", (guild_id,))
    return row is None or bool(row[0])


async def save_guild_settings(db: Queries, settings: StoredGuildSettings) -> None:
    await db.execute(
        "INSERT INTO guild_settings (guild_id, turn_limit_seconds, default_length, threads, clock) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET turn_limit_seconds = excluded.turn_limit_seconds, "
        "default_length = excluded.default_length, threads = excluded.threads, clock = excluded.clock",
        (
            settings.guild_id,
            settings.turn_limit_seconds,
            settings.default_length,
            int(settings.threads),
            settings.clock,
        ),
    )


@dataclass(frozen=True, slots=True)
class StoredPlayerPrefs:
    user_id: int
    auto_done: bool


async def load_player_prefs(db: Queries, user_id: int) -> StoredPlayerPrefs | None:
    """The player's stored settings, or None when they never changed any (the defaults apply)."""
    row = await db.fetchone("SELECT auto_done FROM player_prefs WHERE user_id = ?", (user_id,))
    return None if row is None else StoredPlayerPrefs(user_id, bool(row[0]))


async def save_player_prefs(connection: Queries, prefs: StoredPlayerPrefs, now: float) -> None:
    """Insert or replace the player's settings (inside a write trip, after `remember_player`)."""
    await connection.execute(
        "INSERT INTO player_prefs (user_id, auto_done, updated_at) VALUES (?, ?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET auto_done = excluded.auto_done, updated_at = excluded.updated_at",
        (prefs.user_id, int(prefs.auto_done), now),
    )
