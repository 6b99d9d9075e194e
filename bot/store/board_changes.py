"""Boards being replaced: a row while a match's new board is posted and its old one not
yet retired. A row left behind by a crash says where to look for boards that still carry controls: every message
of the match in `channel_id` from `since_id` on."""

from __future__ import annotations

from bot.store.backend import Queries


async def begin(db: Queries, match_id: int, channel_id: int, since_id: int) -> None:
    """Record a change before its board is posted. A change left unfinished keeps its older `since_id`: the
    messages from then on are not looked through yet."""
    await db.execute(
        "INSERT INTO board_changes (match_id, channel_id, since_id) VALUES (?, ?, ?) ON CONFLICT (match_id) DO NOTHING",
        (match_id, channel_id, since_id),
    )


async def find(db: Queries, match_id: int) -> tuple[int, int] | None:
    """The (channel id, since id) of the match's unfinished change, if any."""
    row = await db.fetchone("SELECT channel_id, since_id FROM board_changes WHERE match_id = ?", (match_id,))
    return None if row is None else (int(row["channel_id"]), int(row["since_id"]))


async def finish(db: Queries, match_id: int, since_id: int) -> None:
    """The change is over (every older board retired). Only this very change: an older one left by a crash is
    still to be looked through."""
    await db.execute("DELETE FROM board_changes WHERE match_id = ? AND since_id = ?", (match_id, since_id))
