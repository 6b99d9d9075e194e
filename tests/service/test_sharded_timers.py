"""Timers of a sharded bot (issue 19): each process reminds, offers claims, expires, times out, shows again and
pauses the clocks of the matches of its own shards' guilds only, so that no match is handled twice."""

from __future__ import annotations

import aiosqlite
import pytest

from bot.engine.options import MatchOptions
from bot.service import GameService, MatchRecord, PlayerRef
from bot.service.clocks import GRACE_SECONDS, PRESETS, ClockPreset
from bot.sharding import ShardSet, shard_of
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, BOB, CAROL, SeededDice, announce, show

HOUR = 3600
GUILD_A, GUILD_B = 2 << 22, 3 << 22  # Discord's formula puts them on shards 0 and 1 of 2
SHARD_0, SHARD_1 = ShardSet(2, frozenset({0})), ShardSet(2, frozenset({1}))
BLITZ = PRESETS[ClockPreset.BLITZ]


async def start_in(
    service: GameService, guild_id: int, *, shown: bool = True, clock: ClockPreset = ClockPreset.NONE
) -> MatchRecord:
    challenge = await service.challenges.create(
        guild_id=guild_id,
        channel_id=guild_id + 10,
        challenger=ALICE,
        opponent=BOB,
        options=MatchOptions(3),
        clock=clock,
    )
    record = (await service.challenges.accept(challenge.id, BOB)).record
    if shown:
        await show(service, record)
    return await service.match(record.id)


def ids(records: list[MatchRecord]) -> list[int]:
    return [record.id for record in records]


def test_the_guilds_fall_on_different_shards() -> None:
    assert (shard_of(GUILD_A, 2), shard_of(GUILD_B, 2)) == (0, 1)


async def test_reminders_and_claim_offers_go_to_their_shards_process_once(
    service: GameService, clock: FakeClock
) -> None:
    a, b = await start_in(service, GUILD_A), await start_in(service, GUILD_B)
    clock.now += 12 * HOUR
    assert ids(await service.timers.due_reminders(guilds=SHARD_1)) == [
        b.id
    ]  # shard 0's match is neither sent nor marked
    assert ids(await service.timers.due_reminders(guilds=SHARD_1)) == []
    assert ids(await service.timers.due_reminders(guilds=SHARD_0)) == [a.id]
    assert await service.timers.due_reminders() == []  # every match was reminded once, by its own process
    clock.now += 12 * HOUR
    assert ids(await service.timers.due_claim_offers(guilds=SHARD_0)) == [a.id]
    assert ids(await service.timers.due_claim_offers(guilds=SHARD_1)) == [b.id]
    assert await service.timers.due_claim_offers() == []


async def test_challenges_expire_in_their_shards_process(service: GameService, clock: FakeClock) -> None:
    made = {}
    for guild, opponent in ((GUILD_A, BOB), (GUILD_B, CAROL)):
        made[guild] = await service.challenges.create(
            guild_id=guild, channel_id=guild + 10, challenger=ALICE, opponent=opponent, options=MatchOptions(1)
        )
    clock.now += 11 * 60
    expired = await service.challenges.expire(SHARD_1)
    assert [c.id for c in expired] == [made[GUILD_B].id]
    assert (await service.challenges.get(made[GUILD_A].id)).status.value == "open"
    assert await service.challenges.expire(SHARD_1) == []
    assert [c.id for c in await service.challenges.expire(SHARD_0)] == [made[GUILD_A].id]


async def test_unshown_boards_are_shown_by_their_shards_process(service: GameService) -> None:
    a, b = await start_in(service, GUILD_A, shown=False), await start_in(service, GUILD_B, shown=False)
    assert ids(await service.boards.matches_to_show(SHARD_0)) == [a.id]
    assert ids(await service.boards.matches_to_show(SHARD_1)) == [b.id]
    assert sorted(ids(await service.boards.matches_to_show())) == sorted([a.id, b.id])


async def test_clocks_run_out_in_their_shards_process(service: GameService, clock: FakeClock) -> None:
    a = await start_in(service, GUILD_A, clock=ClockPreset.BLITZ)
    b = await start_in(service, GUILD_B, clock=ClockPreset.BLITZ)
    clock.now += BLITZ.delay_seconds + 3 * BLITZ.reserve_per_point + GRACE_SECONDS + 1
    assert [u.record.id for u in await service.timers.time_out_due(SHARD_1)] == [b.id]
    assert (await service.match(a.id)).status.value == "active"
    assert [u.record.id for u in await service.timers.time_out_due(SHARD_0)] == [a.id]


async def test_a_process_pauses_only_its_own_guilds_clocks_for_its_own_downtime(
    db: aiosqlite.Connection, clock: FakeClock
) -> None:
    first, second = (GameService(db, dice=SeededDice(n), clock=clock) for n in (1, 2))
    await first.timers.resume_clocks(SHARD_0)
    await second.timers.resume_clocks(SHARD_1)
    a = await start_in(first, GUILD_A, clock=ClockPreset.BLITZ)
    b = await start_in(second, GUILD_B, clock=ClockPreset.BLITZ)
    clock.now += BLITZ.delay_seconds + 5  # 5 s of each reserve spent
    await first.timers.heartbeat(SHARD_0)
    await second.timers.heartbeat(SHARD_1)
    left_a, left_b = left(a, clock.now), left(b, clock.now)
    for _ in range(50):  # the process of shard 1 is down for 100 s; shard 0's goes on beating
        clock.now += 2
        await first.timers.heartbeat(SHARD_0)
    restarted = GameService(db, dice=SeededDice(3), clock=clock)
    resumed = await restarted.timers.resume_clocks(SHARD_1)
    assert resumed.downtime == pytest.approx(100)
    assert ids(resumed.paused) == [b.id]
    assert left(await restarted.match(b.id), clock.now) == pytest.approx(left_b)  # not charged for the downtime
    assert left(await restarted.match(a.id), clock.now) == pytest.approx(left_a - 100)  # shard 0 was up: it runs


def left(record: MatchRecord, now: float) -> float:
    assert record.match.to_act is not None
    remaining = record.clock_left(record.match.to_act, now)
    assert remaining is not None
    return remaining


async def test_computer_turns_are_resumed_by_their_shards_process(service: GameService) -> None:
    computer = PlayerRef(999, "Gammon")
    started = {}
    for guild in (GUILD_A, GUILD_B):
        update = await service.computer.start_match(
            guild_id=guild,
            channel_id=guild + 20,
            human=ALICE,
            computer=computer,
            options=MatchOptions(3),
            level="beginner",
            announce=announce,
        )
        started[guild] = update.record.id
    assert [m for m, _ in await service.computer.active_matches(SHARD_0)] == [started[GUILD_A]]
    assert [m for m, _ in await service.computer.active_matches(SHARD_1)] == [started[GUILD_B]]
    assert sorted(m for m, _ in await service.computer.active_matches()) == sorted(started.values())
