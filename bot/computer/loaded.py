"""bgsage imported now: the forkserver imports this module (bot.processes.WORKER_MODULES), so that the computer's
and the analysis's workers it forks start with bgsage loaded and share its pages. bot.computer.sage itself loads
bgsage only on first use, which keeps it out of the bot and the drawing processes."""

from bot.computer import sage

sage.available()
