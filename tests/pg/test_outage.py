"""PostgreSQL restarted during play (issue 19): while it is down an action fails with StoreUnavailableError
(the cogs' "try again in a moment") and stores nothing; once it is back the same service reconnects by itself,
and every acknowledged action is there."""

from __future__ import annotations

import random
import time

import pytest

from bot.engine.options import MatchOptions
from bot.service import GameService, MatchRecord
from bot.service.check import check_database
from bot.store import StoreUnavailableError, open_database
from tests.service.helpers import SeededDice, random_action, start_match
from tests.support.postgres import ThrowawayPostgres, wait_until_reachable


async def act(service: GameService, record: MatchRecord, seed: int) -> MatchRecord:
    return (await random_action(service, record, random.Random(seed))).record


@pytest.mark.slow
async def test_a_restart_during_play_loses_no_acknowledged_action(postgres_server: ThrowawayPostgres) -> None:
    url = await postgres_server.create_database()
    try:
        async with open_database(url) as db:
            service = GameService(db, dice=SeededDice(8))
            record = (await start_match(service, options=MatchOptions(5))).record
            acknowledged = []
            for round_number in range(3):
                for seed in range(4):
                    record = await act(service, record, 100 * round_number + seed)
                    acknowledged.append((record.version, len(record.match.log.entries)))
                postgres_server.stop_server()
                try:
                    started = time.monotonic()
                    with pytest.raises(StoreUnavailableError):
                        await act(service, record, 999)
                    assert time.monotonic() - started < 10  # answered at once, not after a long hang
                finally:
                    postgres_server.start_server()
                await wait_until_reachable(url)
                # the pool reconnects by itself: the next action is stored, on top of the last acknowledged one
                record = await act(service, record, 1000 + round_number)
                acknowledged.append((record.version, len(record.match.log.entries)))
            stored = await service.match(record.id)
            versions = [version for version, _ in acknowledged]
            assert versions == list(range(versions[0], versions[0] + len(versions)))  # nothing lost or doubled
            assert stored.version == versions[-1]
            rows = await db.fetchall("SELECT COUNT(*) FROM match_actions WHERE match_id = ?", (record.id,))
            assert int(rows[0][0]) == acknowledged[-1][1]
            assert (await check_database(db)).consistent
    finally:
        await postgres_server.drop_database(url)
