"""Matches whose channel or thread is deleted end at once, aborted and unrated: nobody can play or see them (the
Channels cog listens for deletions, cogs/channels.py).

Discord reports a deletion on the gateway (CHANNEL_DELETE, THREAD_DELETE; discord.py's raw event covers threads
it never cached). A deletion the bot missed (it was offline) shows up as 404 Unknown Channel when it next posts
there (`ended_if_gone`). The players are told in the channel the challenge was made in when the match was in a
thread of it; a match in a deleted channel has nowhere to say so (a DM would need more than the bot's rights).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from bot.service import MatchRecord
from cogs.ui.event_text import escape_name, mention
from cogs.ui.fairness_text import end_line
from cogs.ui.languages import guild_language

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)

#: Discord's error code for a channel (or thread) that does not exist.
UNKNOWN_CHANNEL = 10003


def ended_text(record: MatchRecord, language: str = DEFAULT_LANGUAGE) -> str:
    """The players told, in the server's `language`, that their match ended with its thread."""
    players = " ".join(mention(player.user_id) for player in record.players)
    first, second = (escape_name(player.name) for player in record.players)
    said = (
        N_(
            "{players}: your match {first} vs {second} (money game #{match}) ended without a result, because its "
            "thread was deleted. It is not rated; start a new one with `/bg challenge`."
        )
        if record.options.is_money
        else N_(
            "{players}: your match {first} vs {second} ({length}-point match #{match}) ended without a result, "
            "because its thread was deleted. It is not rated; start a new one with `/bg challenge`."
        )
    )
    fields: dict[str, Any] = {"players": players, "first": first, "second": second, "match": record.id}
    return translate(language, said, **fields, length=record.options.length) + _reveal(record, language)


def _reveal(record: MatchRecord, language: str) -> str:
    """The bot's seed of the ended match's dice."""
    line = end_line(record, language)
    return f"\n{line}" if line else ""


async def channel_gone(bot: GammonBot, channel_id: int) -> list[MatchRecord]:
    """End the matches played in this deleted channel or thread (or in threads of it); tell their players
    where possible. Safe to call again for the same channel: the second call ends and says nothing."""
    ended = await bot.service.abort_matches_in_channel(channel_id)
    for record in ended:
        log.info("Match %s ended without a result: channel %s was deleted", record.id, channel_id)
        parent = record.parent_channel_id
        if parent is None or parent == channel_id:  # nowhere left to say it
            continue
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(id=p.user_id) for p in record.players]
        )
        language = await guild_language(bot.service.settings, bot, record.guild_id)  # public: the server's
        try:
            await bot.get_partial_messageable(parent, guild_id=record.guild_id).send(
                ended_text(record, language), allowed_mentions=mentions
            )
        except discord.HTTPException:
            log.info("Could not tell the players of match %s that it ended", record.id, exc_info=True)
    return ended


async def ended_if_gone(bot: GammonBot, record: MatchRecord, error: discord.HTTPException) -> bool:
    """After a failed post to a match's channel: if Discord says the channel is unknown, end its matches.
    True when that was the reason (the caller need not retry)."""
    if not isinstance(error, discord.NotFound) or error.code != UNKNOWN_CHANNEL:
        return False
    await channel_gone(bot, record.channel_id)
    return True
