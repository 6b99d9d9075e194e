"""Tournament storage: plain SQL on the caller's connection, run inside its transaction or read trip.

Every function takes the connection `Database.read` / `Database.write` hands to the service's step
(bot/store/backend.py), so a whole service step is one transaction.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.backend import Queries
from bot.tournaments.records import DecidedBy, Entrant, MatchState, SlotRecord, Tournament, TournamentStatus


def name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


async def insert_tournament(
    connection: Queries,
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
    """A new tournament open for sign-up. Raises bot.store.IntegrityError when the name is in use in the guild."""
    row = await connection.fetchone(
        "INSERT INTO tournaments (guild_id, channel_id, name, name_key, length, size, starts_at, organiser_id, "
        "status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?) RETURNING id",
        (guild_id, channel_id, name, name_key(name), length, size, starts_at, organiser_id, now),
    )
    assert row is not None
    return int(row[0])


async def load(connection: Queries, tournament_id: int) -> Tournament | None:
    row = await connection.fetchone("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
    if row is None:
        return None
    entrants = tuple(
        Entrant(
            int(e["user_id"]),
            str(e["name"]),
            float(e["joined_at"]),
            _int(e["seed"]),
            None if e["rating"] is None else float(e["rating"]),
        )
        for e in await connection.fetchall(
            "SELECT e.*, p.name FROM tournament_entries AS e JOIN players AS p ON p.user_id = e.user_id "
            "WHERE e.tournament_id = ? ORDER BY e.seed IS NULL, e.seed, e.joined_at, e.user_id",
            (tournament_id,),
        )
    )
    slots = tuple(
        SlotRecord(
            int(s["round"]),
            int(s["slot"]),
            _int(s["thread_id"]),
            _int(s["match_id"]),
            _int(s["winner_id"]),
            None if s["decided_by"] is None else DecidedBy(s["decided_by"]),
            s["reason"],
        )
        for s in await connection.fetchall(
            "SELECT * FROM tournament_matches WHERE tournament_id = ? ORDER BY round, slot", (tournament_id,)
        )
    )
    return Tournament(
        id=int(row["id"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        name=str(row["name"]),
        length=int(row["length"]),
        size=int(row["size"]),
        starts_at=_float(row["starts_at"]),
        organiser_id=int(row["organiser_id"]),
        status=TournamentStatus(row["status"]),
        created_at=float(row["created_at"]),
        started_at=_float(row["started_at"]),
        finished_at=_float(row["finished_at"]),
        champion_id=_int(row["champion_id"]),
        note=row["note"],
        message_channel_id=_int(row["message_channel_id"]),
        message_id=_int(row["message_id"]),
        changes=int(row["changes"]),
        shown_changes=int(row["shown_changes"]),
        announced=bool(row["announced"]),
        entrants=entrants,
        slots=slots,
    )


async def find_by_name(connection: Queries, guild_id: int, name: str) -> int | None:
    """The guild's tournament of that name: the live one, else the latest one."""
    row = await connection.fetchone(
        "SELECT id FROM tournaments WHERE guild_id = ? AND name_key = ? "
        "ORDER BY status IN ('signup', 'running') DESC, created_at DESC, id DESC LIMIT 1",
        (guild_id, name_key(name)),
    )
    return None if row is None else int(row[0])


async def recent_ids(connection: Queries, guild_id: int, limit: int) -> list[int]:
    """The guild's tournaments, live ones first, then the latest."""
    rows = await connection.fetchall(
        "SELECT id FROM tournaments WHERE guild_id = ? "
        "ORDER BY status IN ('signup', 'running') DESC, created_at DESC, id DESC LIMIT ?",
        (guild_id, limit),
    )
    return [int(row[0]) for row in rows]


async def running_ids(connection: Queries) -> list[int]:
    return [int(row[0]) for row in await connection.fetchall("SELECT id FROM tournaments WHERE status = 'running'")]


async def due_to_start(connection: Queries, now: float) -> list[int]:
    rows = await connection.fetchall(
        "SELECT id FROM tournaments WHERE status = 'signup' AND starts_at IS NOT NULL AND starts_at <= ? ORDER BY id",
        (now,),
    )
    return [int(row[0]) for row in rows]


async def unshown_ids(connection: Queries) -> list[int]:
    """Tournaments whose message does not show their latest change, or whose end was not announced."""
    rows = await connection.fetchall(
        "SELECT id FROM tournaments WHERE (message_id IS NOT NULL AND shown_changes <> changes) "
        "OR (status IN ('finished', 'cancelled') AND announced = 0) ORDER BY id"
    )
    return [int(row[0]) for row in rows]


async def add_entry(connection: Queries, tournament_id: int, user_id: int, now: float) -> None:
    await connection.execute(
        "INSERT INTO tournament_entries (tournament_id, user_id, joined_at) VALUES (?, ?, ?)",
        (tournament_id, user_id, now),
    )
    await changed(connection, tournament_id)


async def remove_entry(connection: Queries, tournament_id: int, user_id: int) -> None:
    await connection.execute(
        "DELETE FROM tournament_entries WHERE tournament_id = ? AND user_id = ?", (tournament_id, user_id)
    )
    await changed(connection, tournament_id)


