"""Board changes (issue 31): stored before a new board is posted, finished once the old one is retired. One left
unfinished by a crash puts its match among those the board keeper shows again at start-up, and is kept until the
keeper has looked through its boards, whatever the publishes in between."""

from __future__ import annotations

from bot.engine.options import MatchOptions
from bot.service import BoardChange, GameService
from tests.service.helpers import start_match


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
