"""A schema change is written once (bot/store/migrations/shared, in PostgreSQL's SQL) and SQLite runs its
translation: both databases built from empty end with the same tables and columns, of the same kinds."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.store import open_database
from bot.store.migrations import (
    for_sqlite,
    postgres_migrations,
    shared_migrations,
    sqlite_migrations,
    translate,
    translation_name,
)
from bot.store.migrations.sqlite_translations import write_translations
from tests.support.postgres import ThrowawayPostgres

ROOT = Path(__file__).resolve().parents[2]
#: What each database calls a kind of column, in the kinds SQLite's strict tables know.
POSTGRES_KINDS = {"bigint": "INTEGER", "integer": "INTEGER", "double precision": "REAL", "text": "TEXT"}


def sqlite_columns(path: Path) -> dict[str, dict[str, str]]:
    with sqlite3.connect(path) as plain:
        tables = [row[0] for row in plain.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")]
        return {
            table: {row[1]: row[2].upper() for row in plain.execute(f"PRAGMA table_info({table})")}
            for table in tables
            if not table.startswith("sqlite_")
        }


async def postgres_columns(url: str) -> dict[str, dict[str, str]]:
    async with open_database(url) as db:
        rows = await db.read(
            lambda connection: connection.fetchall(
                "SELECT table_name, column_name, data_type FROM information_schema.columns "
                "WHERE table_schema = current_schema()"
            )
        )
    columns: dict[str, dict[str, str]] = {}
    for row in rows:
        columns.setdefault(str(row["table_name"]), {})[str(row["column_name"])] = POSTGRES_KINDS[row["data_type"]]
    return columns


async def test_both_databases_built_from_empty_have_the_same_columns_of_the_same_kinds(
    tmp_path: Path, postgres_server: ThrowawayPostgres
) -> None:
    path = tmp_path / "gammon.db"
    async with open_database(path):
        pass
    url = await postgres_server.create_database()
    try:
        postgres = await postgres_columns(url)
        assert postgres.pop("schema_version") == {"version": "INTEGER"}  # SQLite keeps it in PRAGMA user_version
        assert postgres == sqlite_columns(path)
    finally:
        await postgres_server.drop_database(url)


def test_every_migration_has_one_number_for_both_databases_and_a_shared_one_is_the_same_change() -> None:
    sqlite, postgres = dict(sqlite_migrations()), dict(postgres_migrations())
    assert sqlite.keys() == postgres.keys()
    for version, sql in shared_migrations():
        assert postgres[version] == sql
        assert sqlite[version] == for_sqlite(sql)


def test_a_new_column_and_table_written_for_postgresql_run_on_sqlites_strict_tables() -> None:
    change = (
        "-- a change as a migration writes it\n"
        "ALTER TABLE things ADD COLUMN seen_at DOUBLE PRECISION;\n"
        "ALTER TABLE things ADD COLUMN count BIGINT NOT NULL DEFAULT 0 CHECK (count >= 0);\n"
        "CREATE TABLE notes (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, body TEXT NOT NULL);\n"
        "CREATE INDEX notes_body ON notes (body);\n"
    )
    with sqlite3.connect(":memory:") as plain:
        plain.execute("CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL) STRICT")
        plain.executescript(for_sqlite(change))
        plain.execute("INSERT INTO things (id, name, seen_at) VALUES (1, 'a', 2.5)")
        plain.execute("INSERT INTO notes (body) VALUES ('first')")
        assert plain.execute("SELECT seen_at, count FROM things").fetchall() == [(2.5, 0)]
        assert plain.execute("SELECT id, body FROM notes").fetchall() == [(1, "first")]


def test_a_migration_already_applied_is_not_translated_again() -> None:
    """A start on a database at the latest version translates nothing (so never loads sqlglot)."""
    latest = len(sqlite_migrations())
    assert all(sql == "" for version, sql in sqlite_migrations(after=latest) if version in dict(shared_migrations()))
    assert dict(sqlite_migrations(after=latest - 1))[latest] == for_sqlite(dict(shared_migrations())[latest])


def test_the_translations_written_at_set_up_are_sqlglots_and_spare_a_migration_loading_it(tmp_path: Path) -> None:
    """Set-up (`python -m bot.store.migrations.sqlite_translations`) writes each shared migration's translation;
    read from there, migrating a database does not load sqlglot, which a bot would keep for good."""
    stale = tmp_path / "0123456789abcdef.sql"
    stale.write_text("a translation of a migration that is gone")
    assert write_translations(tmp_path) == len(shared_migrations()) and not stale.exists()
    assert write_translations(tmp_path) == 0  # nothing new to write
    for _, sql in shared_migrations():
        assert (tmp_path / translation_name(sql)).read_text() == translate(sql)
    asked = subprocess.run(
        [sys.executable, "-c", MIGRATE_WITHOUT_SQLGLOT, str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert asked.returncode == 0, asked.stderr[-2000:]
    assert asked.stdout.split() == ["migrated", str(len(sqlite_migrations())), "without", "sqlglot"]


#: In a fresh process: a new SQLite database migrated to the latest version with the translations of a folder.
MIGRATE_WITHOUT_SQLGLOT = """
import asyncio, sys, tempfile
from pathlib import Path
import bot.store.migrations as migrations
migrations.TRANSLATED = Path(sys.argv[1])
from bot.store import open_database

async def main():
    with tempfile.TemporaryDirectory() as folder:
        async with open_database(Path(folder) / "gammon.db") as db:
            version = await db.migrate()
    print("migrated", version, "without" if "sqlglot" not in sys.modules else "with", "sqlglot")

asyncio.run(main())
"""
