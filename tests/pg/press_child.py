"""Child process of the two-process concurrency test: a second bot process pressing buttons on one match.

Usage: python -m tests.pg.press_child DATABASE_URL. Prints READY once its service is up; then, for each line
`PRESS <match id> <kind> <user> <version> <start> <die> <count>` on stdin, presses that button `count` times
at once through its own GameService (its own pool and cache) and prints one line `DONE <outcomes>`, each
outcome `ok:<version>` or `refused`.
"""

from __future__ import annotations

import asyncio
import sys

from bot.engine import actions as engine
from bot.service import GameService, MatchUpdate, ServiceError
from bot.service import commands as cmd
from bot.store import open_database


async def press(
    service: GameService, match_id: int, kind: str, user: int, version: int, start: int, die: int
) -> MatchUpdate:
    if kind == "step":
        return await service.act(match_id, user, cmd.Step(start, die), version=version)
    if kind == "confirm":
        return await service.act(match_id, user, cmd.Ask(engine.Confirm), version=version)
    return await service.act(match_id, user, cmd.Ask(engine.Roll), version=version)


def outcome(result: MatchUpdate | BaseException) -> str:
    if isinstance(result, ServiceError):
        return "refused"
    if isinstance(result, BaseException):
        return f"crash:{type(result).__name__}"
    return f"ok:{result.record.version}"


async def main(url: str) -> None:
    async with open_database(url) as db:
        service = GameService(db)
        print("READY", flush=True)
        loop = asyncio.get_running_loop()
        while line := await loop.run_in_executor(None, sys.stdin.readline):
            _, match_id, kind, user, version, start, die, count = line.split()
            results = await asyncio.gather(
                *(
                    press(service, int(match_id), kind, int(user), int(version), int(start), int(die))
                    for _ in range(int(count))
                ),
                return_exceptions=True,
            )
            print("DONE " + " ".join(outcome(result) for result in results), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
