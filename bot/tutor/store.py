"""The tutor's rows (migration 021): which matches are tutored and from what loss, each player's default, and the
notes the tutor held. Coroutines over the caller's connection or database (`bot.store.backend`)."""

from __future__ import annotations

import json
from typing import Any

from bot.store.backend import Queries
from bot.tutor.advice import Judgement, Note, Outcome, Threshold, threshold

_NOTE_COLUMNS = "id, match_id, user_id, version, entry, kind, chosen, best, loss, action, outcome, steps"


async def set_match_threshold(connection: Queries, match_id: int, chosen: Threshold) -> None:
    value = None if chosen is Threshold.OFF else chosen.value
    await connection.execute("UPDATE matches SET tutor = ? WHERE id = ?", (value, match_id))


async def match_threshold(connection: Queries, match_id: int) -> Threshold:
    """The match's threshold; OFF for a match without the tutor (or between members)."""
    row = await connection.fetchone(
        "SELECT tutor FROM matches WHERE id = ? AND computer_level IS NOT NULL", (match_id,)
    )
    return threshold(None if row is None else row[0])


async def player_default(connection: Queries, user_id: int) -> Threshold:
    row = await connection.fetchone("SELECT tutor FROM tutor_prefs WHERE user_id = ?", (user_id,))
    return threshold(None if row is None else row[0])


async def set_player_default(connection: Queries, user_id: int, chosen: Threshold, now: float) -> None:
    updated = await connection.execute(
        "UPDATE tutor_prefs SET tutor = ?, updated_at = ? WHERE user_id = ?", (chosen.value, now, user_id)
    )
    if not updated:
        await connection.execute(
            "INSERT INTO tutor_prefs (user_id, tutor, updated_at) VALUES (?, ?, ?)", (user_id, chosen.value, now)
        )


async def add_note(
    connection: Queries,
    match_id: int,
    user_id: int,
    version: int,
    entry: int,
    judgement: Judgement,
    action: dict[str, Any],
    steps: int,
    now: float,
) -> Note:
    """Store a held decision; the note as stored (with its id)."""
    row = await connection.fetchone(
        "INSERT INTO tutor_notes (match_id, user_id, version, entry, kind, chosen, best, loss, action, steps, "
        "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (
            match_id,
            user_id,
            version,
            entry,
            judgement.kind,
            judgement.chosen,
            judgement.best,
            judgement.loss,
            json.dumps(action),
            steps,
            now,
        ),
    )
    assert row is not None
    return Note(int(row[0]), match_id, user_id, version, entry, judgement, action, Outcome.OPEN, steps)


async def note(connection: Queries, note_id: int) -> Note | None:
    row = await connection.fetchone(f"SELECT {_NOTE_COLUMNS} FROM tutor_notes WHERE id = ?", (note_id,))
    return None if row is None else _note(row)


async def notes_of(connection: Queries, match_id: int) -> list[Note]:
    """Every note of the match, oldest first (the match record and its page)."""
    rows = await connection.fetchall(
        f"SELECT {_NOTE_COLUMNS} FROM tutor_notes WHERE match_id = ? ORDER BY id",
        (match_id,),
    )
    return [_note(row) for row in rows]


async def decide(connection: Queries, note_id: int, outcome: Outcome, now: float) -> bool:
    """Mark an open note kept or undone; False when it was no longer open (a second press, another process)."""
    changed = await connection.execute(
        "UPDATE tutor_notes SET outcome = ?, decided_at = ? WHERE id = ? AND outcome = 'open'",
        (outcome.value, now, note_id),
    )
    return changed == 1


def _note(row: Any) -> Note:
    judgement = Judgement(str(row[5]), str(row[6]), str(row[7]), float(row[8]))
    return Note(
        int(row[0]),
        int(row[1]),
        int(row[2]),
        int(row[3]),
        int(row[4]),
        judgement,
        json.loads(row[9]),
        Outcome(str(row[10])),
        int(row[11]),
    )
