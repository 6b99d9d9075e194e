"""Tournament storage: plain SQL on a sqlite3 connection, run inside the caller's transaction or read trip.

Every function takes the connection aiosqlite's thread hands to `on_connection_thread` /
`single_trip_transaction` (bot/store/transaction.py), so a whole service step is one trip and one transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from bot.tournaments.records import DecidedBy, Entrant, MatchState, SlotRecord, Tournament, TournamentStatus


def name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


def insert_tournament(
    connection: sqlite3.Connection,
    *,
    guild_id: int,
    channel_id: int,
    name: str,
    length: int,
    size: int,
    starts_at: float | None,
    organiser_id: int,
    now: float,
) -> int:
    """A new tournament open for sign-up. Raises sqlite3.IntegrityError when the name is in use in the guild."""
    row = connection.execute(
        "INSERT INTO tournaments (guild_id, channel_id, name, name_key, length, size, starts_at, organiser_id, "
        "status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?) RETURNING id",
        (guild_id, channel_id, name, name_key(name), length, size, starts_at, organiser_id, now),
    ).fetchone()
    return int(row[0])


def load(connection: sqlite3.Connection, tournament_id: int) -> Tournament | None:
    row = connection.execute("SELECT * FROM tournaments WHERE id = ?", (tournament_id,)).fetchone()
    if row is None:
        return None
    entrants = tuple(
        Entrant(int(e["user_id"]), str(e["name"]), float(e["joined_at"]), _int(e["seed"]),
                None if e["rating"] is None else float(e["rating"]))
        for e in connection.execute(
            "SELECT e.*, p.name FROM tournament_entries AS e JOIN players AS p ON p.user_id = e.user_id "
            "WHERE e.tournament_id = ? ORDER BY e.seed IS NULL, e.seed, e.joined_at, e.user_id",
            (tournament_id,),
        )
    )
    slots = tuple(
        SlotRecord(int(s["round"]), int(s["slot"]), _int(s["thread_id"]), _int(s["match_id"]), _int(s["winner_id"]),
                   None if s["decided_by"] is None else DecidedBy(s["decided_by"]), s["reason"])
        for s in connection.execute(
            "SELECT * FROM tournament_matches WHERE tournament_id = ? ORDER BY round, slot", (tournament_id,)
        )
    )
    return Tournament(
        id=int(row["id"]), guild_id=int(row["guild_id"]), channel_id=int(row["channel_id"]), name=str(row["name"]),
        length=int(row["length"]), size=int(row["size"]), starts_at=_float(row["starts_at"]),
        organiser_id=int(row["organiser_id"]), status=TournamentStatus(row["status"]),
        created_at=float(row["created_at"]), started_at=_float(row["started_at"]),
        finished_at=_float(row["finished_at"]), champion_id=_int(row["champion_id"]), note=row["note"],
        message_channel_id=_int(row["message_channel_id"]), message_id=_int(row["message_id"]),
        changes=int(row["changes"]), shown_changes=int(row["shown_changes"]), announced=bool(row["announced"]),
        entrants=entrants, slots=slots,
    )


def find_by_name(connection: sqlite3.Connection, guild_id: int, name: str) -> int | None:
    """The guild's tournament of that name: the live one, else the latest one."""
    row = connection.execute(
        "SELECT id FROM tournaments WHERE guild_id = ? AND name_key = ? "
        "ORDER BY status IN ('signup', 'running') DESC, created_at DESC, id DESC LIMIT 1",
        (guild_id, name_key(name)),
    ).fetchone()
    return None if row is None else int(row[0])


def recent_ids(connection: sqlite3.Connection, guild_id: int, limit: int) -> list[int]:
    """The guild's tournaments, live ones first, then the latest."""
    rows = connection.execute(
        "SELECT id FROM tournaments WHERE guild_id = ? "
        "ORDER BY status IN ('signup', 'running') DESC, created_at DESC, id DESC LIMIT ?",
        (guild_id, limit),
    ).fetchall()
    return [int(row[0]) for row in rows]


