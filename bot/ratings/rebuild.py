"""Rebuild every rating from the stored match history and compare with (or replace) the stored ratings.

`python -m bot.ratings.rebuild` checks: it replays every rated match, in the order the matches were rated,
from the facts in `matches` (players, winner, length) with every player starting at 1500 / experience 0,
and reports each stored figure that differs from the replay, plus finished rated-length matches that were
never rated. It exits 0 when everything agrees. `--write` replaces the stored figures by the replayed ones.
Ratings are floats computed in the same order with the same operations, so "agrees" means bit for bit.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import aiosqlite

from bot.ratings.fibs import Standing, rate_match
from bot.store.transaction import transaction


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


async def rebuild(db: aiosqlite.Connection, *, write: bool = False) -> RebuildReport:
    """Replay all rated matches of every guild; with `write`, store the replayed figures. One transaction."""
    async with transaction(db):
        return await _rebuild_in_transaction(db, write=write)


async def _rebuild_in_transaction(db: aiosqlite.Connection, *, write: bool) -> RebuildReport:
    report = RebuildReport()
    ladders: defaultdict[tuple[int, int], _Ladder] = defaultdict(_Ladder)
    async with db.execute(
        """
        SELECT m.id, m.guild_id, m.player0_id, m.player1_id, m.winner, m.length, m.status
        FROM matches m JOIN (SELECT match_id, MIN(seq) AS first FROM rated_matches GROUP BY match_id) r
             ON r.match_id = m.id
        ORDER BY r.first
        """
    ) as cursor:
        history = list(await cursor.fetchall())
    for match_id, guild_id, player0, player1, winner, length, status in history:
        if status != "finished" or winner is None or not 1 <= length <= 25:
            report.differences.append(f"match {match_id} is rated but is {status} with length {length}")
            continue
        winner_id, loser_id = (player0, player1) if winner == 0 else (player1, player0)
        win, lose = ladders[(guild_id, winner_id)], ladders[(guild_id, loser_id)]
        change = rate_match(win.standing, lose.standing, length)
        for user_id, opponent_id, ladder, after, won in (
            (winner_id, loser_id, win, change.winner, True),
            (loser_id, winner_id, lose, change.loser, False),
        ):
            await _check_rated_match(db, report, match_id, user_id, (opponent_id, won, length, ladder.standing, after))
            if write:
                await db.execute(
                    """
                    UPDATE rated_matches SET opponent_id = ?, won = ?, length = ?, guild_id = ?,
                        rating_before = ?, rating_after = ?, experience_before = ?
                    WHERE match_id = ? AND user_id = ?
                    """,
                    (opponent_id, int(won), length, guild_id, ladder.standing.rating, after.rating,
                     ladder.standing.experience, match_id, user_id),
                )
            ladder.standing, ladder.matches, ladder.wins = after, ladder.matches + 1, ladder.wins + int(won)
        report.matches_replayed += 1
    await _check_ladders(db, report, ladders)
    async with db.execute(
        """
        SELECT id FROM matches WHERE status = 'finished' AND length > 0 AND winner IS NOT NULL
          AND id NOT IN (SELECT match_id FROM rated_matches) ORDER BY id
        """
    ) as cursor:
        report.unrated_matches = [int(row[0]) for row in await cursor.fetchall()]
    if write:
        await db.execute("DELETE FROM ratings")
        await db.executemany(
            "INSERT INTO ratings (guild_id, user_id, rating, experience, matches, wins) VALUES (?, ?, ?, ?, ?, ?)",
            [(g, u, v.standing.rating, v.standing.experience, v.matches, v.wins) for (g, u), v in ladders.items()],
        )
        report.written = True
    return report


async def _check_rated_match(
    db: aiosqlite.Connection,
    report: RebuildReport,
    match_id: int,
    user_id: int,
    expected: tuple[int, bool, int, Standing, Standing],
) -> None:
    opponent_id, won, length, before, after = expected
    async with db.execute(
        """
        SELECT opponent_id, won, length, rating_before, rating_after, experience_before
        FROM rated_matches WHERE match_id = ? AND user_id = ?
        """,
        (match_id, user_id),
    ) as cursor:
        row = await cursor.fetchone()
    if row is None:
        report.differences.append(f"match {match_id}: no rating row for player {user_id}")
        return
    stored = (int(row[0]), bool(row[1]), int(row[2]), float(row[3]), float(row[4]), int(row[5]))
    replayed = (opponent_id, won, length, before.rating, after.rating, before.experience)
    if stored != replayed:
        report.differences.append(f"match {match_id}, player {user_id}: stored {stored}, replayed {replayed}")


async def _check_ladders(
    db: aiosqlite.Connection, report: RebuildReport, ladders: dict[tuple[int, int], _Ladder]
) -> None:
    async with db.execute("SELECT guild_id, user_id, rating, experience, matches, wins FROM ratings") as cursor:
        rows = await cursor.fetchall()
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


async def _main(database: Path, write: bool) -> int:
    from bot.store import open_database

    async with open_database(database) as db:
        report = await rebuild(db, write=write)
    _print_report(report)
    return 0 if report.consistent or (write and not report.unrated_matches) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.ratings.rebuild", description="Rebuild every rating from the stored match history."
    )
    parser.add_argument("--database", type=Path, help="the SQLite file (default: DATABASE_PATH from the settings)")
    parser.add_argument("--write", action="store_true", help="replace the stored ratings by the rebuilt ones")
    args = parser.parse_args(argv)
    database = args.database
    if database is None:
        from bot.settings import Settings, SettingsError

        try:
            database = Settings.load().database_path
        except SettingsError as error:
            print(error, file=sys.stderr)
            return 2
    if not database.exists():
        print(f"There is no database at {database}.", file=sys.stderr)
        return 2
    return asyncio.run(_main(database, args.write))


if __name__ == "__main__":
    sys.exit(main())
