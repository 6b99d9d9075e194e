"""Board changes (issue 31): stored before a new board is posted, finished once the old one is retired. One left
unfinished by a crash puts its match among those the board keeper shows again at start-up, and is kept until the
keeper has looked through its boards, whatever the publishes in between."""

from __future__ import annotations

from typing import TypeVar

import pytest

from bot.engine.options import MatchOptions
from bot.service import BoardChange, GameService
from bot.store import Database
from bot.store.backend import Work
from tests.service.helpers import start_match

T = TypeVar("T")


async def test_an_unfinished_change_is_kept_until_finished_and_makes_the_match_to_be_shown(
    service: GameService,
) -> None:
    record = await service.match((await start_match(service, options=MatchOptions(3))).record.id)
    assert record.shown and await service.boards.matches_to_show() == []
    crashed = BoardChange(record.id, record.channel_id, 1000)
    await service.boards.begin_change(crashed)
    assert await service.boards.change(record.id) == crashed
    assert [r.id for r in await service.boards.matches_to_show()] == [record.id]  # shown, but older boards may be live

    later = BoardChange(record.id, record.channel_id, 2000)  # a publish after the restart, before the keeper's look
    await service.boards.begin_change(later)
    assert await service.boards.change(record.id) == crashed  # the older start is kept
    await service.boards.finish_change(later)
    assert await service.boards.change(record.id) == crashed  # not finished by someone else's change

    await service.boards.finish_change(crashed)
    assert await service.boards.change(record.id) is None
    assert await service.boards.matches_to_show() == []


async def test_a_new_board_is_recorded_and_its_change_finished_in_one_write(
    service: GameService, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Posting a new board ends its change: the message recorded as the match's board and the change finished
    together, one write, so that a stop leaves either both (nothing to settle) or neither (the keeper looks)."""
    record = (await start_match(service, options=MatchOptions(3), shown=False)).record
    change = BoardChange(record.id, record.channel_id, 1000)
    await service.boards.begin_change(change)
    writes = []
    write = db.write

    async def counted(work: Work[T]) -> T:
        writes.append(work)
        return await write(work)

    monkeypatch.setattr(db, "write", counted)
    assert await service.boards.set_shown(record.id, record.channel_id, 7000, record.version, finishing=change)
    assert len(writes) == 1
    shown = await service.match(record.id)
    assert shown.message_id == 7000 and shown.message_sure
    assert await service.boards.change(record.id) is None and await service.boards.matches_to_show() == []
