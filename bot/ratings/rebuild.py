"""Rebuild every rating from the stored match history and compare with (or replace) the stored ratings.

`python -m bot.ratings.rebuild` checks: it replays every rated match, in the order the matches were rated,
from the facts in `matches` (players, winner, length) with every player starting at 1500 / experience 0,
counts gammons and cubes again by replaying each match's stored action log, and reports each stored figure
that differs from the replay, plus finished rated-length matches that were never rated. It exits 0 when
everything agrees. `--write` replaces the stored figures by the replayed ones.
Ratings are floats computed in the same order with the same operations, so "agrees" means bit for bit.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections import defaultdict
from dataclasses import astuple, dataclass, field, replace

from bot.ratings import rebuild_store
from bot.ratings.fibs import Standing, rate_match
from bot.ratings.records import PlayerTally
from bot.ratings.tally import tally_match
from bot.service.errors import CorruptMatchError
from bot.service.stored_forms import replay_stored
from bot.store import matches as match_store
from bot.store.backend import Connection, Database, Queries


@dataclass
class _Ladder:
    standing: Standing = field(default_factory=Standing)
    matches: int = 0
    wins: int = 0


@dataclass
class RebuildReport:
    """What a replay found: how many matches it replayed and every difference from the stored figures."""

    matches_replayed: int = 0
    differences: list[str] = field(default_factory=list)
    unrated_matches: list[int] = field(default_factory=list)  # finished, 1..25 points, but never rated
    written: bool = False

    @property
    def consistent(self) -> bool:
        return not self.differences and not self.unrated_matches


async def rebuild(db: Database, *, write: bool = False) -> RebuildReport:
    """Replay all rated matches of every guild; with `write`, store the replayed figures. One transaction."""

    async def work(connection: Connection) -> RebuildReport:
        return await _rebuild_in_transaction(connection, write=write)

    return await db.write(work)


async def _rebuild_in_transaction(db: Queries, *, write: bool) -> RebuildReport:
    report = RebuildReport()
    ladders: defaultdict[tuple[int, int], _Ladder] = defaultdict(_Ladder)
    for match_id, guild_id, player0, player1, winner, length, status in await rebuild_store.rated_matches(db):
        if status != "finished" or winner is None or not 1 <= length <= 25:
            report.differences.append(f"match {match_id} is rated but is {status} with length {length}")
            continue
        tallies = await _replayed_tallies(db, match_id, report)
        winner_id, loser_id = (player0, player1) if winner == 0 else (player1, player0)
        win, lose = ladders[(guild_id, winner_id)], ladders[(guild_id, loser_id)]
        change = rate_match(win.standing, lose.standing, length)
        for user_id, opponent_id, ladder, after, won in (
            (winner_id, loser_id, win, change.winner, True),
            (loser_id, winner_id, lose, change.loser, False),
        ):
            row = _Row(opponent_id, won, length, ladder.standing.rating, after.rating, ladder.standing.experience)
            if tallies is not None:
                own, theirs = (tallies[0], tallies[1]) if user_id == player0 else (tallies[1], tallies[0])
                row = replace(row, tally=_tally_columns(own, theirs))
            await _check_rated_match(db, report, match_id, user_id, row)
            if write:
                await _write_rated_match(db, match_id, user_id, guild_id, row)
            ladder.standing, ladder.matches, ladder.wins = after, ladder.matches + 1, ladder.wins + int(won)
        report.matches_replayed += 1
    await _check_ladders(db, report, ladders)
    report.unrated_matches = await rebuild_store.unrated_finished_matches(db)
    if write:
        rows = [(key, (v.standing.rating, v.standing.experience, v.matches, v.wins)) for key, v in ladders.items()]
        await rebuild_store.replace_ladders(db, rows)
        report.written = True
    return report


@dataclass(frozen=True)
class _Row:
    """The replayed figures of one player's rated_matches row; `tally` is None when the log cannot be read."""

    opponent_id: int
    won: bool
    length: int
    rating_before: float
    rating_after: float
    experience_before: int
    tally: tuple[int, int, int, int, int, int] | None = None


