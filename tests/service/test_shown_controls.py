"""What the players were shown (issue 15): the stored state is the truth, and the service remembers which version
the current game message shows, so that the front end can show again what it could not, and the turn clock
(R9.5) never runs for a player who has no working controls."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.engine import actions as engine
from bot.engine.options import MatchOptions
from bot.service import GameService, MatchRecord, MatchStatus, MatchUpdate, ServiceError
from bot.service import commands as cmd
from bot.service.boards import first_board
from bot.store import open_database
from bot.store.database import migrations
from tests.service.conftest import FakeClock
from tests.service.helpers import show, start_match

HOUR = 3600


async def test_a_new_match_is_to_be_shown_until_its_board_is_recorded(service: GameService) -> None:
    record = (await start_match(service, shown=False)).record
    assert not record.shown
    assert [r.id for r in await service.boards.matches_to_show()] == [record.id]
    await show(service, record)
    assert (await service.match(record.id)).shown
    assert await service.boards.matches_to_show() == []


async def test_an_action_not_yet_shown_makes_the_match_to_be_shown(service: GameService) -> None:
    record = (await start_match(service, options=MatchOptions(3))).record
    waiting = record.match.to_act
    assert waiting is not None
    steps = record.match.next_steps()
    update = await service.act(record.id, record.players[waiting].user_id, cmd.Step(steps[0].start, steps[0].die))
    assert not update.record.shown
    assert [r.version for r in await service.boards.matches_to_show()] == [update.record.version]


async def step_answered_on(service: GameService, record: MatchRecord, message_id: int) -> MatchUpdate:
    """The player to act moves a checker by a press on board `message_id`, recorded with the step."""
    waiting = record.match.to_act
    assert waiting is not None
    step = record.match.next_steps()[0]
    command = cmd.Step(step.start, step.die)
    return await service.act(
        record.id, record.players[waiting].user_id, command, answered_on=(record.channel_id, message_id)
    )


async def test_a_press_answered_on_its_board_is_recorded_with_its_action_and_shown_again_at_a_start(
    service: GameService, clock: FakeClock
) -> None:
    """One write per press: the board the press is answered on is recorded in the action's own transaction, its
    turn clock started there (R9.5), but not sure until a showing confirms it: a start shows such matches again,
    since a stop may have come between the commit and the answer."""
    record = (await start_match(service, options=MatchOptions(3), shown=False)).record  # no controls shown yet
    assert record.timer.controls_at is None
    clock.now += 10
    moved = await step_answered_on(service, record, 7000)
    for current in (moved.record, await service.match(record.id)):  # as handed back, and as stored
        assert current.shown and not current.message_sure and current.message_id == 7000
        assert current.timer.controls_at == clock.now
    assert [r.id for r in await service.boards.matches_to_show()] == [record.id]
    first = first_board(record)  # its first board's change, stored with the match, ends with this showing
    assert await service.boards.set_shown(record.id, record.channel_id, 7000, moved.record.version, finishing=first)
    assert (await service.match(record.id)).message_sure and await service.boards.matches_to_show() == []


async def test_a_press_whose_board_could_not_be_shown_stops_the_turn_clock_until_it_is(
    service: GameService, clock: FakeClock
) -> None:
    """The board recorded with the press's action was refused by Discord after all: the match is to be shown, and
    the turn clock waits for its board (R9.5) instead of running from the commit."""
    record = (await start_match(service, options=MatchOptions(3), shown=False)).record
    moved = await step_answered_on(service, record, 7000)
    await service.boards.set_not_shown(record.id, moved.record.version)
    current = await service.match(record.id)
    assert not current.shown and current.timer.controls_at is None
    assert [r.id for r in await service.boards.matches_to_show()] == [record.id]
    clock.now += 60
    assert await service.boards.set_shown(record.id, record.channel_id, 7001, moved.record.version)
    assert (await service.match(record.id)).timer.controls_at == clock.now  # the clock runs from the showing


async def test_an_older_version_never_overwrites_a_newer_showing(service: GameService) -> None:
    record = (await start_match(service, options=MatchOptions(3))).record
    waiting = record.match.to_act
    assert waiting is not None
    steps = record.match.next_steps()
    newer = (
        await service.act(record.id, record.players[waiting].user_id, cmd.Step(steps[0].start, steps[0].die))
    ).record
    assert await service.boards.set_shown(record.id, record.channel_id, 5001, newer.version)
    assert not await service.boards.set_shown(record.id, record.channel_id, 5000, record.version)  # a slow, older edit
    current = await service.match(record.id)
    assert current.message_id == 5001 and current.shown


async def test_no_reminder_or_claim_while_the_board_of_the_turn_was_never_shown(
    service: GameService, clock: FakeClock
) -> None:
    record = (await start_match(service, options=MatchOptions(5), shown=False)).record
    waiting = record.match.to_act
    assert waiting is not None
    claimant = record.players[1 - waiting].user_id
    clock.now += 48 * HOUR  # R9.5's limit is 24 hours, but Discord never showed the board
    assert await service.timers.due_reminders() == []
    assert await service.timers.claimable() == []
    assert await service.timers.due_claim_offers() == []
    with pytest.raises(ServiceError, match="has not been shown the board"):
        await service.act(record.id, claimant, cmd.Ask(engine.Claim))
    await show(service, record)  # the board comes through: the turn clock starts now
    assert await service.timers.claimable() == []
    clock.now += 12 * HOUR
    assert [r.id for r in await service.timers.due_reminders()] == [record.id]
    clock.now += 12 * HOUR
    assert [r.id for r in await service.timers.claimable()] == [record.id]
    update = await service.act(record.id, claimant, cmd.Ask(engine.Claim))
    assert update.record.status is MatchStatus.FINISHED


async def test_showing_the_same_turn_again_does_not_restart_its_clock(service: GameService, clock: FakeClock) -> None:
    record = (await start_match(service, options=MatchOptions(5))).record
    clock.now += 20 * HOUR
    await show(service, record)  # a board shown again (a stale press, /bg board): the same turn
    clock.now += 4 * HOUR
    assert [r.id for r in await service.timers.claimable()] == [record.id]


async def test_finished_matches_whose_end_was_never_shown_are_to_be_shown(service: GameService) -> None:
    record = (await start_match(service, options=MatchOptions(1))).record
    waiting = record.match.to_act
    assert waiting is not None
    update = await service.act(record.id, record.players[waiting].user_id, cmd.Resign())
    other = update.record.match.to_act
    assert other is not None
    await show(service, update.record)
    finished = (
        await service.act(record.id, update.record.players[other].user_id, cmd.Ask(engine.AcceptResignation))
    ).record
    assert finished.status is MatchStatus.FINISHED
    assert [r.id for r in await service.boards.matches_to_show()] == [record.id]
    await show(service, finished)
    assert await service.boards.matches_to_show() == []


async def test_matches_from_before_the_migration_count_as_shown(tmp_path: Path) -> None:
    """Migration 005 marks every match that had a game message as showing its current version, with the turn
    clock running from the turn's start, as before."""
    with sqlite3.connect(tmp_path / "old.db", isolation_level=None) as old:
        for version, sql in migrations()[:4]:
            old.executescript(f"BEGIN; {sql}; PRAGMA user_version = {version}; COMMIT;")
        old.executescript(
            "BEGIN; INSERT INTO players VALUES (1, 'A', 0), (2, 'B', 0);"
            "INSERT INTO matches (id, guild_id, channel_id, player0_id, player1_id, length, options, log_header, "
            "status, created_at, last_action_at, turn_started_at, message_channel_id, message_id) VALUES "
            "(1, 9, 10, 1, 2, 1, '{}', '{}', 'active', 5, 5, 7, 10, 77), "
            "(2, 9, 11, 1, 2, 1, '{}', '{}', 'active', 5, 5, 8, NULL, NULL);"
            "INSERT INTO match_snapshots VALUES (1, 3, 1, '{}'), (2, 0, 0, '{}'); COMMIT;"
        )
    old.close()
    async with open_database(tmp_path / "old.db") as db:
        rows = await db.fetchall("SELECT id, message_version, controls_at FROM matches ORDER BY id")
    assert [tuple(row) for row in rows] == [(1, 3, 7.0), (2, None, None)]
