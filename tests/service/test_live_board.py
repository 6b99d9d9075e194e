"""The live board's service side on both databases: the state a page is sent (from each seat, a spectator's with
no actions, the legal next steps for the mover only), an action from a page through the same `act` as a press,
recorded for the bot to show the channel board again (`acted_on_live_board`), a later action's row kept when an
earlier one is cleared, and only the guilds a process serves."""

from __future__ import annotations

import pytest

from bot.engine import actions
from bot.engine.options import MatchOptions
from bot.service import GameService
from bot.service import commands as cmd
from bot.sharding import ShardSet
from bot.store import activity as activity_store
from bot.store.backend import Connection
from bot.web.activity.state import board_state
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, BOB, CAROL, GUILD, start_match


async def test_each_seat_sees_the_match_from_its_side_and_only_the_mover_gets_steps(
    service: GameService, clock: FakeClock
) -> None:
    record = (await start_match(service, options=MatchOptions(3))).record
    mover = record.match.to_act
    assert mover is not None
    states = [board_state(record, player.user_id, clock()) for player in (ALICE, BOB)]
    watcher = board_state(record, CAROL.user_id, clock())
    assert [state["seat"] for state in states] == [0, 1] and watcher["seat"] is None and watcher["side"] == 0
    assert states[mover]["to_act"] == 0 and states[1 - mover]["to_act"] == 1
    mine, theirs = states[mover], states[1 - mover]
    assert mine["points"][23] == 2 and mine["points"][0] == -2  # R1.1 from each side: own 24-point, their 24
    assert theirs["points"] == [-count for count in reversed(mine["points"])]
    assert mine["steps"] and theirs["steps"] == [] and watcher["steps"] == [] and watcher["actions"] == []
    assert mine["pips"] == [167, 167] and mine["dice"] is not None and sorted(mine["dice"]) == sorted(theirs["dice"])
    steps = {(step.start, step.end, step.die) for step in record.match.next_steps()}
    assert {tuple(step) for step in mine["steps"]} == steps


async def test_an_action_from_the_page_is_recorded_for_the_channel_board(service: GameService) -> None:
    record = (await start_match(service, options=MatchOptions(3))).record
    mover = (ALICE, BOB)[record.match.to_act or 0]
    step = record.match.next_steps()[0]

    async def fails(connection: Connection) -> None:
        await activity_store.mark_acted(connection, record.id, GUILD, record.version + 1)
        raise RuntimeError("the request for the channel board could not be written")

    with pytest.raises(RuntimeError):  # written in the action's transaction: neither is stored without the other
        await service.act(record.id, mover.user_id, cmd.Step(step.start, step.die), version=record.version, also=fails)
    assert await service.boards.acted_on_live_board() == []
    assert await activity_store.version_of(service.db, record.id) == record.version
    update = await service.act(
        record.id,
        mover.user_id,
        cmd.Step(step.start, step.die),
        version=record.version,
        also=lambda c: activity_store.mark_acted(c, record.id, GUILD, record.version + 1),
    )
    assert await service.boards.acted_on_live_board() == [(record.id, update.record.version)]
    assert await service.boards.acted_on_live_board(ShardSet(2, frozenset({(GUILD >> 22) % 2 ^ 1}))) == []
    undone = await service.act(record.id, mover.user_id, cmd.Ask(actions.Undo), version=update.record.version)
    await activity_store.mark_acted(service.db, record.id, GUILD, undone.record.version)
    await service.boards.live_board_followed(record.id, update.record.version)  # the bot took the earlier one
    assert await service.boards.acted_on_live_board() == [(record.id, undone.record.version)]
    await service.boards.live_board_followed(record.id, undone.record.version)
    assert await service.boards.acted_on_live_board() == []
    assert await activity_store.version_of(service.db, record.id) == undone.record.version
    assert await activity_store.version_of(service.db, record.id + 1000) is None
