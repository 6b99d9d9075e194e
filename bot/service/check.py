"""Consistency check: replay every stored match from its action log and compare with what is stored.

Run `python -m bot.service.check [DATABASE]` (a SQLite file or a database URL; default: DATABASE_URL, else
DATABASE_PATH). It prints one line per problem and exits with 1 when there is any, 0 when every match rebuilds to
exactly its stored snapshot and its row (status, winner, scores) agrees with the replayed match.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import dataclass, field

from bot.service.errors import CorruptMatchError
from bot.service.records import MatchStatus
from bot.service.stored_forms import rebuild_match
from bot.store import matches as match_store
from bot.store.backend import Database
from bot.store.database import is_postgres, open_database, sqlite_path
from bot.store.matches import StoredMatch


@dataclass
class CheckReport:
    matches_checked: int = 0
    actions_replayed: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def consistent(self) -> bool:
        return not self.problems


async def check_database(db: Database) -> CheckReport:
    """Replay every match (read only) and list each difference from the stored snapshot and row."""
    report = CheckReport()
    for match_id in await match_store.all_match_ids(db):
        stored, entries = await _snapshot_and_log(db, match_id)
        if stored is None:
            report.problems.append(f"match #{match_id}: no snapshot row")
            continue
        report.matches_checked += 1
        report.actions_replayed += len(entries)
        try:
            match = rebuild_match(stored, entries)
        except CorruptMatchError as error:
            report.problems.append(f"match #{match_id}: {error}")
            continue
        expected_status = (
            MatchStatus.ABORTED if match.aborted else MatchStatus.FINISHED if match.finished else MatchStatus.ACTIVE
        )
        row = {"status": stored.status, "winner": stored.winner, "scores": (stored.score0, stored.score1)}
        replayed = {"status": expected_status.value, "winner": match.winner, "scores": match.score_tuple}
        for key, value in row.items():
            if value != replayed[key]:
                report.problems.append(f"match #{match_id}: stored {key} {value!r}, the log gives {replayed[key]!r}")
    return report


#: How many times a match's snapshot and log are read again when an action is stored while they are read.
READS = 5


async def _snapshot_and_log(db: Database, match_id: int) -> tuple[StoredMatch | None, list[str]]:
    """The match's snapshot and its whole log, as one: an action appends its entries with its snapshot in one
    transaction, so entries beyond a snapshot that is still there after the log was read are a fault, while a
    snapshot changed meanwhile (the bot playing on beside the check) means reading both again. A match played on
    through every read is checked up to the snapshot last read."""
    stored = await match_store.load_match(db, match_id)
    for _ in range(READS):
        if stored is None:
            return None, []
        entries = await match_store.load_log(db, match_id)
        again = await match_store.load_match(db, match_id)
        if again is not None and again.version == stored.version:
            return stored, entries
        stored = again
    return stored, [] if stored is None else await match_store.load_log(db, match_id, stored.log_length)


async def _main(database: str) -> int:
    if not is_postgres(database) and not sqlite_path(database).exists():
        print(f"There is no database at {database}.", file=sys.stderr)
        return 2
    async with open_database(database) as db:
        report = await check_database(db)
    print(f"Checked {report.matches_checked} matches, replayed {report.actions_replayed} actions.")
    for problem in report.problems:
        print(f"  {problem}")
    print("Consistent." if report.consistent else f"{len(report.problems)} problem(s) found.")
    return 0 if report.consistent else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.service.check", description=__doc__.splitlines()[0])
    parser.add_argument("database", nargs="?", help="a SQLite file or a database URL (default: the settings)")
    args = parser.parse_args(argv)
    database: str
    if args.database is None:
        from bot.settings import Settings, SettingsError

        try:
            database = Settings.load().database()
        except SettingsError as error:
            print(error, file=sys.stderr)
            return 2
    else:
        database = args.database
    return asyncio.run(_main(database))


if __name__ == "__main__":
    sys.exit(main())
