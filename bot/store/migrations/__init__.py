"""Numbered SQL migrations, gapless from 001, the same numbers for both databases (so that a database copied from
one to the other is at the same version).

A schema change is one file in `shared/` (`NNN_name.sql`), written in PostgreSQL's SQL: PostgreSQL runs it as
written, SQLite runs sqlglot's translation of it (BIGINT becomes INTEGER, DOUBLE PRECISION becomes REAL, an
identity column an INTEGER PRIMARY KEY ...). The first ones were written for each database by hand: SQLite's here,
PostgreSQL's in `postgres/`; they stay as they are, since databases were built from them.
"""

from __future__ import annotations

import hashlib
import re
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlglot import exp

_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def _files(package: str) -> list[tuple[int, str]]:
    found = []
    for entry in resources.files(package).iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    return found


def _in_order(found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    found.sort()
    if [version for version, _ in found] != list(range(1, len(found) + 1)):
        raise RuntimeError(f"Migration files must be numbered 001, 002, ... without gaps: {found!r}")
    return found


#: SQLite's translations of the shared migrations, written at set-up (`python -m
#: bot.store.migrations.sqlite_translations`, which `tasks.py setup` and the image run; not in git), each named after
#: the digest of the text it translates, so that a changed migration is never read from an old translation.
TRANSLATED = Path(__file__).with_name("translated")


def for_sqlite(postgres_sql: str) -> str:
    """A shared migration in SQLite's SQL: its translation written at set-up, or `translate`'s now. Read from the
    set-up's file, a bot that migrates a database does not load sqlglot, which it would keep for good (about 9 MB)
    though it never needs it again."""
    written = TRANSLATED / translation_name(postgres_sql)
    if written.exists():
        return written.read_text(encoding="utf-8")
    return translate(postgres_sql)


def translation_name(postgres_sql: str) -> str:
    return f"{hashlib.sha256(postgres_sql.encode()).hexdigest()[:16]}.sql"


def translate(postgres_sql: str) -> str:
    """A shared migration in SQLite's SQL: every statement translated by sqlglot, comments left out."""
    import sqlglot

    statements = [_sqlite_index(statement) for statement in sqlglot.parse(postgres_sql, read="postgres") if statement]
    return "".join(f"{statement.sql(dialect='sqlite', comments=False)};\n" for statement in statements)


def _sqlite_index(statement: exp.Expr) -> exp.Expr:
    """An index's columns with SQLite's own order of NULLs: sqlglot keeps PostgreSQL's by writing NULLS LAST,
    which SQLite refuses in an index (where it changes no lookup)."""
    from sqlglot import exp

    if isinstance(statement, exp.Create) and statement.kind == "INDEX":
        for column in statement.find_all(exp.Ordered):
            column.set("nulls_first", not column.args.get("desc"))
    return statement


def shared_migrations() -> list[tuple[int, str]]:
    """The (version, PostgreSQL sql) of every migration written once for both databases."""
    return _files("bot.store.migrations.shared")


def sqlite_migrations(after: int = 0) -> list[tuple[int, str]]:
    """The (version, sql) of every SQLite migration, in version order, without gaps; the SQL of those up to
    `after` (a database's version: applied already) left empty, so that only what is to run is translated."""
    shared = [(version, for_sqlite(sql) if version > after else "") for version, sql in shared_migrations()]
    return _in_order(_files("bot.store.migrations") + shared)


def postgres_migrations() -> list[tuple[int, str]]:
    """The (version, sql) of every PostgreSQL migration, in version order, without gaps."""
    return _in_order(_files("bot.store.migrations.postgres") + shared_migrations())
