"""Whether bgsage can evaluate here, asked of a process forked from the workers' forkserver (which has it loaded for
them), so that the bot itself never imports it: 6 MB of the bot's memory for a yes or no."""

from __future__ import annotations

import asyncio
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.computer import sage
from bot.processes import forkserver


async def sage_problem() -> str:
    """Why the computer and the analysis cannot run on this machine ("" when they can): bgsage not installed, or
    its compiled part not loading, as a worker would find it; or no worker process starting at all."""
    try:
        with ProcessPoolExecutor(1, mp_context=forkserver()) as pool:
            return await asyncio.get_running_loop().run_in_executor(pool, sage.unavailable_reason)
    except (OSError, BrokenProcessPool) as error:
        return f"no worker process: {type(error).__name__}: {error}"
