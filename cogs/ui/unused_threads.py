"""Threads the bot opened for a match that then did not start (a refused Accept, a refused start against the
computer, a tournament pairing's second thread): deleted, so that the channel is left as it was. Deleting a thread
needs Manage Threads in its channel, even for the bot that opened it. Without it the thread stays: the log says
which permission is missing and where, and the thread itself says to whoever opens it that no match is played
there and that a moderator may delete it.
"""

from __future__ import annotations

import contextlib
import logging

import discord

from bot.i18n import N_, translate

log = logging.getLogger(__name__)

LEFT_BEHIND = N_(
    "No match is played in this thread: the match it was opened for did not start. I may not delete it (I need the "
    "Manage Threads permission in this channel); a moderator can."
)


async def delete_unused_thread(thread: discord.Thread, language: str, why: str) -> bool:
    """Delete the thread; True when it is gone. `why`: what did not start, for the log."""
    try:
        await thread.delete()
    except discord.Forbidden:
        log.warning(
            "Could not delete thread %s (%s): the bot lacks the Manage Threads permission in channel %s; give it "
            "that permission (the README's invite permissions) so that unused threads are removed",
            thread.id,
            why,
            thread.parent_id,
        )
    except discord.HTTPException as error:
        log.warning("Could not delete thread %s (%s): %s", thread.id, why, error)
        return False
    else:
        return True
    with contextlib.suppress(discord.HTTPException):
        await thread.send(translate(language, LEFT_BEHIND))
    return False
