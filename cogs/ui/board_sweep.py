"""Finding a match's boards that still carry live controls after a crash.

Before a new board is posted, the publisher stores a board change (`service.boards.begin_change`): every message
of the match in its channel from `since` on (the oldest board that may still be live, or the moment of the post)
may carry controls until the old board is retired and the change finished. A kill in between leaves the change
stored, and the board keeper then reads those messages back from Discord: the bot's messages whose enabled
controls carry the match id in their custom ids (cogs.ui.custom_ids) are the match's live boards, whether their
ids were ever stored or not (a board Discord created while the bot died). The publisher keeps or adopts one and
retires every other.
"""

from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.engine import actions
from bot.service import BoardChange, MatchRecord
from bot.service.boards import CLOCK_MARGIN_MS
from cogs.ui.channel_gone import ended_if_gone
from cogs.ui.custom_ids import GAME_TEMPLATE, PLAY_SELECT_TEMPLATE

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)

#: How many messages from the change's start are looked through (a few boards, plus what players wrote meanwhile).
SCAN_LIMIT = 500
CLOCK_MARGIN = datetime.timedelta(milliseconds=CLOCK_MARGIN_MS)


@dataclass(frozen=True, slots=True)
class LiveBoard:
    """A message of the match with enabled game controls, drawn for `version`."""

    message: discord.Message
    version: int


def controls_version(message: discord.Message, match_id: int) -> int | None:
    """The version the message's enabled board controls of the match were drawn for; None when it has none. A
    Claim button alone makes no board: a board carries it beside the controls of the player to act, and a claim
    offer an older bot posted on its own is no board to keep or adopt."""
    for row in message.components:
        for child in getattr(row, "children", ()):
            custom_id = getattr(child, "custom_id", None)
            if not custom_id or getattr(child, "disabled", False):
                continue
            found = GAME_TEMPLATE.fullmatch(custom_id) or PLAY_SELECT_TEMPLATE.fullmatch(custom_id)
            claim = found is not None and found.re is GAME_TEMPLATE and found["action"] == actions.Claim.word
            if found is not None and int(found["match"]) == match_id and not claim:
                return int(found["version"])
    return None


def change_for(record: MatchRecord, *older: int | None, now: datetime.datetime | None = None) -> BoardChange:
    """The change that posting a new board of the match begins: from the oldest of the `older` boards that may
    still be live (the record's current one, the one clicked ...), or from just before now."""
    moment = (now or discord.utils.utcnow()) - CLOCK_MARGIN
    since = min([message_id for message_id in older if message_id is not None] + [discord.utils.time_snowflake(moment)])
    return BoardChange(record.id, record.channel_id, since)


async def live_boards(bot: GammonBot, record: MatchRecord, change: BoardChange) -> list[LiveBoard]:
    """The bot's messages of the match with enabled controls, oldest first, from the change's start on. None
    found when the bot may not read the channel's history (a moderator took Read Message History away): the
    match is shown all the same, and only the boards whose ids were stored are retired. Raises discord.NotFound
    when the channel is gone (its matches are ended first, as after any post there: cogs.channels)."""
    assert bot.user is not None
    channel = bot.get_partial_messageable(change.channel_id, guild_id=record.guild_id)
    found = []
    after = discord.Object(change.since_id - 1)
    try:
        async for message in channel.history(limit=SCAN_LIMIT, after=after, oldest_first=True):
            version = controls_version(message, record.id) if message.author.id == bot.user.id else None
            if version is not None:
                found.append(LiveBoard(message, version))
    except discord.Forbidden:
        log.warning("Match %s: may not read the channel's history to find boards left live", record.id)
    except discord.NotFound as error:
        await ended_if_gone(bot, record, error)  # a channel deleted while the bot was away: its match ends
        raise
    return found


def to_adopt(record: MatchRecord, boards: list[LiveBoard]) -> LiveBoard | None:
    """The newest live board drawn for the record's version, if the record's current message is not it: posted
    just before a kill, before its id was stored. It is made the current one instead of posting another."""
    for board in reversed(boards):
        if board.version == record.version and board.message.id != record.message_id:
            return board
    return None
