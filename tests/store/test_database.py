"""The SQLite file: migrations from empty and again, pragmas; on both backends: the append-only log, the unique
active match per channel."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import Connection, Database, IntegrityError
from bot.store.database import migrations, open_database
from bot.store.sqlite import SqliteDatabase, on_thread

EXPECTED_TABLES = {"meta", "players", "guild_settings", "challenges", "matches", "match_actions", "match_snapshots"}


def tables_in(path: Path) -> set[str]:
    with sqlite3.connect(path) as plain:
        return {row[0] for row in plain.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}


async def test_migrations_create_every_table_in_an_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "gammon.db"
    async with open_database(path) as db:
        assert isinstance(db, SqliteDatabase)
        for connection in (db._writer, db._reader):  # both connections, not only the one migrations ran on
            assert connection is not None
            version, journal, foreign_keys, synchronous, busy_timeout = [
                await on_thread(connection, lambda raw, name=name: raw.execute(f"PRAGMA {name}").fetchone()[0])
                for name in ("user_version", "journal_mode", "foreign_keys", "synchronous", "busy_timeout")
            ]
            assert version == len(migrations())
            assert journal == "wal"
            assert foreign_keys == 1
            assert synchronous == 2  # FULL
            assert busy_timeout == 5000
    assert tables_in(path) >= EXPECTED_TABLES


async def test_reopening_runs_no_migration_twice_and_keeps_data(tmp_path: Path) -> None:
    path = tmp_path / "gammon.db"
    async with open_database(path) as db:
        await db.execute("INSERT INTO players (user_id, name, updated_at) VALUES (1, 'Alice', 0)")
    schema_before = sqlite3.connect(path).execute("SELECT sql FROM sqlite_schema ORDER BY name").fetchall()
    async with open_database(path), open_database(path) as db:
        names = [row[0] for row in await db.fetchall("SELECT name FROM players")]
    assert names == ["Alice"]
    async with open_database(path) as db:
        assert isinstance(db, SqliteDatabase)
        assert await db.migrate() == len(migrations())  # running the migrations again does nothing
    assert sqlite3.connect(path).execute("SELECT sql FROM sqlite_schema ORDER BY name").fetchall() == schema_before


async def test_the_action_log_is_append_only(db: Database) -> None:
    async def setup(connection: Connection) -> None:
        await connection.execute("INSERT INTO players (user_id, name, updated_at) VALUES (1, 'A', 0), (2, 'B', 0)")
        await connection.execute(
            "INSERT INTO matches (id, guild_id, channel_id, player0_id, player1_id, length, options, log_header, "
            "status, created_at, last_action_at, turn_started_at) "
            "VALUES (7, 1, 1, 1, 2, 1, '{}', '{}', 'active', 0, 0, 0)"
        )
        await connection.execute("INSERT INTO match_actions (match_id, seq, entry, created_at) VALUES (7, 1, '{}', 0)")

    await db.write(setup)
    for statement in ("UPDATE match_actions SET entry = 'x'", "DELETE FROM match_actions"):
        with pytest.raises(IntegrityError, match="append-only"):
            await db.execute(statement)
    with pytest.raises(IntegrityError):  # a second active match in the same channel
        await db.execute(
            "INSERT INTO matches (guild_id, channel_id, player0_id, player1_id, length, options, log_header, "
            "status, created_at, last_action_at, turn_started_at) "
            "VALUES (1, 1, 2, 1, 1, '{}', '{}', 'active', 0, 0, 0)"
        )
