"""What a finished match leaves besides its boards (issue 33): the move list of the whole match, and, when it was
played in a thread, one result line in the channel the challenge was made in.

The move list is the match's .mat text (bot.records, the format GNU Backgammon reads: one numbered line per roll
and play, the cube actions, each game's winner), in the message itself when it fits and as a file otherwise.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
from typing import TYPE_CHECKING

import discord

from bot.records import export_mat
from bot.service import MatchRecord
from cogs.ui.event_text import MAX_CONTENT, escape_name
from cogs.ui.game_messages import over_text
from cogs.ui.match_choice import filename

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()


def move_list_title(record: MatchRecord) -> str:
    names = " vs ".join(escape_name(player.name) for player in record.players)
    return f"**Moves of match #{record.id}**, {names}:"


def move_list_message(record: MatchRecord, text: str) -> tuple[str, discord.File | None]:
    """The move list as one message: in a code block when it fits in Discord's 2000 characters, else as a file
    (the same text GNU Backgammon imports)."""
    title = move_list_title(record)
    inline = f"{title}\n```\n{text.strip()}\n```"
    if len(inline) <= MAX_CONTENT:
        return inline, None
    return f"{title} (attached)", discord.File(io.BytesIO(text.encode("utf-8")), filename=filename(record))


def result_line(record: MatchRecord, link: str | None) -> str:
    """The one line a challenge's channel gets when the match it started in a thread is over."""
    where = f" ({link})" if link else f" (<#{record.channel_id}>)"
    return f"{over_text(record)}{where}"


async def post_match_end(bot: GammonBot, record: MatchRecord, link: str | None) -> None:
    """Post the move list where the match was played and, for a match in a thread, the result line in the
    channel it came from. Neither is needed to go on playing: a refusal is logged, not retried."""
    text = (await asyncio.to_thread(functools.partial(export_mat, record.match.log, fairness=record.fairness))).text
    content, file = move_list_message(record, text)
    place = bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
    try:
        if file is None:
            await place.send(content, allowed_mentions=NO_MENTIONS, silent=True)
        else:
            await place.send(content, file=file, allowed_mentions=NO_MENTIONS, silent=True)
    except discord.HTTPException:
        log.warning("Could not post the move list of match %s", record.id, exc_info=True)
    parent = record.parent_channel_id
    if parent is None or parent == record.channel_id:
        return
    try:
        channel = bot.get_partial_messageable(parent, guild_id=record.guild_id)
        await channel.send(result_line(record, link), allowed_mentions=NO_MENTIONS, silent=True)
    except discord.HTTPException:
        log.warning("Could not post the result of match %s in its channel", record.id, exc_info=True)
