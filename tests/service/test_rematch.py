"""Rematch (issue 20): both players ask within 10 minutes of the end, and exactly one new match starts with the
same options and clock in the same place, even when both press at once or two processes race."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.engine.options import MatchOptions
from bot.service import GameService, MatchRecord, MatchStatus, ServiceError
from bot.service import commands as cmd
from bot.service.clocks import ClockPreset
from bot.store import Database, open_database
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, BOB, CAROL, GUILD, SeededDice


async def finished_match(
    service: GameService, options: MatchOptions | None = None, clock: ClockPreset = ClockPreset.BLITZ
) -> MatchRecord:
    """A match ended by a resignation accepted at once."""
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=options or MatchOptions(1), clock=clock
    )
    record = (await service.challenges.accept(challenge.id, BOB)).record
    assert record.to_act is not None
    offer = await service.act(record.id, record.to_act.user_id, cmd.Resign())
    assert offer.record.to_act is not None
    done = await service.act(record.id, offer.record.to_act.user_id, cmd.AcceptResignation())
    assert done.record.status is MatchStatus.FINISHED
    return done.record


async def test_both_presses_start_one_match_with_the_same_options(service: GameService) -> None:
    old = await finished_match(service, MatchOptions.money(beavers=True), ClockPreset.STANDARD)
    first = await service.rematch(old.id, ALICE.user_id)
    assert first.started is None and first.waiting_for == BOB
    again = await service.rematch(old.id, ALICE.user_id)  # pressing twice changes nothing
    assert again.started is None and again.waiting_for == BOB
    second = await service.rematch(old.id, BOB.user_id)
    assert second.started is not None
    new = second.started.record
    assert new.id != old.id and new.rematch_of == old.id and new.status is MatchStatus.ACTIVE
    assert new.channel_id == old.channel_id and new.players == old.players
    assert new.options == old.options and new.clock is not None and new.clock.preset is ClockPreset.STANDARD
    late = await service.rematch(old.id, ALICE.user_id)
    assert late.started is None and late.existing is not None and late.existing.id == new.id


async def test_simultaneous_presses_start_exactly_one_match(service: GameService, db: Database) -> None:
    old = await finished_match(service)
    results = await asyncio.gather(service.rematch(old.id, ALICE.user_id), service.rematch(old.id, BOB.user_id))
    started = [r.started for r in results if r.started is not None]
    assert len(started) == 1
    rows = await db.execute_fetchall("SELECT id FROM matches WHERE rematch_of = ?", (old.id,))
    assert [int(r[0]) for r in rows] == [started[0].record.id]


async def test_two_processes_racing_start_exactly_one_match(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "race.db"
    async with open_database(path) as first_db, open_database(path) as second_db:
        one = GameService(first_db, dice=SeededDice(1), clock=clock)
        two = GameService(second_db, dice=SeededDice(2), clock=clock)
        old = await finished_match(one)
        await one.rematch(old.id, ALICE.user_id)
        results = await asyncio.gather(
            one.rematch(old.id, BOB.user_id), two.rematch(old.id, BOB.user_id), return_exceptions=True
        )
        started = [r for r in results if not isinstance(r, BaseException) and r.started is not None]
        assert len(started) == 1, results
        rows = await first_db.execute_fetchall("SELECT COUNT(*) FROM matches WHERE rematch_of = ?", (old.id,))
        assert [int(r[0]) for r in rows] == [1]


async def test_refused_after_the_window(service: GameService, clock: FakeClock) -> None:
    old = await finished_match(service)
    await service.rematch(old.id, ALICE.user_id)
    clock.now += 10 * 60 + 1
    with pytest.raises(ServiceError, match="ran out 10 minutes after the match ended"):
        await service.rematch(old.id, BOB.user_id)
    assert await service.match_in_channel(old.channel_id) is None


async def test_only_the_players_of_a_finished_match(service: GameService) -> None:
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MatchOptions(1)
    )
    live = (await service.challenges.accept(challenge.id, BOB)).record
    with pytest.raises(ServiceError, match="Only a finished match"):
        await service.rematch(live.id, ALICE.user_id)
    await service.act(live.id, ALICE.user_id, cmd.Abort())
    with pytest.raises(ServiceError, match="Only a finished match"):
        await service.rematch(live.id, ALICE.user_id)  # an aborted match has no result to answer
    old = await finished_match(service)
    with pytest.raises(ServiceError, match="between Alice and Bob"):
        await service.rematch(old.id, CAROL.user_id)


async def test_refused_while_another_match_is_played_there(service: GameService) -> None:
    old = await finished_match(service)
    await service.rematch(old.id, ALICE.user_id)
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=old.channel_id, challenger=CAROL, opponent=BOB, options=MatchOptions(1)
    )
    await service.challenges.accept(challenge.id, BOB)
    with pytest.raises(ServiceError, match="already a match in this channel"):
        await service.rematch(old.id, BOB.user_id)


async def test_a_rematch_has_committed_dice_of_its_own(db: Database, clock: FakeClock) -> None:
    """Issue 18 for rematches: a new server seed, committed when the rematch starts, revealed when it ends."""
    service = GameService(db, clock=clock)  # the bot's own dice: committed, no test source
    old = await finished_match(service)
    await service.rematch(old.id, ALICE.user_id)
    started = (await service.rematch(old.id, BOB.user_id)).started
    assert started is not None
    new = started.record
    assert new.fairness is not None and old.fairness is not None
    assert new.fairness.commitment != old.fairness.commitment
    assert new.fairness.server_seed is None  # secret while it is played
