"""The computer's workers run nicer than the bot (issue 16): they think on the CPU that the event loop and the
drawing processes leave, so that people's clicks beside computer matches are not answered later for them."""

from __future__ import annotations

import os

from bot.computer.pool import WORKER_NICENESS, ComputerPool
from bot.engine import MatchOptions
from bot.engine.game import Phase
from bot.engine.match import Match
from tests.service.helpers import SeededDice


async def test_the_workers_run_nicer_than_the_bot_and_still_decide() -> None:
    match = Match(("Human", "Computer"), MatchOptions.money(), SeededDice(3))
    assert match.phase is Phase.MOVING
    pool = ComputerPool(1)
    try:
        action = await pool.choose(match, "expert")
        match.apply(action)  # a legal play: the engine refuses anything else
        ours = os.getpriority(os.PRIO_PROCESS, 0)
        workers = pool.worker_pids()
        assert workers
        assert all(os.getpriority(os.PRIO_PROCESS, pid) == min(19, ours + WORKER_NICENESS) for pid in workers)
    finally:
        pool.close()
