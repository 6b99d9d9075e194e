"""What the timer task must find again after a restart (issue 7): a challenge's message and whether an overdue
turn's claim offer (R9.5) already went out (the board shows the offer from the stored record: issue 33)."""

from __future__ import annotations

import pytest

from bot.engine import actions as engine
from bot.engine.options import MatchOptions
from bot.service import ChallengeStatus, GameService, NotFoundError
from bot.service import commands as cmd
from bot.store import Database
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, BOB, GUILD, SeededDice, show, start_match

HOUR = 3600


async def test_a_challenges_message_is_stored_and_comes_back_with_its_expiry(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock)
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MatchOptions(3)
    )
    assert (challenge.message_channel_id, challenge.message_id) == (None, None)
    await service.challenges.set_message(challenge.id, 10, 555)
    with pytest.raises(NotFoundError):
        await service.challenges.set_message(challenge.id + 1, 10, 556)
    clock.now += 11 * 60
    restarted = GameService(db, clock=clock)  # a new process knows nothing but the database
    (expired,) = await restarted.challenges.expire()
    assert expired.id == challenge.id and expired.status is ChallengeStatus.EXPIRED
    assert (expired.message_channel_id, expired.message_id) == (10, 555)
    assert await restarted.challenges.expire() == []


async def test_a_claim_is_offered_once_per_overdue_turn_even_across_restarts(db: Database, clock: FakeClock) -> None:
    service = GameService(db, dice=SeededDice(3), clock=clock)
    record = (await start_match(service, options=MatchOptions(5))).record
    clock.now += 23 * HOUR
    assert await service.timers.due_claim_offers() == []  # R9.5: not before the limit
    assert not (await service.match(record.id)).timer.claim_offered
    clock.now += 1 * HOUR
    (offered,) = await service.timers.due_claim_offers()
    assert offered.id == record.id and offered.timer.claim_offered
    assert await service.timers.due_claim_offers() == []
    restarted = GameService(db, dice=SeededDice(3), clock=clock)
    assert await restarted.timers.due_claim_offers() == []
    assert (await restarted.match(record.id)).timer.claim_offered  # stored: a board drawn later still offers it
    assert [r.id for r in await restarted.timers.claimable()] == [record.id]  # still claimable, just not offered again

    # the waiting player acts: the next overdue turn is a new turn and gets its own offer
    waiting = record.match.to_act
    assert waiting is not None
    user = record.players[waiting].user_id
    current = record
    while current.match.to_act == waiting:  # the opening roll is played at once (R2.2): steps, then Done
        steps = current.match.next_steps()
        if steps:
            current = (await restarted.act(record.id, user, cmd.Step(steps[0].start, steps[0].die))).record
            assert current.timer.claim_offered  # a step is no new turn: the offer stands
        else:
            current = (await restarted.act(record.id, user, cmd.Ask(engine.Confirm))).record
    assert not current.timer.claim_offered  # the turn passed: the offer is gone with it
    await show(restarted, current)
    clock.now += 25 * HOUR
    assert [r.id for r in await restarted.timers.due_claim_offers()] == [record.id]
    assert await restarted.timers.due_claim_offers() == []