def running_ids(connection: sqlite3.Connection) -> list[int]:
    return [int(row[0]) for row in connection.execute("SELECT id FROM tournaments WHERE status = 'running'")]


def due_to_start(connection: sqlite3.Connection, now: float) -> list[int]:
    rows = connection.execute(
        "SELECT id FROM tournaments WHERE status = 'signup' AND starts_at IS NOT NULL AND starts_at <= ? ORDER BY id",
        (now,),
    )
    return [int(row[0]) for row in rows]


def unshown_ids(connection: sqlite3.Connection) -> list[int]:
    """Tournaments whose message does not show their latest change, or whose end was not announced."""
    rows = connection.execute(
        "SELECT id FROM tournaments WHERE (message_id IS NOT NULL AND shown_changes <> changes) "
        "OR (status IN ('finished', 'cancelled') AND announced = 0) ORDER BY id"
    )
    return [int(row[0]) for row in rows]


def add_entry(connection: sqlite3.Connection, tournament_id: int, user_id: int, now: float) -> None:
    connection.execute(
        "INSERT INTO tournament_entries (tournament_id, user_id, joined_at) VALUES (?, ?, ?)",
        (tournament_id, user_id, now),
    )
    changed(connection, tournament_id)


def remove_entry(connection: sqlite3.Connection, tournament_id: int, user_id: int) -> None:
    connection.execute(
        "DELETE FROM tournament_entries WHERE tournament_id = ? AND user_id = ?", (tournament_id, user_id)
    )
    changed(connection, tournament_id)


