"""Migration 006: guild settings stored before it keep working, with threads off by default (issue 15)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import IntegrityError, open_database
from bot.store.database import migrations
from bot.store.players import load_guild_settings


async def test_settings_from_before_the_migration_get_threads_off(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path, isolation_level=None) as old:
        for version, sql in migrations():
            if version < 6:
                old.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {version};\nCOMMIT;")
        old.execute("INSERT INTO guild_settings (guild_id, turn_limit_seconds, default_length) VALUES (1, 600, 3)")
    old.close()
    async with open_database(path) as db:
        stored = await load_guild_settings(db, 1)
        assert stored is not None
        assert (stored.turn_limit_seconds, stored.default_length, stored.threads) == (600, 3, False)
        with pytest.raises(IntegrityError):
            await db.execute("UPDATE guild_settings SET threads = 2 WHERE guild_id = 1")