def _tally_columns(own: PlayerTally, theirs: PlayerTally) -> tuple[int, int, int, int, int, int]:
    return (
        own.gammons_won,
        own.backgammons_won,
        theirs.gammons_won,
        theirs.backgammons_won,
        own.cubes_taken,
        own.cubes_dropped,
    )


async def _replayed_tallies(
    db: Queries, match_id: int, report: RebuildReport
) -> tuple[PlayerTally, PlayerTally] | None:
    """Gammons and cubes counted again by replaying the match's stored action log (R6.2, R7.2)."""
    stored = await match_store.load_match(db, match_id)
    if stored is None:
        report.differences.append(f"match {match_id}: no stored snapshot to replay")
        return None
    try:
        match = await replay_stored(db, stored)
    except CorruptMatchError as error:
        report.differences.append(f"match {match_id}: {error}")
        return None
    return tally_match(match)


async def _check_rated_match(db: Queries, report: RebuildReport, match_id: int, user_id: int, replayed: _Row) -> None:
    found = await rebuild_store.rated_row(db, match_id, user_id)
    if found is None:
        report.differences.append(f"match {match_id}: no rating row for player {user_id}")
        return
    stored = _Row(*found)
    if replayed.tally is None:
        stored = replace(stored, tally=None)
    if stored != replayed:
        report.differences.append(f"match {match_id}, player {user_id}: stored {stored}, replayed {replayed}")


async def _write_rated_match(db: Queries, match_id: int, user_id: int, guild_id: int, row: _Row) -> None:
    values = (*astuple(row)[:6], row.tally or (0, 0, 0, 0, 0, 0))
    await rebuild_store.write_rated_row(db, match_id, user_id, guild_id, values, with_tally=row.tally is not None)


async def _check_ladders(db: Queries, report: RebuildReport, ladders: dict[tuple[int, int], _Ladder]) -> None:
    stored = dict(await rebuild_store.ladder_rows(db))
    for key in sorted(stored.keys() | ladders.keys()):
        ladder = ladders.get(key)
        replayed = None
        if ladder is not None:
            replayed = (ladder.standing.rating, ladder.standing.experience, ladder.matches, ladder.wins)
        if stored.get(key) != replayed:
            report.differences.append(f"guild {key[0]}, player {key[1]}: stored {stored.get(key)}, replayed {replayed}")


def _print_report(report: RebuildReport) -> None:
    print(f"Replayed {report.matches_replayed} rated matches.")
    for line in report.differences:
        print(f"  differs: {line}")
    if report.unrated_matches:
        print(f"  finished matches never rated: {', '.join(map(str, report.unrated_matches))}")
    if report.written:
        print("Stored ratings replaced by the replayed ones." if report.differences else "Nothing needed changing.")
    elif report.consistent:
        print("Stored ratings equal the rebuilt ones.")


async def _main(database: str, write: bool) -> int:
    from bot.store import open_database

    async with open_database(database) as db:
        report = await rebuild(db, write=write)
    _print_report(report)
    return 0 if report.consistent or (write and not report.unrated_matches) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.ratings.rebuild", description="Rebuild every rating from the stored match history."
    )
    parser.add_argument("--database", help="a SQLite file or a database URL (default: from the settings)")
    parser.add_argument("--write", action="store_true", help="replace the stored ratings by the rebuilt ones")
    args = parser.parse_args(argv)
    database = args.database
    if database is None:
        from bot.settings import Settings, SettingsError

        try:
            database = Settings.load().database()
        except SettingsError as error:
            print(error, file=sys.stderr)
            return 2
    from bot.store.database import is_postgres, sqlite_path

    if not is_postgres(database) and not sqlite_path(database).exists():
        print(f"There is no database at {database}.", file=sys.stderr)
        return 2
    return asyncio.run(_main(database, args.write))


if __name__ == "__main__":
    sys.exit(main())
