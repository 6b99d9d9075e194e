"""Point discord.py at the Discord stand-in, for bot processes started by the test harness only.

The harness puts this directory first on PYTHONPATH and sets GAMMON_DISCORD_STANDIN_URL; Python imports
`sitecustomize` at start-up, before the bot's code runs, so the bot itself stays unmodified. Without the
variable this module does nothing.
"""

from __future__ import annotations

import os
import sys
import threading
import time

_URL = os.environ.get("GAMMON_DISCORD_STANDIN_URL", "").rstrip("/")

#: multiprocessing's helper processes of the bot (its forkservers, the resource tracker, spawned workers) never
#: talk to Discord: they skip importing discord.py, which cost about 0.3 s of CPU each, two or three a bot start.
_MULTIPROCESSING_HELPER = any(arg.startswith("from multiprocessing") for arg in sys.orig_argv)

if _URL and not _MULTIPROCESSING_HELPER:
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = f"{_URL}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(_URL.replace("http", "ws", 1) + "/gateway/")

    # discord.py waits this long after the last guild before on_ready (2 s by default, as in production). A test
    # whose race happens in that window (something done before the bot is ready) sets a longer one, so that a
    # busy machine cannot close it before the test has acted.
    _READY_WAIT = os.environ.get("GAMMON_STANDIN_GUILD_READY_TIMEOUT", "")
    if _READY_WAIT:
        import discord.state

        _init_state = discord.state.ConnectionState.__init__

        def _init_with_ready_wait(self: discord.state.ConnectionState, *args: object, **options: object) -> None:
            _init_state(self, *args, **options)  # type: ignore[arg-type]
            self.guild_ready_timeout = float(_READY_WAIT)

        discord.state.ConnectionState.__init__ = _init_with_ready_wait  # type: ignore[method-assign]

if _URL:

    def _exit_with_the_harness(parent: int) -> None:
        # If the test run dies without stopping us (killed, Ctrl-C twice), do not reconnect forever.
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(70)

    _PARENT = os.environ.get("GAMMON_STANDIN_PARENT_PID", "")
    if _PARENT.isdigit():
        threading.Thread(target=_exit_with_the_harness, args=(int(_PARENT),), daemon=True).start()
        os.environ["GAMMON_STANDIN_PARENT_PID"] = str(os.getpid())  # our own child processes watch us instead
