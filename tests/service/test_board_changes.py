"""Board changes (issue 31): stored before a new board is posted, finished once the old one is retired. One left
unfinished by a crash puts its match among those the board keeper shows again at start-up, and is kept until the
keeper has looked through its boards, whatever the publishes in between."""

from __future__ import annotations

from typing import TypeVar

import pytest

from bot.engine import actions as engine
from bot.engine.options import MatchOptions
from bot.service import BoardChange, GameService, PlayerRef
from bot.service import commands as cmd
from bot.service.boards import first_board, first_board_change
from bot.store import Database
from bot.store.backend import Work
from tests.service.helpers import GUILD, announce, both_ask_for_a_rematch, show, start_match

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
    change = first_board(record)  # stored with the match
    assert change is not None and await service.boards.change(record.id) == change
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


async def test_a_new_match_is_stored_with_the_change_its_first_board_begins(service: GameService) -> None:
    """Posting a new match's first board needs no write before it: the change is stored with the match, from a
    minute before its start (as a Discord id), and the first board recorded as shown finishes it. Every way a
    match starts: an accepted challenge, the computer, a rematch."""
    accepted = (await start_match(service, options=MatchOptions(1), shown=False)).record
    computer = (
        await service.computer.start_match(
            guild_id=GUILD,
            channel_id=30,
            human=PlayerRef(333, "Carol"),
            computer=PlayerRef(999, "Gammon"),
            options=MatchOptions(1),
            level="expert",
            announce=announce,
        )
    ).record
    assert await service.boards.change(accepted.id) == first_board(accepted) is not None
    await show(service, accepted)
    assert await service.boards.change(accepted.id) is None
    player = accepted.to_act
    assert player is not None
    await service.act(accepted.id, player.user_id, cmd.Resign())
    opponent = accepted.players[1 - accepted.players.index(player)]
    await service.act(accepted.id, opponent.user_id, cmd.Ask(engine.AcceptResignation))
    rematch = (await both_ask_for_a_rematch(service, accepted.id)).started
    assert rematch is not None
    for record in (computer, rematch.record):
        change = await service.boards.change(record.id)
        assert change == first_board_change(record.id, record.channel_id, record.created_at) == first_board(record)
        assert change.since_id >> 22 == int(record.created_at * 1000) - 1_420_070_400_000 - 60_000
        assert record.id in [r.id for r in await service.boards.matches_to_show()]
        await show(service, record)
        assert await service.boards.change(record.id) is None
        assert record.id not in [r.id for r in await service.boards.matches_to_show()]
        assert first_board(await service.match(record.id)) is None  # shown once: any later board begins its own
