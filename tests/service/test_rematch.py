"""Rematch (issue 20): both players ask within 10 minutes of the end, and exactly one new match starts with the
same options and clock in the same place, even when both press at once or two processes race."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.engine import actions as engine
from bot.engine.options import MatchOptions
from bot.service import GameService, MatchRecord, MatchStatus, ServiceError
from bot.service import commands as cmd
from bot.service.clocks import ClockPreset
from bot.store import Database, open_database
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, BOB, CAROL, GUILD, SeededDice, ask_for_a_rematch, discord_id


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
    done = await service.act(record.id, offer.record.to_act.user_id, cmd.Ask(engine.AcceptResignation))
    assert done.record.status is MatchStatus.FINISHED
    return done.record


async def test_both_presses_start_one_match_with_the_same_options(service: GameService) -> None:
    old = await finished_match(service, MatchOptions.money(beavers=True), ClockPreset.STANDARD)
    first = await service.rematch(old.id, ALICE.user_id, discord_id())
    assert first.started is None and first.waiting_for == BOB and first.asked_by == ALICE and first.show
    again = await service.rematch(old.id, ALICE.user_id, discord_id())  # pressing twice changes nothing ...
    assert again.started is None and again.waiting_for == BOB and again.commitment == first.commitment
    assert again.show  # ... but shows the request again while it was never shown
    shown = await service.rematch_shown(old.id, discord_id())
    assert shown.waiting_for == BOB and not shown.duplicate and shown.started is None
    assert not (await service.rematch(old.id, ALICE.user_id, discord_id())).show  # shown now
    second = await service.rematch(old.id, BOB.user_id, discord_id())
    assert second.started is not None
    new = second.started.record
    assert new.id != old.id and new.rematch_of == old.id and new.status is MatchStatus.ACTIVE
    assert new.channel_id == old.channel_id and new.players == old.players
    assert new.options == old.options and new.clock is not None and new.clock.preset is ClockPreset.STANDARD
    late = await service.rematch(old.id, ALICE.user_id, discord_id())
    assert late.started is None and late.existing is not None and late.existing.id == new.id


async def test_simultaneous_first_presses_make_one_request(service: GameService, db: Database) -> None:
    """Both press at once: one press is the request, the other came before it was shown and does not count (its
    player is told to press again); a press after the request starts exactly one match."""
    old = await finished_match(service)
    results = await asyncio.gather(
        service.rematch(old.id, ALICE.user_id, discord_id()), service.rematch(old.id, BOB.user_id, discord_id())
    )
    assert [r.started for r in results] == [None, None]
    [asked] = [r for r in results if r.show]
    [early] = [r for r in results if not r.show]
    assert early.too_early and early.asked_by == asked.asked_by and early.commitment == asked.commitment
    assert asked.waiting_for is not None
    await service.rematch_shown(old.id, discord_id())
    presses = await asyncio.gather(*(service.rematch(old.id, asked.waiting_for.user_id, discord_id()) for _ in "ab"))
    started = [r.started for r in presses if r.started is not None]
    assert len(started) == 1 and [r.existing is not None for r in presses].count(True) == 1
    rows = await db.execute_fetchall("SELECT id FROM matches WHERE rematch_of = ?", (old.id,))
    assert [int(r[0]) for r in rows] == [started[0].record.id]


async def test_two_processes_racing_start_exactly_one_match(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "race.db"
    async with open_database(path) as first_db, open_database(path) as second_db:
        one = GameService(first_db, dice=SeededDice(1), clock=clock)
        two = GameService(second_db, dice=SeededDice(2), clock=clock)
        old = await finished_match(one)
        await ask_for_a_rematch(one, old.id, ALICE)
        results = await asyncio.gather(
            one.rematch(old.id, BOB.user_id, discord_id()),
            two.rematch(old.id, BOB.user_id, discord_id()),
            return_exceptions=True,
        )
        started = [r for r in results if not isinstance(r, BaseException) and r.started is not None]
        assert len(started) == 1, results
        rows = await first_db.execute_fetchall("SELECT COUNT(*) FROM matches WHERE rematch_of = ?", (old.id,))
        assert [int(r[0]) for r in rows] == [1]


async def test_refused_after_the_window(service: GameService, clock: FakeClock) -> None:
    old = await finished_match(service)
    await ask_for_a_rematch(service, old.id, ALICE)
    clock.now += 10 * 60 + 1
    with pytest.raises(ServiceError, match="ran out 10 minutes after the match ended"):
        await service.rematch(old.id, BOB.user_id, discord_id())
    assert await service.match_in_channel(old.channel_id) is None


async def test_only_the_players_of_a_finished_match(service: GameService) -> None:
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MatchOptions(1)
    )
    live = (await service.challenges.accept(challenge.id, BOB)).record
    with pytest.raises(ServiceError, match="Only a finished match"):
        await service.rematch(live.id, ALICE.user_id, discord_id())
    await service.act(live.id, ALICE.user_id, cmd.Ask(engine.Abort))
    with pytest.raises(ServiceError, match="Only a finished match"):
        await service.rematch(live.id, ALICE.user_id, discord_id())  # an aborted match has no result to answer
    old = await finished_match(service)
    with pytest.raises(ServiceError, match="between Alice and Bob"):
        await service.rematch(old.id, CAROL.user_id, discord_id())


async def test_refused_while_another_match_is_played_there(service: GameService) -> None:
    old = await finished_match(service)
    await ask_for_a_rematch(service, old.id, ALICE)
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=old.channel_id, challenger=CAROL, opponent=BOB, options=MatchOptions(1)
    )
    await service.challenges.accept(challenge.id, BOB)
    with pytest.raises(ServiceError, match="already a match in this channel"):
        await service.rematch(old.id, BOB.user_id, discord_id())
