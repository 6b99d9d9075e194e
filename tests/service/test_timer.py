"""The turn timer (R9.5): reminders at half time, claims after the limit, all read back from the database."""

from __future__ import annotations

import pytest

from bot.engine import actions as engine
from bot.engine.events import Claimed, MatchWon
from bot.engine.options import MatchOptions
from bot.service import GameService, MatchStatus, ServiceError
from bot.service import commands as cmd
from bot.service.records import DEFAULT_TURN_LIMIT_SECONDS
from bot.store import Database
from tests.service.conftest import FakeClock
from tests.service.helpers import GUILD, SeededDice, show, start_match

HOUR = 3600


async def test_reminder_once_at_half_time_then_claimable_at_the_limit(
    service: GameService, clock: FakeClock, db: Database
) -> None:
    record = (await start_match(service, options=MatchOptions(5))).record
    assert record.timer.limit_seconds == DEFAULT_TURN_LIMIT_SECONDS  # 24 hours
    clock.now += 11 * HOUR
    assert await service.timers.due_reminders() == []
    clock.now += 1 * HOUR
    due = await service.timers.due_reminders()
    assert [r.id for r in due] == [record.id] and due[0].timer.reminded
    assert await service.timers.due_reminders() == []  # sent once per turn, even after a restart:
    assert await GameService(db).timers.due_reminders(clock.now) == []
    assert await service.timers.claimable() == []

    waiting_index = record.match.to_act
    assert waiting_index is not None
    claimant = record.players[1 - waiting_index].user_id
    with pytest.raises(ServiceError, match="still has 12 hours to act"):
        await service.act(record.id, claimant, cmd.Ask(engine.Claim))
    with pytest.raises(ServiceError, match="cannot claim against yourself"):
        clock.now += 12 * HOUR
        await service.act(record.id, record.players[waiting_index].user_id, cmd.Ask(engine.Claim))
    assert [r.id for r in await service.timers.claimable()] == [record.id]
    update = await service.act(record.id, claimant, cmd.Ask(engine.Claim))
    assert any(isinstance(e, Claimed) for e in update.events)
    assert any(isinstance(e, MatchWon) and e.winner == 1 - waiting_index for e in update.events)
    assert update.record.status is MatchStatus.FINISHED
    assert await service.timers.claimable() == []


async def test_acting_restarts_the_timer_for_the_next_player(service: GameService, clock: FakeClock) -> None:
    record = (await start_match(service, options=MatchOptions(5))).record
    started = record.timer.started_at
    first = record.match.to_act
    clock.now += 13 * HOUR
    assert len(await service.timers.due_reminders()) == 1
    # Entering a step within one's own turn does not restart the clock ...
    assert first is not None
    user = record.players[first].user_id
    step = record.match.next_steps()[0]
    record = (await service.act(record.id, user, cmd.Step(step.start, step.die))).record
    assert record.timer.started_at == started and record.timer.reminded
    while record.match.to_act == first:
        nxt = record.match.next_steps()
        if nxt:
            record = (await service.act(record.id, user, cmd.Step(nxt[0].start, nxt[0].die))).record
        else:
            record = (await service.act(record.id, user, cmd.Ask(engine.Confirm))).record
    # ... handing the turn over does: the opponent gets a fresh 24 hours and a new reminder, counted from when
    # their board is shown.
    assert record.timer.started_at == clock.now and not record.timer.reminded
    assert not record.timer.running
    clock.now += 12 * HOUR
    assert await service.timers.due_reminders() == []  # not shown yet: the clock has not started (issue 15)
    await show(service, record)
    assert await service.timers.due_reminders() == []
    clock.now += 12 * HOUR
    assert [r.id for r in await service.timers.due_reminders()] == [record.id]


async def test_guild_turn_limit_is_stored_and_checked(service: GameService, clock: FakeClock) -> None:
    assert (await service.settings.guild_settings(GUILD)).turn_limit_seconds == DEFAULT_TURN_LIMIT_SECONDS
    with pytest.raises(ServiceError, match="between 1 minute and 30 days"):
        await service.settings.set_turn_limit(GUILD, 5)
    settings = await service.settings.set_turn_limit(GUILD, 2 * HOUR)
    assert settings.turn_limit_seconds == 2 * HOUR
    assert (await service.settings.guild_settings(GUILD)).default_length == 5
    assert (await service.settings.set_default_length(GUILD, 7)).turn_limit_seconds == 2 * HOUR
    record = (await start_match(service)).record
    assert record.timer.limit_seconds == 2 * HOUR
    clock.now += 2 * HOUR
    assert [r.id for r in await service.timers.claimable()] == [record.id]
    assert (await service.settings.guild_settings(999)).turn_limit_seconds == DEFAULT_TURN_LIMIT_SECONDS


async def test_due_lists_survive_a_restart(db: Database, clock: FakeClock) -> None:
    record = (await start_match(GameService(db, dice=SeededDice(1), clock=clock))).record
    clock.now += 25 * HOUR
    restarted = GameService(db, clock=clock)
    assert [r.id for r in await restarted.timers.claimable()] == [record.id]
    assert [r.id for r in await restarted.timers.due_reminders()] == [record.id]
