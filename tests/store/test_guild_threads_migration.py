"""Migrations 006 and 018: guild settings stored before them keep working, and play in threads by default
(issue 33: threads unless the server's admin turns them off; before it, off was the default and no choice)."""

from __future__ import annotations

import dataclasses
import sqlite3
from pathlib import Path

import pytest

from bot.store import IntegrityError, open_database
from bot.store.database import migrations
from bot.store.players import guild_plays_in_threads, load_guild_settings, save_guild_settings


def database_before(path: Path, migration: int) -> None:
    """An SQLite file as a bot from before `migration` left it."""
    with sqlite3.connect(path, isolation_level=None) as old:
        for version, sql in migrations():
            if version < migration:
                old.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {version};\nCOMMIT;")
    old.close()


async def test_settings_from_before_threads_existed_play_in_threads(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    database_before(path, 6)
    with sqlite3.connect(path) as old:
        old.execute("INSERT INTO guild_settings (guild_id, turn_limit_seconds, default_length) VALUES (1, 600, 3)")
    old.close()
    async with open_database(path) as db:
        stored = await load_guild_settings(db, 1)
        assert stored is not None
        assert (stored.turn_limit_seconds, stored.default_length, stored.threads) == (600, 3, True)
        with pytest.raises(IntegrityError):
            await db.execute("UPDATE guild_settings SET threads = 2 WHERE guild_id = 1")


async def test_settings_stored_while_off_was_the_default_follow_the_new_default(tmp_path: Path) -> None:
    """A row written by another setting (a turn limit) held threads = 0 without anyone choosing it; after the
    upgrade the server plays in threads, and an admin's off is kept from then on."""
    path = tmp_path / "old.db"
    database_before(path, 18)
    with sqlite3.connect(path) as old:
        old.execute(
            "INSERT INTO guild_settings (guild_id, turn_limit_seconds, default_length, threads) VALUES (1, 600, 3, 0)"
        )
    old.close()
    async with open_database(path) as db:
        assert await guild_plays_in_threads(db, 1)
        stored = await load_guild_settings(db, 1)
        assert stored is not None and stored.threads
        await save_guild_settings(db, dataclasses.replace(stored, threads=False))
    async with open_database(path) as db:  # opened again: no migration runs twice
        assert not await guild_plays_in_threads(db, 1)
