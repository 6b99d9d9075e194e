"""The game messages a process has shown, and the Discord calls on them: post, edit, delete.

`BoardMessages` is the memory the GamePublisher (cogs.ui.publisher) shows matches with: which message is each
match's current board, what this process last sent in it (so that a board is edited or deleted without fetching
it first). A player who has not acted for `away_seconds` (as the stored match says) is away: the turn passing to
them posts the board anew with a mention, because a new message is the only thing Discord notifies for; a player
who is here sees the board change in place, or gets a new message flagged silent.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.service import BoardChange, MatchRecord, MatchStatus
from cogs.ui.channel_gone import ended_if_gone
from cogs.ui.game_messages import GameMessage, current_link, message_link, players_only
from cogs.ui.press_answer import PressAnswer

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)

#: Current game messages remembered (the most recently shown matches'); an older one is fetched to be retired.
REMEMBERED_MESSAGES = 5000
NO_MENTIONS = discord.AllowedMentions.none()


@dataclass(frozen=True, slots=True)
class Target:
    """The board an update is shown on: where it is, and the press on it (answered with the board then; None:
    edited by id). What it says comes from the match, never from the message's last text."""

    channel_id: int
    message_id: int
    via: PressAnswer | None


class BoardMessages:
    """What this process knows of the boards it showed, and the calls that post, edit and delete them."""

    def __init__(self, bot: GammonBot) -> None:
        self.bot = bot
        self._shown: dict[int, int] = {}  # match id -> the newest version this process has shown
        #: message id -> whether a game message this process sent or edited is live (False once retired), so that
        #: it is retired once (the bot has no message cache: it takes no message events)
        self._last_sent: OrderedDict[int, bool] = OrderedDict()
        #: match id -> (channel id, message id) of the board this process last recorded as the current one (until
        #: the match is over): newer than the record of an update stored while that board was being posted
        self._current: dict[int, tuple[int, int]] = {}

    @property
    def away_seconds(self) -> float:
        return self.bot.settings.away_seconds

    def away(self, record: MatchRecord) -> bool:
        """Whether the player to act has been away: has not acted in the match for `away_seconds` (a challenge
        made counts), or not at all. Never the computer, which nobody notifies."""
        seat = record.match.to_act
        if seat is None or record.to_act is None or self.thinking(record):  # record.to_act: None once it is over
            return False
        acted = record.acted_at[seat]
        return acted is None or self.now() - acted >= self.away_seconds

    def thinking(self, record: MatchRecord) -> bool:
        """Whether the computer (the bot's own user) acts next: its board offers no controls."""
        to_act = record.to_act
        me = self.bot.user
        return to_act is not None and me is not None and to_act.user_id == me.id

    def current_link(self, record: MatchRecord) -> str | None:
        """`current_link`, from the board this process last recorded as current when it knows one: a record read
        while that board's recording was still being stored does not name it yet."""
        current = self._current.get(record.id)
        return current_link(record) if current is None else message_link(record.guild_id, *current)

    def _remember(self, message_id: int) -> None:
        self._keep(message_id, True)

    def _forget(self, message_id: int) -> None:
        """The message is retired (deleted, or made a game's final board): a later retire of it has nothing to do."""
        self._keep(message_id, False)

    def _retired(self, message_id: int) -> bool:
        return self._last_sent.get(message_id) is False

    def _keep(self, message_id: int, live: bool) -> None:
        self._last_sent[message_id] = live
        self._last_sent.move_to_end(message_id)
        while len(self._last_sent) > REMEMBERED_MESSAGES:
            self._last_sent.popitem(last=False)

    def now(self) -> float:
        """The service's clock, which match clocks run on (faster in the end-to-end tests)."""
        return self.bot.service.now()

    def _partial(self, record: MatchRecord, channel_id: int, message_id: int) -> discord.PartialMessage:
        return self.bot.get_partial_messageable(channel_id, guild_id=record.guild_id).get_partial_message(message_id)

    async def shown(
        self,
        record: MatchRecord,
        channel_id: int,
        message_id: int,
        *,
        stored: bool = False,
        finishing: BoardChange | None = None,
    ) -> None:
        """Record that this message now shows the record's version (and is the match's current message);
        `stored`: the press's action recorded it already, in its own transaction (one write per press);
        `finishing`: the board change a new message ends (never `stored`), finished in the same write."""
        if record.status is not MatchStatus.ACTIVE:
            self._current.pop(record.id, None)  # nothing follows a finished match's final board, however shown
        elif record.version >= self._shown.get(record.id, -1):
            self._current[record.id] = (channel_id, message_id)
        self._shown[record.id] = max(self._shown.get(record.id, -1), record.version)
        if not stored:
            await self.bot.service.boards.set_shown(record.id, channel_id, message_id, record.version, finishing)

    def showed(self, record: MatchRecord) -> bool:
        """Whether the record's current message shows its version: recorded as sure, or shown by this process (a
        board recorded with its press's action is sure once the answer got out; a start shows such boards
        again, since the process that answered may have stopped first)."""
        return record.shown and (record.message_sure or self._shown.get(record.id, -1) >= record.version)

    async def _edit_board(self, record: MatchRecord, target: Target, fields: dict[str, Any]) -> None:
        """Edit the target board: through the press on it, else by its id."""
        if target.via is not None:
            await target.via.edit(**fields)
        else:
            await self._partial(record, target.channel_id, target.message_id).edit(**fields)

    async def _current_message(self, record: MatchRecord) -> discord.Message | None:
        if record.message_id is None:
            return None
        channel_id = record.message_channel_id or record.channel_id
        try:
            return await self._partial(record, channel_id, record.message_id).fetch()
        except discord.NotFound:
            return None

    async def retire(
        self, record: MatchRecord, pressed: PressAnswer | None, *, also: tuple[int, int] | None = None
    ) -> None:
        """Delete the boards a new one replaces, before it is posted (what happened is on the new board;
        a match never shows two boards with live controls): the one pressed (through the press), the record's
        current one, and `also` (channel id, message id), the board this process showed last, when the record was
        read before that board was recorded. A game's final board is never among them (it is forgotten once
        made). Raises discord.HTTPException when Discord refuses one: the new board is then not posted, and the
        match is shown again later (`repairs`)."""
        message = pressed.message if pressed is not None else None
        if pressed is not None and message is not None:
            try:
                await pressed.delete()
            except discord.NotFound:
                log.info("The previous board of match %s is gone", record.id)
            self._forget(message.id)
        previous = []
        if record.message_id is not None:
            previous.append((record.message_channel_id or record.channel_id, record.message_id))
        if also is not None and also[1] != record.message_id:
            previous.append(also)
        for channel_id, old in previous:
            if message is None or message.id != old:
                await self._retire_previous(record, channel_id, old)

    async def _retire_previous(self, record: MatchRecord, channel_id: int, old: int) -> None:
        """Delete an earlier board of the match by id, once (as this process remembers it)."""
        if self._retired(old):
            return  # retired already (by the publish of an earlier update), or a game's final board
        await self._delete(record, self._partial(record, channel_id, old))
        self._forget(old)

    async def _delete(self, record: MatchRecord, message: discord.Message | discord.PartialMessage) -> None:
        try:
            await message.delete()
        except discord.NotFound:
            log.info("The previous board of match %s is gone", record.id)

    async def post(
        self, record: MatchRecord, message: GameMessage, *, silent: bool = False, finishing: BoardChange | None = None
    ) -> discord.Message:
        """Send a new game message in the match's channel and record it as the current one, finishing the board
        change (`finishing`) that it ends in the same write."""
        sent = await self.send(record, message, silent=silent)
        self._remember(sent.id)
        await self.shown(record, sent.channel.id, sent.id, finishing=finishing)
        return sent

    async def send(self, record: MatchRecord, message: GameMessage, *, silent: bool = False) -> discord.Message:
        """A new message in the match's channel; `silent`: its mention notifies nobody (Discord's
        SUPPRESS_NOTIFICATIONS flag)."""
        channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        view = message.view()
        mentions = players_only(record)
        sent: discord.Message
        try:
            if view is None:
                sent = await channel.send(
                    message.content, file=message.file(), allowed_mentions=mentions, silent=silent
                )
            else:
                sent = await channel.send(
                    message.content, file=message.file(), view=view, allowed_mentions=mentions, silent=silent
                )
        except discord.HTTPException as error:
            await ended_if_gone(self.bot, record, error)  # a deleted channel or thread: its match ends
            raise
        return sent
