"""Boards nobody's click waits for (the computer's turns, issue 16) are drawn by a process of their own, nicer than
the bot: a person's board never queues behind them, and they take only the CPU the clicks leave."""

from __future__ import annotations

import asyncio
import os
import time

from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from cogs.board_picture import BACKGROUND_NICENESS, _drawing_pool, draw_board, in_background


def _match() -> Match:
    return Match(("Alice", "Bob"), MatchOptions.match(5), FixedDice([3, 1]))


async def test_background_boards_are_real_boards_drawn_by_a_nicer_process_of_their_own() -> None:
    match = _match()
    with in_background():
        background = await draw_board(match)
    assert background == await draw_board(match) and background.startswith(b"\x89PNG")
    clicks, behind = list(_drawing_pool()._processes), list(_drawing_pool(True)._processes)
    assert len(behind) == 1 and not set(behind) & set(clicks) and os.getpid() not in behind
    own = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, behind[0]) == min(19, own + BACKGROUND_NICENESS)
    assert all(os.getpriority(os.PRIO_PROCESS, pid) == own for pid in clicks)


async def test_a_clicks_board_does_not_wait_for_a_burst_of_background_boards() -> None:
    match = _match()
    await draw_board(match)  # both kinds of process started and warm
    with in_background():
        await draw_board(match)

    async def background_board() -> float:
        with in_background():
            await draw_board(match)
        return time.monotonic()

    burst = [asyncio.create_task(background_board()) for _ in range(30)]
    await asyncio.sleep(0)  # all 30 handed to the background process first
    started = time.monotonic()
    await draw_board(match)
    clicked = time.monotonic()
    finished = await asyncio.gather(*burst)
    # one after the other in their process, the 30 boards take far longer than one: the click's board came back
    # while most of them were still waiting (in one shared queue it would have come back after all of them)
    assert sum(1 for done in finished if done > clicked) >= 20, (clicked - started, sorted(finished)[-1] - started)