def ratings(connection: sqlite3.Connection, guild_id: int, user_ids: Sequence[int]) -> dict[int, float | None]:
    """The players' ratings on the guild's ladder (None for a player with no rated match there)."""
    found: dict[int, float | None] = dict.fromkeys(user_ids)
    for user_id in user_ids:
        row = connection.execute(
            "SELECT rating FROM ratings WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        ).fetchone()
        if row is not None:
            found[user_id] = float(row[0])
    return found


def seed(connection: sqlite3.Connection, tournament_id: int, seeds: Sequence[int],
         ratings_now: dict[int, float | None], now: float) -> None:
    """Store the seeds and the ratings they came from, and mark the tournament running."""
    for number, user_id in enumerate(seeds, start=1):
        connection.execute(
            "UPDATE tournament_entries SET seed = ?, rating = ? WHERE tournament_id = ? AND user_id = ?",
            (number, ratings_now.get(user_id), tournament_id, user_id),
        )
    connection.execute("UPDATE tournaments SET status = 'running', started_at = ? WHERE id = ?", (now, tournament_id))
    changed(connection, tournament_id)


def close(connection: sqlite3.Connection, tournament_id: int, status: TournamentStatus, now: float, *,
          champion_id: int | None = None, note: str | None = None) -> None:
    connection.execute(
        "UPDATE tournaments SET status = ?, finished_at = ?, champion_id = ?, note = ? WHERE id = ?",
        (status.value, now, champion_id, note, tournament_id),
    )
    changed(connection, tournament_id)


def changed(connection: sqlite3.Connection, tournament_id: int) -> None:
    """Count a change, so that the tournament's message is brought up to date."""
    connection.execute("UPDATE tournaments SET changes = changes + 1 WHERE id = ?", (tournament_id,))


def set_message(connection: sqlite3.Connection, tournament_id: int, channel_id: int, message_id: int) -> None:
    connection.execute(
        "UPDATE tournaments SET message_channel_id = ?, message_id = ? WHERE id = ?",
        (channel_id, message_id, tournament_id),
    )


def mark_shown(connection: sqlite3.Connection, tournament_id: int, changes: int) -> None:
    connection.execute(
        "UPDATE tournaments SET shown_changes = MAX(shown_changes, ?) WHERE id = ?", (changes, tournament_id)
    )


def mark_announced(connection: sqlite3.Connection, tournament_id: int) -> bool:
    """True for the one caller that marks it (the announcement goes out once)."""
    cursor = connection.execute("UPDATE tournaments SET announced = 1 WHERE id = ? AND announced = 0", (tournament_id,))
    return cursor.rowcount == 1


def set_thread(connection: sqlite3.Connection, tournament_id: int, round_number: int, slot: int,
               thread_id: int) -> int:
    """Store the slot's thread unless it has one; returns the slot's thread (the first one stored wins)."""
    connection.execute(
        "INSERT INTO tournament_matches (tournament_id, round, slot, thread_id) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (tournament_id, round, slot) DO UPDATE SET thread_id = COALESCE(thread_id, excluded.thread_id)",
        (tournament_id, round_number, slot, thread_id),
    )
    row = connection.execute(
        "SELECT thread_id FROM tournament_matches WHERE tournament_id = ? AND round = ? AND slot = ?",
        (tournament_id, round_number, slot),
    ).fetchone()
    return int(row[0])


def link_match(connection: sqlite3.Connection, tournament_id: int, round_number: int, slot: int,
               match_id: int) -> bool:
    """Tie the new match to its slot; False when the slot already has a match (it was started before)."""
    connection.execute(
        "INSERT INTO tournament_matches (tournament_id, round, slot) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        (tournament_id, round_number, slot),
    )
    cursor = connection.execute(
        "UPDATE tournament_matches SET match_id = ? WHERE tournament_id = ? AND round = ? AND slot = ? "
        "AND match_id IS NULL",
        (match_id, tournament_id, round_number, slot),
    )
    changed(connection, tournament_id)
    return cursor.rowcount == 1


def slot_of_match(connection: sqlite3.Connection, match_id: int) -> tuple[int, int, int] | None:
    row = connection.execute(
        "SELECT tournament_id, round, slot FROM tournament_matches WHERE match_id = ?", (match_id,)
    ).fetchone()
    return None if row is None else (int(row[0]), int(row[1]), int(row[2]))


def decide(connection: sqlite3.Connection, tournament_id: int, round_number: int, slot: int, winner_id: int,
           decided_by: DecidedBy, reason: str | None, now: float) -> bool:
    """Record the slot's winner; False when it already had one."""
    connection.execute(
        "INSERT INTO tournament_matches (tournament_id, round, slot) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        (tournament_id, round_number, slot),
    )
    cursor = connection.execute(
        "UPDATE tournament_matches SET winner_id = ?, decided_by = ?, reason = ?, decided_at = ? "
        "WHERE tournament_id = ? AND round = ? AND slot = ? AND winner_id IS NULL",
        (winner_id, decided_by.value, reason, now, tournament_id, round_number, slot),
    )
    changed(connection, tournament_id)
    return cursor.rowcount == 1


def match_states(connection: sqlite3.Connection, tournament_id: int) -> dict[tuple[int, int], MatchState]:
    """The status and scores of every match of the tournament, by (round, slot)."""
    rows = connection.execute(
        "SELECT t.round, t.slot, m.id, m.status, m.player0_id, m.player1_id, m.score0, m.score1 "
        "FROM tournament_matches AS t JOIN matches AS m ON m.id = t.match_id WHERE t.tournament_id = ?",
        (tournament_id,),
    )
    return {
        (int(row[0]), int(row[1])): MatchState(
            int(row[2]), str(row[3]), {int(row[4]): int(row[6]), int(row[5]): int(row[7])}
        )
        for row in rows
    }


def organiser_role(connection: sqlite3.Connection, guild_id: int) -> int | None:
    row = connection.execute(
        "SELECT organiser_role_id FROM tournament_settings WHERE guild_id = ?", (guild_id,)
    ).fetchone()
    return None if row is None else _int(row[0])


def set_organiser_role(connection: sqlite3.Connection, guild_id: int, role_id: int | None) -> None:
    connection.execute(
        "INSERT INTO tournament_settings (guild_id, organiser_role_id) VALUES (?, ?) "
        "ON CONFLICT (guild_id) DO UPDATE SET organiser_role_id = excluded.organiser_role_id",
        (guild_id, role_id),
    )


def _int(value: object) -> int | None:
    return None if value is None else int(str(value))


def _float(value: object) -> float | None:
    return None if value is None else float(str(value))
