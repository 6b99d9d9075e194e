"""Copy a whole database into an empty one, SQLite to PostgreSQL or back.

Run `python -m bot.store.copy SOURCE TARGET` (each a SQLite file, a `sqlite:///` URL or a `postgresql://` URL)
with the bot stopped. Both are migrated to the latest version first and must then be at the same version; the
target must hold no rows. Every table is copied row for row in ONE transaction on the target (all or nothing),
parents before children, and PostgreSQL's id sequences are moved past the copied ids. Then run
`python -m bot.service.check TARGET`: every match must replay to its stored snapshot.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import dataclass, field

from bot.store.backend import Connection, Database
from bot.store.database import is_postgres, open_database, sqlite_path

#: Parents before children (foreign keys); a table not listed here (a newer migration's) is copied after these.
TABLE_ORDER = (
    "meta",
    "players",
    "guild_settings",
    "player_prefs",
    "tournament_settings",
    "matches",
    "match_snapshots",
    "match_actions",
    "challenges",
    "rematch_requests",
    "ratings",
    "rated_matches",
    "tournaments",
    "tournament_entries",
    "tournament_matches",
    "match_analyses",
    "guild_analysis",
    "board_changes",
)

#: Bookkeeping of each backend's migrations, never copied.
_NOT_COPIED = {"schema_version"}

#: Rows per INSERT batch.
_BATCH = 500


class CopyError(Exception):
    """The copy cannot be made (versions differ, the target is not empty); nothing was written."""


@dataclass
class CopyReport:
    rows: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.rows.values())


async def schema_version(db: Database) -> int:
    if db.dialect == "sqlite":
        row = await db.fetchone("PRAGMA user_version")
    else:
        row = await db.fetchone("SELECT MAX(version) FROM schema_version")
    return int(row[0]) if row is not None and row[0] is not None else 0


async def tables(db: Database) -> list[str]:
    """The database's tables in copy order."""
    if db.dialect == "sqlite":
        rows = await db.fetchall(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
    else:
        rows = await db.fetchall(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
            "AND table_type = 'BASE TABLE' ORDER BY table_name"
        )
    found = [str(row[0]) for row in rows if str(row[0]) not in _NOT_COPIED]
    ordered = [name for name in TABLE_ORDER if name in found]
    return ordered + [name for name in found if name not in TABLE_ORDER]


async def copy_database(source: Database, target: Database) -> CopyReport:
    """Copy every row of `source` into the empty `target` in one transaction."""
    source_version, target_version = await schema_version(source), await schema_version(target)
    if source_version != target_version:
        raise CopyError(
            f"The source is at migration {source_version} and the target at {target_version}: "
            "update the bot so that both have the same migrations."
        )
    names = await tables(source)
    missing = sorted(set(names) - set(await tables(target)))
    if missing:
        raise CopyError(f"The target has no table {', '.join(missing)}.")
    for name in names:
        if await target.fetchone(f"SELECT 1 FROM {name} LIMIT 1") is not None:  # names from the schema
            raise CopyError(f"The target is not empty (table {name} has rows): copy into a new database.")
    contents = {name: await source.fetchall(f"SELECT * FROM {name} ORDER BY 1") for name in names}
    report = CopyReport()

    async def write(connection: Connection) -> None:
        for name in names:
            rows = contents[name]
            report.rows[name] = len(rows)
            if not rows:
                continue
            columns = list(rows[0].keys())
            marks = ", ".join("?" for _ in columns)
            sql = f"INSERT INTO {name} ({', '.join(columns)}) VALUES ({marks})"
            for start in range(0, len(rows), _BATCH):
                await connection.executemany(sql, [tuple(row) for row in rows[start : start + _BATCH]])
        if connection.dialect == "postgresql":
            await _move_sequences(connection)

    await target.write(write)
    return report


async def _move_sequences(connection: Connection) -> None:
    """Identity columns continue after the largest copied id (else the next insert would reuse id 1)."""
    identities = await connection.fetchall(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND is_identity = 'YES'"
    )
    for table, column in identities:
        await connection.fetchone(
            f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
            f"COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)"
        )


async def _main(source_url: str, target_url: str) -> int:
    if not is_postgres(source_url) and not sqlite_path(source_url).exists():
        print(f"There is no database at {source_url}.", file=sys.stderr)
        return 2
    async with open_database(source_url) as source, open_database(target_url) as target:
        try:
            report = await copy_database(source, target)
        except CopyError as error:
            print(error, file=sys.stderr)
            return 1
    for name, count in report.rows.items():
        print(f"  {name}: {count} rows")
    print(f"Copied {report.total} rows. Check the copy with: python -m bot.service.check {target_url}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.store.copy", description=__doc__.splitlines()[0])
    parser.add_argument("source", help="the database to copy: a SQLite file or a database URL")
    parser.add_argument("target", help="an empty database: a SQLite file (created) or a postgresql:// URL")
    args = parser.parse_args(argv)
    return asyncio.run(_main(args.source, args.target))


if __name__ == "__main__":
    sys.exit(main())
