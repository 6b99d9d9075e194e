"""Migration 024: a match started before new matches were stored with their first board's change, and not shown
yet, gets that change (so that the board posted for it, which begins none of its own, is looked for after a
stop); a match already shown, a finished one and one with a change of its own are left as they are."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.engine.options import MatchOptions
from bot.service import BoardChange, GameService
from bot.service.boards import first_board_change
from bot.store import open_database
from tests.service.conftest import FakeClock
from tests.service.helpers import SeededDice, start_match


async def test_a_match_not_shown_yet_gets_its_first_boards_change(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    async with open_database(path) as db:
        service = GameService(db, dice=SeededDice(3), clock=FakeClock())
        waiting, shown, crashed = [
            (await start_match(service, channel_id=channel, options=MatchOptions(3), shown=channel == 11)).record
            for channel in (10, 11, 12)
        ]
        finished = (await start_match(service, channel_id=13, shown=False)).record
        await db.execute("UPDATE matches SET status = 'finished' WHERE id = ?", (finished.id,))
        await db.execute("DELETE FROM board_changes")
        await service.boards.begin_change(BoardChange(crashed.id, crashed.channel_id, 77))
    with sqlite3.connect(path) as old:  # as a bot from before the migration left the file
        old.execute("PRAGMA user_version = 23")
    old.close()
    async with open_database(path) as db:
        rows = await db.fetchall("SELECT match_id, channel_id, since_id FROM board_changes ORDER BY match_id")
    assert [BoardChange(*row) for row in rows] == sorted(
        [first_board_change(waiting.id, waiting.channel_id, waiting.created_at), BoardChange(crashed.id, 12, 77)],
        key=lambda change: change.match_id,
    )
    assert shown.id not in [row[0] for row in rows]
