"""Child process of the crash test: plays matches through the service and reports each acknowledged action.

Usage: python -m tests.service.crash_child DATABASE SEED. Prints READY once the database is open, then
`ACK <match id> <version> <seq> <entry JSON>` after every service call that returned, where seq/entry are the
last log entry that call stored.
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.engine.options import MatchOptions
from bot.service import GameService, MatchUpdate
from bot.service.errors import ChallengeLimitError
from bot.store import match_log, open_database
from tests.service.helpers import ALICE, BOB, random_action, start_match


def report(update: MatchUpdate, entries: list[str]) -> None:
    record = update.record
    seq = len(record.match.log.entries)
    entry = entries[-1] if entries else "-"
    print(f"ACK {record.id} {record.version} {seq} {entry}", flush=True)


async def main(database: str, seed: int) -> None:
    rng = random.Random(seed)
    async with open_database(database) as db:
        service = GameService(db)  # the real CSPRNG dice: the log records them
        print("READY", flush=True)
        while True:
            active = await service.active_matches(ALICE.user_id)
            if active:
                record = active[0]
            else:
                try:
                    update = await start_match(service, channel_id=10, options=MatchOptions(3))
                except ChallengeLimitError as left_open:  # a kill between challenge and accept left it open
                    update = await service.challenges.accept(left_open.challenge_id, BOB)
                report(update, await match_log.load_log(db, update.record.id))
                record = update.record
            while not record.match.finished:
                update = await random_action(service, record, rng)
                report(update, await match_log.load_log(db, update.record.id))
                record = update.record


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
