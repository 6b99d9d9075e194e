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
from dataclasses import dataclass, field, replace

from bot.ratings.fibs import Standing, rate_match
from bot.ratings.records import PlayerTally
from bot.ratings.tally import tally_match
from bot.service.errors import CorruptMatchError
from bot.service.stored_forms import rebuild_match
from bot.store import match_log
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
    history = list(
        await db.fetchall(
            """
        SELECT m.id, m.guild_id, m.player0_id, m.player1_id, m.winner, m.length, m.status
        FROM matches m JOIN (SELECT match_id, MIN(seq) AS first FROM rated_matches GROUP BY match_id) r
             ON r.match_id = m.id
        ORDER BY r.first
        """
        )
    )
    for match_id, guild_id, player0, player1, winner, length, status in history:
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
    report.unrated_matches = [
        int(row[0])
        for row in await db.fetchall(
            """
        SELECT id FROM matches WHERE status = 'finished' AND length > 0 AND winner IS NOT NULL
          AND id NOT IN (SELECT match_id FROM rated_matches) ORDER BY id
        """
        )
    ]
    if write:
        await db.execute("DELETE FROM ratings")
        await db.executemany(
            "INSERT INTO ratings (guild_id, user_id, rating, experience, matches, wins) VALUES (?, ?, ?, ?, ?, ?)",
            [(g, u, v.standing.rating, v.standing.experience, v.matches, v.wins) for (g, u), v in ladders.items()],
        )
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


_TALLY_COLUMNS = "gammons_won, backgammons_won, gammons_lost, backgammons_lost, cubes_taken, cubes_dropped"


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
        match = rebuild_match(stored, await match_log.load_log(db, match_id), None)
    except CorruptMatchError as error:
        report.differences.append(f"match {match_id}: {error}")
        return None
    return tally_match(match)


async def _check_rated_match(db: Queries, report: RebuildReport, match_id: int, user_id: int, replayed: _Row) -> None:
    found = await db.fetchone(
        f"""
        SELECT opponent_id, won, length, rating_before, rating_after, experience_before, {_TALLY_COLUMNS}
        FROM rated_matches WHERE match_id = ? AND user_id = ?
        """,  # the f-string only inserts the fixed column list above
        (match_id, user_id),
    )
    if found is None:
        report.differences.append(f"match {match_id}: no rating row for player {user_id}")
        return
    stored = _Row(
        int(found[0]),
        bool(found[1]),
        int(found[2]),
        float(found[3]),
        float(found[4]),
        int(found[5]),
        (int(found[6]), int(found[7]), int(found[8]), int(found[9]), int(found[10]), int(found[11])),
    )
    if replayed.tally is None:
        stored = replace(stored, tally=None)
    if stored != replayed:
        report.differences.append(f"match {match_id}, player {user_id}: stored {stored}, replayed {replayed}")


async def _write_rated_match(db: Queries, match_id: int, user_id: int, guild_id: int, row: _Row) -> None:
    await db.execute(
        """
        UPDATE rated_matches SET opponent_id = ?, won = ?, length = ?, guild_id = ?,
            rating_before = ?, rating_after = ?, experience_before = ?
        WHERE match_id = ? AND user_id = ?
        """,
        (
            row.opponent_id,
            int(row.won),
            row.length,
            guild_id,
            row.rating_before,
            row.rating_after,
            row.experience_before,
            match_id,
            user_id,
        ),
    )
    if row.tally is not None:
        await db.execute(
            """
            UPDATE rated_matches SET gammons_won = ?, backgammons_won = ?, gammons_lost = ?, backgammons_lost = ?,
                cubes_taken = ?, cubes_dropped = ?
            WHERE match_id = ? AND user_id = ?
            """,
            (*row.tally, match_id, user_id),
        )


async def _check_ladders(db: Queries, report: RebuildReport, ladders: dict[tuple[int, int], _Ladder]) -> None:
    rows = await db.fetchall("SELECT guild_id, user_id, rating, experience, matches, wins FROM ratings")
    stored = {(int(r[0]), int(r[1])): (float(r[2]), int(r[3]), int(r[4]), int(r[5])) for r in rows}
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
