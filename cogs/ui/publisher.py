"""Shows match updates in Discord: the GamePublisher posts each new board before it retires the old one.

While the same player keeps acting (steps of a turn, Undo), their message is edited in place. When someone
else must act (the turn passes, a double is offered, a game ends), a new message mentions the player to act so
that Discord notifies them, and only then does the old message lose its buttons (it keeps its picture): a
crash in between leaves two boards, never none. The service records which version each board shows, so that
whatever was stored but not shown is shown again (issue 15). Before a new board is posted, a board change is
stored (cogs.ui.board_sweep), finished once the old board is retired: after a crash anywhere in between, showing
the match again keeps one board (the current one, or adopts the one Discord created as the bot died) and retires
every other (issue 31). What the messages say is cogs.ui.game_messages.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
from collections import Counter, OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.engine.match import Match
from bot.service import BoardChange, MatchRecord, MatchStatus, MatchUpdate
from bot.service.locks import KeyedLocks
from cogs.ui.board_picture import draw_final_board
from cogs.ui.board_sweep import LiveBoard, change_for, live_boards, to_adopt
from cogs.ui.channel_gone import ended_if_gone
from cogs.ui.event_text import clip
from cogs.ui.game_messages import (
    GameMessage,
    addresses,
    compose,
    current_link,
    hands_over,
    history_of,
    match_result_text,
    message_link,
    next_game_starts,
    over_text,
    players_only,
    retired_edit,
)
from cogs.ui.repairs import BoardNotShown, Repairs

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)


#: Current game messages remembered (the most recently shown matches'); an older one is fetched to be retired.
REMEMBERED_MESSAGES = 5000


@dataclass(frozen=True, slots=True)
class SentMessage:
    """What retiring a game message needs to know of it."""

    id: int
    content: str
    picture: bool


class GamePublisher:
    """Shows match updates in Discord. Callers acknowledge the interaction first (defer).

    The stored state is the truth and the board follows it (issue 15): a new board is posted before the old
    one is retired, every board shown is recorded with its version (`service.boards.set_shown`), and a match whose
    current message does not show its current version (the bot was killed in between, or Discord refused) is
    shown again: at start-up, on a stale press, on `/bg board`, and by `repairs` until Discord lets it through.
    """

    def __init__(self, bot: GammonBot) -> None:
        self.bot = bot
        self.repairs = Repairs()
        self._locks = KeyedLocks()
        self._shown: dict[int, int] = {}  # match id -> the newest version this process has shown
        self._acting: Counter[int] = Counter()  # match id -> actions being applied and shown now
        #: message id -> a game message as this process last sent or edited it (None once retired), so that it is
        #: retired without a fetch, and once (the bot has no message cache: it takes no message events)
        self._last_sent: OrderedDict[int, SentMessage | None] = OrderedDict()
        #: match id -> (channel id, message id) of the board this process last recorded as the current one (until
        #: the match is over): newer than the record of an update stored while that board was being posted
        self._current: dict[int, tuple[int, int]] = {}

    @contextlib.contextmanager
    def acting(self, match_id: int) -> Iterator[None]:
        """Around applying an action and publishing it: meanwhile the match is not "shown again" from elsewhere
        (a stale press, the keeper), which would race the publish and show the board twice."""
        self._acting[match_id] += 1
        try:
            yield
        finally:
            self._acting[match_id] -= 1
            if not self._acting[match_id]:
                del self._acting[match_id]

    def busy(self, match_id: int) -> bool:
        return match_id in self._acting

    def current_link(self, record: MatchRecord) -> str | None:
        """`current_link`, from the board this process last recorded as current when it knows one: a record read
        while that board's recording was still being stored does not name it yet."""
        current = self._current.get(record.id)
        return current_link(record) if current is None else message_link(record.guild_id, *current)

    def _remember(self, message: discord.Message) -> None:
        self._keep(message.id, SentMessage(message.id, message.content, bool(message.attachments)))

    def _forget(self, message_id: int) -> None:
        """The message is retired: a later retire of it has nothing to do."""
        self._keep(message_id, None)

    def _keep(self, message_id: int, sent: SentMessage | None) -> None:
        self._last_sent[message_id] = sent
        self._last_sent.move_to_end(message_id)
        while len(self._last_sent) > REMEMBERED_MESSAGES:
            self._last_sent.popitem(last=False)

    def now(self) -> float:
        """The service's clock, which match clocks run on (faster in the end-to-end tests)."""
        return self.bot.service.now()

    async def publish(
        self, update: MatchUpdate, interaction: discord.Interaction[Any] | None = None, before: Match | None = None
    ) -> None:
        """Show an update: in place when the clicking player acts again, else as a new message.

        `before` is the match as it was before the action: when a game of a match ends, its final board is shown
        with the result, and the next game's opening follows in a message of its own. Raises BoardNotShown when
        Discord refuses (the match is then queued for `repairs`). Always `acting`: the board keeper leaves the match
        alone until this update is shown; callers that store an action first hold `acting` from before that.
        """
        record = update.record
        with self.acting(record.id):
            async with self._locks.hold(record.id):
                if self._shown.get(record.id, -1) >= record.version:
                    return  # shown meanwhile (by show_again), or a newer update was: nothing to add
                try:
                    await self._publish(update, interaction, before)
                except discord.HTTPException as error:
                    log.warning("Could not show match %s at version %s", record.id, record.version, exc_info=True)
                    if not isinstance(error, discord.NotFound):  # a deleted channel ends its match (cogs.channels)
                        self.repairs.add(record.id)
                    raise BoardNotShown(record.id, error) from error

    async def _publish(
        self, update: MatchUpdate, interaction: discord.Interaction[Any] | None, before: Match | None
    ) -> None:
        record = update.record
        match = record.match
        clicked = interaction.message if interaction is not None else None
        to_act = match.to_act
        same_player = (
            to_act is not None and interaction is not None and (record.players[to_act].user_id == interaction.user.id)
        )
        if interaction is not None and clicked is not None and same_player and not hands_over(update.events):
            message = await compose(record, update.events, history=history_of(clicked.content), now=self.now())
            edited = await interaction.edit_original_response(
                content=message.content,
                attachments=[message.file()],
                view=message.view(),
                allowed_mentions=players_only(record),
            )
            self._remember(edited)
            await self.shown(record, clicked.channel.id, clicked.id)
            return
        # Taken before the new board is posted (which becomes the current one). The update's record may name an
        # older board: an action stored while the board now current was still being posted (the computer's turn
        # resumed at start-up, a timer) was read before that board was recorded as shown. Retiring only the
        # record's board left the one in between with live controls (issue 16: a stale Roll button).
        shown_before = self._current.get(record.id)
        older = (record.message_id, shown_before[1] if shown_before else None, clicked.id if clicked else None)
        change = change_for(record, *older)
        await self.bot.service.boards.begin_change(change)  # stored before the post (issue 31)
        events = update.events
        split = next_game_starts(events)
        if split is not None and before is not None:
            result = match_result_text(record, events[:split])
            final = GameMessage(result, (), await draw_final_board(before, events[:split]))
            await self.send(record, final)
            events = events[split:]
        message = await compose(record, events, now=self.now())
        sent = await self.post(record, message)
        if await self.retire(record, interaction, keep=sent.id, also=shown_before):
            await self.bot.service.boards.finish_change(change)
        else:
            self.repairs.add(record.id)  # an old board kept its controls: showing again retires it

    async def show_again(self, match_id: int) -> MatchRecord:
        """Make the match's current game message show its stored version with the controls of whoever acts
        now, and, when a board change was left unfinished (a crash, or a refused retirement), leave no other board
        of the match with live controls (issue 31). Returns the match as shown. Raises discord.HTTPException when
        Discord refuses."""
        async with self._locks.hold(match_id):
            record = await self.bot.service.match(match_id)
            change = await self.bot.service.boards.change(match_id)
            boards = [] if change is None else await live_boards(self.bot, record, change)
            if record.shown:
                self._shown[match_id] = max(self._shown.get(match_id, -1), record.version)
            else:
                await self._show(record, to_adopt(record, boards), settling=change is not None)
                record = await self.bot.service.match(match_id)
            if change is not None:
                await self._settle(record, boards, change)
            return record

    async def _show(self, record: MatchRecord, adopt: LiveBoard | None, *, settling: bool) -> None:
        """Show the record's version: on a board of it posted before a kill (`adopt`), else edited in place when
        the current message already asks the player to act, else as a new message (which mentions them), the old
        one retired. A new message begins a board change of its own unless an unfinished one is `settling`."""
        if adopt is not None:
            self._remember(adopt.message)
            await self.shown(record, adopt.message.channel.id, adopt.message.id)
            log.info("Match %s: adopted board %s, posted before a restart", record.id, adopt.message.id)
            return
        old = await self._current_message(record)
        waiting = record.to_act
        if old is not None and waiting is not None and old.attachments and addresses(old.content, waiting.user_id):
            message = await compose(record, (), history=history_of(old.content), now=self.now())
            edited = await old.edit(
                content=message.content,
                attachments=[message.file()],
                view=message.view(),
                allowed_mentions=players_only(record),
            )
            self._remember(edited)
            await self.shown(record, old.channel.id, old.id)
        else:
            message = await compose(record, (), now=self.now())
            if waiting is None:
                message = dataclasses.replace(message, content=clip(f"{over_text(record)}\n{message.content}"))
            change = None if settling else change_for(record, record.message_id)
            if change is not None:
                await self.bot.service.boards.begin_change(change)  # a crash from here on is settled at start-up
            await self.post(record, message)
            if old is not None:
                self._forget(old.id)
                await self._retire_message(record, old, old.content, bool(old.attachments))
            if change is not None:
                await self.bot.service.boards.finish_change(change)
        log.info("Showed match %s again at version %s", record.id, record.version)

    async def _settle(self, record: MatchRecord, boards: list[LiveBoard], change: BoardChange) -> None:
        """Retire every board of an unfinished change but the match's current one, then finish the change (left
        stored if Discord refused one: tried again by `repairs`)."""
        refused: discord.HTTPException | None = None
        for board in boards:
            message = board.message
            if message.id == record.message_id or (message.id in self._last_sent and not self._last_sent[message.id]):
                continue  # the current board, or retired by this process meanwhile
            try:
                self._forget(message.id)
                await self._retire_message(record, message, message.content, bool(message.attachments))
            except discord.HTTPException as error:
                log.warning("Could not retire an old board of match %s", record.id, exc_info=True)
                refused = error
        if refused is not None:
            raise refused  # the change stays stored; the keeper tries again
        await self.bot.service.boards.finish_change(change)
        log.info("Match %s: %d older board(s) looked at, one left with controls", record.id, len(boards))

    async def shown(self, record: MatchRecord, channel_id: int, message_id: int) -> None:
        """Record that this message now shows the record's version (and is the match's current message)."""
        if record.status is not MatchStatus.ACTIVE:
            self._current.pop(record.id, None)  # nothing follows a finished match's final board, however shown
        elif record.version >= self._shown.get(record.id, -1):
            self._current[record.id] = (channel_id, message_id)
        self._shown[record.id] = max(self._shown.get(record.id, -1), record.version)
        await self.bot.service.boards.set_shown(record.id, channel_id, message_id, record.version)

    async def _current_message(self, record: MatchRecord) -> discord.Message | None:
        if record.message_id is None:
            return None
        channel_id = record.message_channel_id or record.channel_id
        partial = self.bot.get_partial_messageable(channel_id, guild_id=record.guild_id)
        try:
            return await partial.get_partial_message(record.message_id).fetch()
        except discord.NotFound:
            return None

    async def retire(
        self,
        record: MatchRecord,
        interaction: discord.Interaction[Any] | None,
        *,
        keep: int | None = None,
        also: tuple[int, int] | None = None,
    ) -> bool:
        """The previous game message keeps what happened, but loses its buttons, the prompt (which no longer
        holds) and its picture (`retired_edit`). A clicked message that is not a board (a claim offer) just loses
        its buttons. The previous message is the record's current one, and `also` (channel id, message id), the
        board this process showed last before `keep`, when the record was read before that board was recorded.
        The new board is already up: a failure here leaves stale buttons, which say "out of date" when pressed;
        False then (True: every previous message retired, or gone).

        The clicked message is judged by itself rather than by the stored current message id: a quick player
        can click a new message before the service has stored it as current."""
        clicked = interaction.message if interaction is not None else None
        retired = True
        try:
            if interaction is not None and clicked is not None and clicked.id != keep:
                self._forget(clicked.id)
                edit = retired_edit(clicked.content, True) if clicked.attachments else {"view": None}
                await interaction.edit_original_response(**edit)
        except discord.NotFound:
            log.info("The previous message of match %s is gone", record.id)
        except discord.HTTPException:
            log.warning("Could not retire the previous message of match %s", record.id, exc_info=True)
            retired = False
        previous = (
            [] if record.message_id is None else [(record.message_channel_id or record.channel_id, record.message_id)]
        )
        if also is not None and also[1] != record.message_id:
            previous.append(also)
        for channel_id, old in previous:
            if old != keep and (clicked is None or clicked.id != old):
                retired = await self._retire_previous(record, channel_id, old) and retired
        return retired

    async def _retire_previous(self, record: MatchRecord, channel_id: int, old: int) -> bool:
        """Retire an earlier game message of the match by id, once (as this process remembers it, or fetched).
        False when Discord refused."""
        try:
            partial = self.bot.get_partial_messageable(channel_id, guild_id=record.guild_id)
            message = partial.get_partial_message(old)
            if old in self._last_sent and self._last_sent[old] is None:
                return True  # retired already (by the publish of an earlier update)
            known = self._last_sent.get(old)
            if known is None:  # sent by an earlier run of the bot, or long ago: ask Discord
                fetched = await message.fetch()
                known = SentMessage(fetched.id, fetched.content, bool(fetched.attachments))
            self._forget(old)
            await self._retire_message(record, message, known.content, known.picture)
        except discord.NotFound:
            log.info("The previous message of match %s is gone", record.id)
        except discord.HTTPException:
            log.warning("Could not retire the previous message of match %s", record.id, exc_info=True)
            return False
        return True

    async def _retire_message(
        self, record: MatchRecord, message: discord.Message | discord.PartialMessage, content: str, picture: bool
    ) -> None:
        try:
            await message.edit(**retired_edit(content, picture))
        except discord.NotFound:
            log.info("The previous message of match %s is gone", record.id)

    async def post(self, record: MatchRecord, message: GameMessage) -> discord.Message:
        """Send a new game message in the match's channel and record it as the current one."""
        sent = await self.send(record, message)
        self._remember(sent)
        await self.shown(record, sent.channel.id, sent.id)
        return sent

    async def send(self, record: MatchRecord, message: GameMessage) -> discord.Message:
        channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        view = message.view()
        mentions = players_only(record)
        sent: discord.Message
        try:
            if view is None:
                sent = await channel.send(message.content, file=message.file(), allowed_mentions=mentions)
            else:
                sent = await channel.send(message.content, file=message.file(), view=view, allowed_mentions=mentions)
        except discord.HTTPException as error:
            await ended_if_gone(self.bot, record, error)  # a deleted channel or thread: its match ends (issue 15)
            raise
        return sent
