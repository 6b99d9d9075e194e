"""A player's settings (issue 15): remembered per player, and auto-finish confirms the turn in the step's action."""

from __future__ import annotations

from pathlib import Path

from bot.engine.events import Played, StepMoved
from bot.engine.game import Phase
from bot.service import GameService, MatchRecord, MatchUpdate, PlayerPrefs
from bot.service import commands as cmd
from bot.service.check import check_database
from bot.store import Database, open_database
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, BOB, SeededDice, start_match


async def to_moving(service: GameService) -> MatchRecord:
    """A match whose player to act has a roll with a choice to play."""
    record = (await start_match(service)).record
    assert record.match.phase is Phase.MOVING and len(record.match.legal_plays()) > 1
    return record


async def enter_all_but_the_last_step(service: GameService, record: MatchRecord) -> MatchRecord:
    user = record.players[record.match.to_act or 0].user_id
    while True:
        match = record.match
        step = match.next_steps()[0]
        if not record.match.game.position.next_steps(match.dice or (1, 1), (*match.steps, step)):
            return record
        record = (await service.act(record.id, user, cmd.Step(step.start, step.die), version=record.version)).record


async def last_step(service: GameService, record: MatchRecord) -> MatchUpdate:
    user = record.players[record.match.to_act or 0].user_id
    step = record.match.next_steps()[0]
    return await service.act(record.id, user, cmd.Step(step.start, step.die), version=record.version)


async def test_settings_default_to_off_and_are_remembered_across_restarts(tmp_path: Path) -> None:
    async with open_database(tmp_path / "gammon.db") as db:
        service = GameService(db, dice=SeededDice(7), clock=FakeClock())
        assert await service.settings.player_prefs(ALICE.user_id) == PlayerPrefs(ALICE.user_id, auto_done=False)
        assert await service.settings.set_player_prefs(ALICE, auto_done=True) == PlayerPrefs(ALICE.user_id, True)
        assert await service.settings.set_player_prefs(ALICE) == PlayerPrefs(ALICE.user_id, True)  # nothing given: kept
    async with open_database(tmp_path / "gammon.db") as db:  # a new process on the same file
        service = GameService(db, dice=SeededDice(7), clock=FakeClock())
        assert (await service.settings.player_prefs(ALICE.user_id)).auto_done
        assert not (await service.settings.player_prefs(BOB.user_id)).auto_done
        rows = await db.execute_fetchall("SELECT name FROM players WHERE user_id = ?", (ALICE.user_id,))
        assert [tuple(row) for row in rows] == [("Alice",)]  # remembered as a player too (the foreign key)


async def test_without_auto_finish_the_last_step_waits_for_done(service: GameService) -> None:
    record = await enter_all_but_the_last_step(service, await to_moving(service))
    update = await last_step(service, record)
    match = update.record.match
    assert match.phase is Phase.MOVING and match.steps and not match.next_steps()
    assert [type(event) for event in update.events] == [StepMoved]


async def test_with_auto_finish_the_last_step_ends_the_turn_in_the_same_action(
    service: GameService, db: Database
) -> None:
    record = await to_moving(service)
    mover = record.players[record.match.to_act or 0]
    await service.settings.set_player_prefs(mover, auto_done=True)
    record = await enter_all_but_the_last_step(service, record)
    assert record.match.to_act is not None and record.players[record.match.to_act] == mover  # not finished early
    log_before = len(record.match.log.entries)
    update = await last_step(service, record)
    assert update.record.version == record.version + 1  # one service action: one version
    assert [type(event) for event in update.events][:2] == [StepMoved, Played]
    after = update.record.match
    assert after.to_act is None or update.record.players[after.to_act] != mover  # the turn passed
    assert len(after.log.entries) == log_before + 2  # the step and the confirm, both in the log
    report = await check_database(db)
    assert report.consistent, report.problems  # and both replay to the stored snapshot


async def test_auto_finish_is_per_player(service: GameService) -> None:
    record = await to_moving(service)
    mover = record.players[record.match.to_act or 0]
    other = BOB if mover == ALICE else ALICE
    await service.settings.set_player_prefs(other, auto_done=True)
    record = await enter_all_but_the_last_step(service, record)
    update = await last_step(service, record)
    assert update.record.match.phase is Phase.MOVING  # the mover's own setting (off) applies
