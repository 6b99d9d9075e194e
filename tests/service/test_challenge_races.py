"""Two changes of one challenge at once in one process (issue 19): accept, accept with a seed, decline, withdraw
and the expiry timer, every pair started together. On SQLite the writes take turns; on PostgreSQL they run on
two pooled connections (READ COMMITTED) and meet at the challenge's lock or its `status = 'open'` guard. Either
way exactly one of them changes the challenge and the other is refused with a ServiceError (the timer finds
nothing to expire). The forced-order version across two processes is tests/pg/test_challenge_races.py.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.engine.options import MatchOptions
from bot.service import ChallengeStatus, GameService, MatchUpdate, ServiceError
from bot.store import Database
from tests.pg.test_challenge_races import AFTER, BEFORE, EXPIRES_AT, PAIRS, STEPS
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, BOB, GUILD, SeededDice


@pytest.mark.parametrize(("first", "second"), [(a, b) for a, b in PAIRS if a < b])
async def test_two_changes_of_one_challenge_at_once_change_it_once(db: Database, first: str, second: str) -> None:
    maker = GameService(db, dice=SeededDice(1), clock=FakeClock())
    services = {
        late: GameService(db, dice=SeededDice(2), clock=FakeClock(AFTER if late else BEFORE)) for late in (False, True)
    }
    for round_number in range(3):
        challenge = await maker.challenges.create(
            guild_id=GUILD, channel_id=10 + round_number, challenger=ALICE, opponent=BOB, options=MatchOptions(3)
        )
        assert challenge.expires_at == EXPIRES_AT
        steps = [STEPS[first], STEPS[second]]
        results = await asyncio.gather(
            *(step(services[late], challenge.id) for step, _, late in steps), return_exceptions=True
        )
        won = [not isinstance(r, BaseException) and r != [] for r in results]
        assert sum(won) == 1, results
        for result, did in zip(results, won, strict=True):
            assert did or result == [] or isinstance(result, ServiceError), repr(result)
        status = steps[won.index(True)][1]
        now = await maker.challenges.get(challenge.id)
        assert now.status is status
        winner = results[won.index(True)]
        if status is ChallengeStatus.ACCEPTED:
            assert isinstance(winner, MatchUpdate) and now.match_id == winner.record.id
        else:
            assert now.match_id is None and await maker.match_in_channel(10 + round_number) is None
