"""Every change of one challenge raced against another one in a second process (its own pool and clock) on one
PostgreSQL database (issue 19): accept, decline, withdraw and the expiry timer. Whatever the order, exactly one
of them changes the challenge; the other is refused with a ServiceError that says what happened (never a crash,
never a match started from a challenge that was closed, never an "expired" challenge that has a match).

The order is forced, not hoped for: a third connection holds the challenge's row (SELECT ... FOR UPDATE), the
first step is started and waits for that row, then the second step is started and waits too; releasing the row
lets the first one finish, so the second one always runs on what the first one committed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import asyncpg
import pytest

from bot.engine.options import MatchOptions
from bot.service import ChallengeStatus, GameService, MatchUpdate, ServiceError
from bot.store import Database, connect
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, BOB, GUILD, SeededDice

EXPIRES_AT = 1_700_000_600.0  # FakeClock's start plus the 10 minutes
BEFORE, AFTER = EXPIRES_AT - 1.0, EXPIRES_AT + 1.0  # the player pressed just in time; the timer runs just late

Step = Callable[[GameService, int], Awaitable[object]]


async def _accept(service: GameService, challenge_id: int) -> object:
    return await service.challenges.accept(challenge_id, BOB)


async def _accept_with_seed(service: GameService, challenge_id: int) -> object:
    return await service.challenges.accept(challenge_id, BOB, seed="my lucky seed")


async def _decline(service: GameService, challenge_id: int) -> object:
    return await service.challenges.decline(challenge_id, BOB.user_id)


async def _withdraw(service: GameService, challenge_id: int) -> object:
    return await service.challenges.cancel(challenge_id, ALICE.user_id)


async def _expire(service: GameService, challenge_id: int) -> object:
    return [c.id for c in await service.challenges.expire()]


#: name: (the step, the status it leaves, whether it runs on the timer's side of the expiry)
STEPS: dict[str, tuple[Step, ChallengeStatus, bool]] = {
    "accept": (_accept, ChallengeStatus.ACCEPTED, False),
    "accept-with-seed": (_accept_with_seed, ChallengeStatus.ACCEPTED, False),
    "decline": (_decline, ChallengeStatus.DECLINED, False),
    "withdraw": (_withdraw, ChallengeStatus.CANCELLED, False),
    "expire": (_expire, ChallengeStatus.EXPIRED, True),
}
PAIRS = [
    (first, second)
    for first in STEPS
    for second in STEPS
    if first != second and {first, second} != {"accept", "accept-with-seed"}
]


async def _waiting(raw: asyncpg.Connection) -> int:
    """How many other sessions of this database wait for a lock now."""
    value = await raw.fetchval(
        "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' "
        "AND pid <> pg_backend_pid()"
    )
    return int(value)


async def _until_waiting(raw: asyncpg.Connection, count: int, task: asyncio.Task[object]) -> None:
    for _ in range(500):
        if await _waiting(raw) >= count:
            return
        if task.done():  # finished without waiting: a bug in the test's premise; show why
            task.result()
            raise AssertionError("the step finished without waiting for the held row")
        await asyncio.sleep(0.01)
    raise AssertionError(f"fewer than {count} sessions are waiting for the held row")


@pytest.mark.parametrize("db", ["postgresql"], indirect=True)
@pytest.mark.parametrize(("first", "second"), PAIRS)
async def test_one_challenge_changed_by_two_processes_at_once_changes_once(
    db: Database, first: str, second: str
) -> None:
    other = await connect(db.url)  # the second process's pool
    gate = await asyncpg.connect(db.url)
    try:
        clocks = {False: FakeClock(BEFORE), True: FakeClock(AFTER)}
        maker = GameService(db, dice=SeededDice(1), clock=FakeClock())
        challenge = await maker.challenges.create(
            guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MatchOptions(3)
        )
        assert challenge.expires_at == EXPIRES_AT
        (first_step, first_status, first_late) = STEPS[first]
        (second_step, _, second_late) = STEPS[second]
        here = GameService(db, dice=SeededDice(2), clock=clocks[first_late])
        there = GameService(other, dice=SeededDice(3), clock=clocks[second_late])

        transaction = gate.transaction()
        await transaction.start()
        await gate.execute("SELECT id FROM challenges WHERE id = $1 FOR UPDATE", challenge.id)
        winner = asyncio.ensure_future(first_step(here, challenge.id))
        await _until_waiting(gate, 1, winner)
        loser = asyncio.ensure_future(second_step(there, challenge.id))
        await _until_waiting(gate, 2, loser)
        await transaction.commit()
        won, lost = await asyncio.gather(winner, loser, return_exceptions=True)

        assert not isinstance(won, BaseException), repr(won)
        if second == "expire":  # the timer finds nothing left to expire
            assert lost == [], lost
        else:
            assert isinstance(lost, ServiceError), repr(lost)
            said = {ChallengeStatus.CANCELLED: "withdrawn"}.get(first_status, first_status.value)  # as its button
            assert (
                said in str(lost) or "accepted first" in str(lost) or ("accepted this challenge already" in str(lost))
            ), str(lost)
        if first == "expire":
            assert won == [challenge.id]
        now = await maker.challenges.get(challenge.id)
        assert now.status is first_status
        matches = await db.fetchall("SELECT id FROM matches")
        if first_status is ChallengeStatus.ACCEPTED:
            assert isinstance(won, MatchUpdate)
            assert [int(row[0]) for row in matches] == [won.record.id] and now.match_id == won.record.id
        else:
            assert matches == [] and now.match_id is None
    finally:
        await gate.close()
        await other.close()
