"""The queue in front of the drawing processes (cogs/ui/drawing_queue.py): a board a click waits for is drawn
before boards drawn in the background (the computer's turns), and a cancelled waiter never holds a slot."""

from __future__ import annotations

import asyncio
import contextlib

from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from cogs.ui.board_picture import draw_board
from cogs.ui.drawing_queue import DrawingQueue, in_background


async def test_a_clicks_board_goes_before_background_boards_that_waited_longer() -> None:
    queue = DrawingQueue(1)
    order: list[str] = []
    release = asyncio.Event()

    async def draw(name: str, background: bool) -> None:
        async def job() -> None:
            async with queue.turn():
                order.append(name)
                await release.wait()

        if background:
            with in_background():
                await job()
        else:
            await job()

    first = asyncio.create_task(draw("first click", False))
    await asyncio.sleep(0)
    tasks = [
        asyncio.create_task(draw(name, background))
        for name, background in (("computer 1", True), ("computer 2", True), ("second click", False))
    ]
    await asyncio.sleep(0)
    assert order == ["first click"] and queue.waiting == 3
    release.set()
    await asyncio.gather(first, *tasks)
    assert order == ["first click", "second click", "computer 1", "computer 2"]


async def test_a_background_board_that_waited_its_patience_goes_before_later_clicks() -> None:
    """Issue 36 item 4: clicks that keep coming do not hold the computer's board back for more than the patience."""
    now = [0.0]
    queue = DrawingQueue(1, patience=0.5, clock=lambda: now[0])
    order: list[str] = []
    gates = {name: asyncio.Event() for name in ("click 1", "click 2", "click 3", "computer")}

    async def draw(name: str, background: bool) -> None:
        with in_background() if background else contextlib.nullcontext():
            async with queue.turn():
                order.append(name)
                await gates[name].wait()

    tasks = [asyncio.create_task(draw("click 1", False))]
    await asyncio.sleep(0)
    tasks.append(asyncio.create_task(draw("computer", True)))  # waits from t=0
    tasks.append(asyncio.create_task(draw("click 2", False)))
    await asyncio.sleep(0)
    gates["click 1"].set()  # at t=0.1 the click goes first
    now[0] = 0.1
    await asyncio.sleep(0.01)
    assert order == ["click 1", "click 2"]
    tasks.append(asyncio.create_task(draw("click 3", False)))
    await asyncio.sleep(0)
    now[0] = 0.6  # the computer's board has waited 0.6 s: it goes before the click that came after it
    gates["click 2"].set()
    await asyncio.sleep(0.01)
    assert order == ["click 1", "click 2", "computer"]
    for gate in gates.values():
        gate.set()
    await asyncio.gather(*tasks)
    assert order == ["click 1", "click 2", "computer", "click 3"]


async def test_a_cancelled_waiter_gives_its_turn_to_the_next() -> None:
    queue = DrawingQueue(1)
    held = asyncio.Event()
    release = asyncio.Event()

    async def hold() -> None:
        async with queue.turn():
            held.set()
            await release.wait()

    async def wait_turn() -> str:
        async with queue.turn():
            return "drawn"

    holder = asyncio.create_task(hold())
    await held.wait()
    cancelled = asyncio.create_task(wait_turn())
    second = asyncio.create_task(wait_turn())
    await asyncio.sleep(0)
    cancelled.cancel()
    release.set()
    assert await second == "drawn"
    await holder
    assert cancelled.cancelled()
    async with asyncio.timeout(1):  # every slot free again
        async with queue.turn():
            pass


async def test_boards_drawn_in_the_background_are_real_boards() -> None:
    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(5), dice)
    with in_background():
        background = await draw_board(match)
    assert background == await draw_board(match) and background.startswith(b"\x89PNG")
