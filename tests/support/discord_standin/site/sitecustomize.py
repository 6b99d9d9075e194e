"""Point discord.py at the Discord stand-in, for bot processes started by the test harness only.

The harness puts this directory first on PYTHONPATH and sets GAMMON_DISCORD_STANDIN_URL; Python imports
`sitecustomize` at start-up, before the bot's code runs, so the bot itself stays unmodified. Without the
variable this module does nothing.
"""

from __future__ import annotations

import os
import threading
import time

_URL = os.environ.get("GAMMON_DISCORD_STANDIN_URL", "").rstrip("/")

if _URL:
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = f"{_URL}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(_URL.replace("http", "ws", 1) + "/gateway/")

    def _exit_with_the_harness(parent: int) -> None:
        # If the test run dies without stopping us (killed, Ctrl-C twice), do not reconnect forever.
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(70)

    _PARENT = os.environ.get("GAMMON_STANDIN_PARENT_PID", "")
    if _PARENT.isdigit():
        threading.Thread(target=_exit_with_the_harness, args=(int(_PARENT),), daemon=True).start()
        os.environ["GAMMON_STANDIN_PARENT_PID"] = str(os.getpid())  # our own child processes watch us instead
