"""Challenges: to a member or open, accept / decline / cancel / expire, one active match per channel."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine.events import GameStarted, OpeningRolled
from bot.engine.options import MatchOptions
from bot.service import ChallengeStatus, ChannelBusyError, GameService, NotFoundError, PlayerRef, ServiceError
from bot.store import Database
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, BOB, CAROL, GUILD

MATCH3 = MatchOptions(3)


async def count(db: Database, table: str) -> int:
    queries = {
        "matches": "SELECT COUNT(*) FROM matches",
        "challenges": "SELECT COUNT(*) FROM challenges",
        "open": "SELECT COUNT(*) FROM challenges WHERE status = 'open'",
    }
    rows = list(await db.execute_fetchall(queries[table]))
    return int(rows[0][0])


async def test_accepting_starts_the_match_with_the_opening_roll(service: GameService) -> None:
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MATCH3
    )
    assert challenge.status is ChallengeStatus.OPEN and challenge.opponent == BOB and challenge.options == MATCH3
    update = await service.challenges.accept(challenge.id, BOB)
    record = update.record
    assert record.players == (ALICE, BOB)
    assert record.channel_id == 10 and record.version == 0 and record.options == MATCH3
    assert isinstance(update.events[0], GameStarted) and isinstance(update.events[1], OpeningRolled)
    assert record.to_act is not None  # R2.2: whoever won the opening roll moves first
    assert (await service.challenges.get(challenge.id)).status is ChallengeStatus.ACCEPTED
    assert (await service.match_in_channel(10)) is not None
    assert [r.id for r in await service.active_matches(ALICE.user_id)] == [record.id]


async def test_names_are_refreshed_from_the_latest_display_name(service: GameService) -> None:
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MATCH3
    )
    renamed = PlayerRef(BOB.user_id, "Robert")
    record = (await service.challenges.accept(challenge.id, renamed)).record
    assert record.players[1] == renamed
    assert record.match.names == ("Alice", "Robert")


async def test_challenging_yourself_is_refused(service: GameService, db: Database) -> None:
    with pytest.raises(ServiceError, match="cannot challenge yourself"):
        await service.challenges.create(guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=ALICE, options=MATCH3)
    assert await count(db, "challenges") == 0


async def test_a_busy_channel_is_refused_with_a_pointer_to_its_match(service: GameService, db: Database) -> None:
    first = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MATCH3
    )
    record = (await service.challenges.accept(first.id, BOB)).record
    await service.boards.set_message(record.id, 10, 5555)
    with pytest.raises(ChannelBusyError, match="already a match in this channel: Alice vs Bob") as refused:
        await service.challenges.create(guild_id=GUILD, channel_id=10, challenger=CAROL, opponent=BOB, options=MATCH3)
    assert refused.value.match_id == record.id and refused.value.message_id == 5555
    # A player may play in several channels at once, and a thread is a channel of its own.
    elsewhere = await service.challenges.create(
        guild_id=GUILD, channel_id=11, challenger=CAROL, opponent=BOB, options=MATCH3
    )
    await service.challenges.accept(elsewhere.id, BOB)
    threaded = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=CAROL, opponent=ALICE, options=MATCH3, in_thread=True
    )
    thread_match = (await service.challenges.accept(threaded.id, ALICE, channel_id=9001)).record
    assert thread_match.channel_id == 9001 and thread_match.parent_channel_id == 10
    assert len(await service.active_matches(BOB.user_id)) == 2
    assert await count(db, "matches") == 3


async def test_only_the_challenged_member_may_accept_or_decline(service: GameService, db: Database) -> None:
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MATCH3
    )
    with pytest.raises(ServiceError, match="This challenge is for Bob"):
        await service.challenges.accept(challenge.id, CAROL)
    with pytest.raises(ServiceError, match="cannot accept your own"):
        await service.challenges.accept(challenge.id, ALICE)
    with pytest.raises(ServiceError, match="Only the challenged player"):
        await service.challenges.decline(challenge.id, CAROL.user_id)
    with pytest.raises(ServiceError, match="Only the challenger"):
        await service.challenges.cancel(challenge.id, BOB.user_id)
    assert await count(db, "open") == 1 and await count(db, "matches") == 0
    declined = await service.challenges.decline(challenge.id, BOB.user_id)
    assert declined.status is ChallengeStatus.DECLINED
    with pytest.raises(ServiceError, match="already declined"):
        await service.challenges.accept(challenge.id, BOB)


async def test_cancel_and_unknown_ids(service: GameService) -> None:
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=None, options=MATCH3
    )
    assert (await service.challenges.cancel(challenge.id, ALICE.user_id)).status is ChallengeStatus.CANCELLED
    with pytest.raises(NotFoundError):
        await service.challenges.accept(999, BOB)
    with pytest.raises(NotFoundError):
        await service.challenges.get(999)


async def test_an_open_challenge_goes_to_whoever_accepts_first(service: GameService) -> None:
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=None, options=MATCH3
    )
    results = await asyncio.gather(
        service.challenges.accept(challenge.id, BOB),
        service.challenges.accept(challenge.id, CAROL),
        return_exceptions=True,
    )
    winners = [r for r in results if not isinstance(r, BaseException)]
    losers = [r for r in results if isinstance(r, ServiceError)]
    assert len(winners) == 1 and len(losers) == 1
    winner = winners[0].record.players[1]
    assert str(losers[0]) == f"{winner.name} accepted first."


async def test_challenges_expire_after_ten_minutes(service: GameService, clock: FakeClock) -> None:
    old = await service.challenges.create(guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MATCH3)
    clock.now += 300
    young = await service.challenges.create(
        guild_id=GUILD, channel_id=11, challenger=ALICE, opponent=CAROL, options=MATCH3
    )
    clock.now += 300
    with pytest.raises(ServiceError, match="expired"):
        await service.challenges.accept(old.id, BOB)
    expired = await service.challenges.expire()
    assert [c.id for c in expired] == [old.id] and expired[0].status is ChallengeStatus.EXPIRED
    assert await service.challenges.expire() == []
    assert (await service.challenges.get(young.id)).status is ChallengeStatus.OPEN
