"""What a finished match leaves besides its boards: the move list of the whole match, and, when it was
played in a thread, one result line in the channel the challenge was made in, with a **Match page** link button
when the web pages are on.

The move list is the one the Moves button shows (bot.records.move_list: per game, each roll with its play, each
cube action, each game's end, in words players read), in the message itself when it fits and as a file otherwise.
`/bg export` gives the .mat text for GNU Backgammon.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING

import discord

from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from bot.records.move_list import move_list
from bot.service import MatchRecord
from cogs.ui.event_text import MAX_CONTENT, escape_name
from cogs.ui.game_messages import over_text
from cogs.ui.web_links import match_link_view, view_kwargs

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()


def move_list_title(record: MatchRecord, language: str = DEFAULT_LANGUAGE) -> str:
    first, second = (escape_name(player.name) for player in record.players)
    return translate(
        language, N_("**Moves of match #{match}**, {first} vs {second}:"), match=record.id, first=first, second=second
    )


def move_list_message(
    record: MatchRecord, text: str, language: str = DEFAULT_LANGUAGE
) -> tuple[str, discord.File | None]:
    """The move list as one message: in a code block when it fits in Discord's 2000 characters, else as a file
    (the Moves button's name for it)."""
    title = move_list_title(record, language)
    inline = f"{title}\n```\n{text.strip()}\n```"
    if len(inline) <= MAX_CONTENT:
        return inline, None
    file = discord.File(io.BytesIO(text.encode("utf-8")), filename=f"match-{record.id}-moves.txt")
    return translate(language, N_("{title} (attached)"), title=title), file


def result_line(record: MatchRecord, link: str | None, language: str = DEFAULT_LANGUAGE) -> str:
    """The one line a challenge's channel gets when the match it started in a thread is over."""
    where = f" ({link})" if link else f" (<#{record.channel_id}>)"
    return f"{over_text(record, language)}{where}"


async def post_match_end(
    bot: GammonBot, record: MatchRecord, link: str | None, language: str = DEFAULT_LANGUAGE
) -> None:
    """Post the move list where the match was played and, for a match in a thread, the result line in the
    channel it came from, both in the server's `language`. Neither is needed to go on playing: a refusal is
    logged, not retried. The result line carries the match page's link button; the move list does not, as it
    follows the final board, which has it."""
    text = await asyncio.to_thread(move_list, record.match.log, language)
    content, file = move_list_message(record, text, language)
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
        page = view_kwargs(match_link_view(record.id, language=language))
        await channel.send(result_line(record, link, language), allowed_mentions=NO_MENTIONS, silent=True, **page)
    except discord.HTTPException:
        log.warning("Could not post the result of match %s in its channel", record.id, exc_info=True)
