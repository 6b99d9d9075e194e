"""A schema change is written once (bot/store/migrations/shared, in PostgreSQL's SQL) and SQLite runs its
translation: both databases built from empty end with the same tables and columns, of the same kinds."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.store import open_database
from bot.store.migrations import for_sqlite, postgres_migrations, shared_migrations, sqlite_migrations
from tests.support.postgres import ThrowawayPostgres

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
