"""Numbered SQL migrations: SQLite's here (`NNN_name.sql`), PostgreSQL's twins in `postgres/` (same numbers, so a
database copied from one to the other is at the same version). Each set is gapless from 001."""

from __future__ import annotations

import re
from importlib import resources

_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def _numbered(package: str) -> list[tuple[int, str]]:
    found = []
    for entry in resources.files(package).iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    found.sort()
    if [version for version, _ in found] != list(range(1, len(found) + 1)):
        raise RuntimeError(f"Migration files must be numbered 001, 002, ... without gaps: {found!r}")
    return found


def sqlite_migrations() -> list[tuple[int, str]]:
    """The (version, sql) of every SQLite migration, in version order, without gaps."""
    return _numbered("bot.store.migrations")


def postgres_migrations() -> list[tuple[int, str]]:
    """The (version, sql) of every PostgreSQL migration, in version order, without gaps."""
    return _numbered("bot.store.migrations.postgres")
