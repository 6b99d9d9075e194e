"""bot.waits: where each task is suspended, innermost await last, by names only."""

from __future__ import annotations

import asyncio

from bot.waits import awaits, describe_waits


class Touchy:
    """Fails the test if anything describes it."""

    def __repr__(self) -> str:
        raise AssertionError("described")


async def inner(never: asyncio.Future[None], _held: Touchy) -> None:
    await never


async def outer(never: asyncio.Future[None]) -> None:
    await inner(never, Touchy())


async def test_a_task_is_shown_from_its_coroutine_to_the_future_it_waits_for() -> None:
    never: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(outer(never), name="stuck")
    await asyncio.sleep(0)
    try:
        lines = awaits(task)
        assert [line.rsplit(" in ", 1)[-1] for line in lines[:2]] == ["outer", "inner"]
        assert lines[0].split(":")[0].endswith("tests/test_waits.py")
        assert lines[-1] == "waiting for Future"
        waiting = asyncio.create_task(asyncio.wait_for(task, None), name="after it")
        await asyncio.sleep(0)
        assert awaits(waiting)[-1] == "waiting for task stuck"
        text = describe_waits(asyncio.get_running_loop())
        assert "task stuck:\n" in text and "task after it:\n" in text and "thread MainThread:\n" in text
    finally:
        task.cancel()
