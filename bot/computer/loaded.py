"""bgsage and its nets loaded now: the forkserver imports this module (bot.processes.WORKER_MODULES), so that the
computer's and the analysis's workers it forks start with them and share their pages: the 2-ply analyzer's 24 nets
and bearoff database (41 MB), with the 1-ply analyzer on the same nets (`sage.share_one_ply`), are read only after
they are loaded, so one copy serves every worker instead of one in each (and one more in each recycled analysis
worker). bot.computer.sage itself loads bgsage only on first use, which keeps it out of the bot."""

from bot.computer import sage

if sage.available():
    sage.share_one_ply()