async def ratings(connection: Queries, guild_id: int, user_ids: Sequence[int]) -> dict[int, float | None]:
    """The players' ratings on the guild's ladder (None for a player with no rated match there)."""
    found: dict[int, float | None] = dict.fromkeys(user_ids)
    for user_id in user_ids:
        row = await connection.fetchone(
            "SELECT rating FROM ratings WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        )
        if row is not None:
            found[user_id] = float(row[0])
    return found


async def seed(
    connection: Queries, tournament_id: int, seeds: Sequence[int], ratings_now: dict[int, float | None], now: float
) -> None:
    """Store the seeds and the ratings they came from, and mark the tournament running."""
    for number, user_id in enumerate(seeds, start=1):
        await connection.execute(
            "UPDATE tournament_entries SET seed = ?, rating = ? WHERE tournament_id = ? AND user_id = ?",
            (number, ratings_now.get(user_id), tournament_id, user_id),
        )
    await connection.execute(
        "UPDATE tournaments SET status = 'running', started_at = ? WHERE id = ?", (now, tournament_id)
    )
    await changed(connection, tournament_id)


async def close(
    connection: Queries,
    tournament_id: int,
    status: TournamentStatus,
    now: float,
    *,
    champion_id: int | None = None,
    note: str | None = None,
) -> None:
    await connection.execute(
        "UPDATE tournaments SET status = ?, finished_at = ?, champion_id = ?, note = ? WHERE id = ?",
        (status.value, now, champion_id, note, tournament_id),
    )
    await changed(connection, tournament_id)


async def changed(connection: Queries, tournament_id: int) -> None:
    """Count a change, so that the tournament's message is brought up to date."""
    await connection.execute("UPDATE tournaments SET changes = changes + 1 WHERE id = ?", (tournament_id,))


async def set_message(connection: Queries, tournament_id: int, channel_id: int, message_id: int) -> None:
    await connection.execute(
        "UPDATE tournaments SET message_channel_id = ?, message_id = ? WHERE id = ?",
        (channel_id, message_id, tournament_id),
    )


async def mark_shown(connection: Queries, tournament_id: int, changes: int) -> None:
    await connection.execute(
        "UPDATE tournaments SET shown_changes = CASE WHEN shown_changes > ? THEN shown_changes ELSE ? END WHERE id = ?",
        (changes, changes, tournament_id),
    )


async def mark_announced(connection: Queries, tournament_id: int) -> bool:
    """True for the one caller that marks it (the announcement goes out once)."""
    changed_rows = await connection.execute(
        "UPDATE tournaments SET announced = 1 WHERE id = ? AND announced = 0", (tournament_id,)
    )
    return changed_rows == 1


async def set_thread(connection: Queries, tournament_id: int, round_number: int, slot: int, thread_id: int) -> int:
    """Store the slot's thread unless it has one; returns the slot's thread (the first one stored wins)."""
    await connection.execute(
        "INSERT INTO tournament_matches (tournament_id, round, slot, thread_id) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (tournament_id, round, slot) "
        "DO UPDATE SET thread_id = COALESCE(tournament_matches.thread_id, excluded.thread_id)",
        (tournament_id, round_number, slot, thread_id),
    )
    row = await connection.fetchone(
        "SELECT thread_id FROM tournament_matches WHERE tournament_id = ? AND round = ? AND slot = ?",
        (tournament_id, round_number, slot),
    )
    assert row is not None
    return int(row[0])


async def link_match(connection: Queries, tournament_id: int, round_number: int, slot: int, match_id: int) -> bool:
    """Tie the new match to its slot; False when the slot already has a match (it was started before)."""
    await connection.execute(
        "INSERT INTO tournament_matches (tournament_id, round, slot) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        (tournament_id, round_number, slot),
    )
    changed_rows = await connection.execute(
        "UPDATE tournament_matches SET match_id = ? WHERE tournament_id = ? AND round = ? AND slot = ? "
        "AND match_id IS NULL",
        (match_id, tournament_id, round_number, slot),
    )
    await changed(connection, tournament_id)
    return changed_rows == 1


async def slot_of_match(connection: Queries, match_id: int) -> tuple[int, int, int] | None:
    row = await connection.fetchone(
        "SELECT tournament_id, round, slot FROM tournament_matches WHERE match_id = ?", (match_id,)
    )
    return None if row is None else (int(row[0]), int(row[1]), int(row[2]))


async def decide(
    connection: Queries,
    tournament_id: int,
    round_number: int,
    slot: int,
    winner_id: int,
    decided_by: DecidedBy,
    reason: str | None,
    now: float,
) -> bool:
    """Record the slot's winner; False when it already had one."""
    await connection.execute(
        "INSERT INTO tournament_matches (tournament_id, round, slot) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        (tournament_id, round_number, slot),
    )
    changed_rows = await connection.execute(
        "UPDATE tournament_matches SET winner_id = ?, decided_by = ?, reason = ?, decided_at = ? "
        "WHERE tournament_id = ? AND round = ? AND slot = ? AND winner_id IS NULL",
        (winner_id, decided_by.value, reason, now, tournament_id, round_number, slot),
    )
    await changed(connection, tournament_id)
    return changed_rows == 1


async def match_states(connection: Queries, tournament_id: int) -> dict[tuple[int, int], MatchState]:
    """The status and scores of every match of the tournament, by (round, slot)."""
    rows = await connection.fetchall(
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


async def organiser_role(connection: Queries, guild_id: int) -> int | None:
    row = await connection.fetchone("SELECT organiser_role_id FROM tournament_settings WHERE guild_id = ?", (guild_id,))
    return None if row is None else _int(row[0])


async def set_organiser_role(connection: Queries, guild_id: int, role_id: int | None) -> None:
    await connection.execute(
        "INSERT INTO tournament_settings (guild_id, organiser_role_id) VALUES (?, ?) "
        "ON CONFLICT (guild_id) DO UPDATE SET organiser_role_id = excluded.organiser_role_id",
        (guild_id, role_id),
    )


def _int(value: object) -> int | None:
    return None if value is None else int(str(value))


def _float(value: object) -> float | None:
    return None if value is None else float(str(value))
