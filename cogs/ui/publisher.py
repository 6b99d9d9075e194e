"""Shows match updates in Discord: one board per game, edited in place as the game goes on.

While both players are here, every action, the turn passing included, edits the same message (in the press's own
answer, cogs.ui.press_answer), and its controls are for whoever acts next. A new message only when a game ends (its
board stays, turned into the game's final board), when the player to act has been away (a new message is the only
thing Discord notifies for; cogs.ui.board_messages), or when there is no board to edit; the board it replaces is
deleted first. The computer's turn shows "thinking" with no controls, then its play on the same board. The turn
timer's reminder and claim offer post the board anew (`show_anew`); its note after a restart is an edit.

The stored state is the truth: the service records which version each board shows, so that whatever was stored but
not shown is shown again. Before a board is replaced a board change is stored (cogs.ui.board_sweep), finished once
the new one is up: after a stop anywhere in between, showing the match again keeps one board (adopting one Discord
created as the bot died) and retires every other. What the messages say is cogs.ui.game_messages.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.engine.events import Event
from bot.engine.match import Match
from bot.service import BoardChange, MatchRecord, MatchStatus, MatchUpdate
from bot.service.boards import first_board
from bot.service.locks import KeyedLocks
from cogs.ui.board_messages import NO_MENTIONS, BoardMessages, Target
from cogs.ui.board_picture import draw_final_board
from cogs.ui.board_sweep import LiveBoard, change_for, controls_version, live_boards, to_adopt
from cogs.ui.event_text import clip
from cogs.ui.game_messages import (
    GameMessage,
    addresses,
    compose,
    hands_over,
    match_result_text,
    message_link,
    next_game_starts,
    over_text,
    players_only,
)
from cogs.ui.languages import guild_language
from cogs.ui.match_end import post_match_end
from cogs.ui.press_answer import PressAnswer
from cogs.ui.repairs import BoardNotShown, Repairs
from cogs.ui.timer_text import claim_stands

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)


class GamePublisher(BoardMessages):
    """Shows match updates in Discord, answering the press that made one with its new board.

    The stored state is the truth and the board follows it: every board shown is recorded with its
    version (`service.boards.set_shown`), and a match whose current message does not show its current version (the
    bot was killed in between, or Discord refused) is shown again: at start-up, on a stale press, on `/bg board`,
    and by `repairs` until Discord lets it through.
    """

    def __init__(self, bot: GammonBot) -> None:
        super().__init__(bot)
        self.repairs = Repairs()
        self._locks = KeyedLocks()
        self._acting: Counter[int] = Counter()  # match id -> actions being applied and shown now

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

    async def language(self, record: MatchRecord) -> str:
        """The language of the match's public messages: its server's."""
        return await guild_language(self.bot.service.settings, self.bot, record.guild_id)

    async def publish(
        self,
        update: MatchUpdate,
        answer: PressAnswer | None = None,
        before: Match | None = None,
        *,
        actor: int | None = None,
    ) -> None:
        """Show an update (`_publish`). `answer`: the press that made it, answered with the new board when it is
        edited in place (else acknowledged); `actor`: the member who acted (default: the press's; None for the
        computer and the timers).

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
                    who = actor if actor is not None else answer.user_id if answer is not None else None
                    await self._publish(update, answer, before, who)
                except discord.HTTPException as error:
                    log.warning("Could not show match %s at version %s", record.id, record.version, exc_info=True)
                    if not record.message_sure and record.message_version == record.version:
                        await self.bot.service.boards.set_not_shown(record.id, record.version)  # recorded with it
                    if not isinstance(error, discord.NotFound):  # a deleted channel ends its match (cogs.channels)
                        self.repairs.add(record.id)
                    raise BoardNotShown(record.id, error) from error

    async def _publish(
        self, update: MatchUpdate, answer: PressAnswer | None, before: Match | None, actor: int | None
    ) -> None:
        """One board per game, edited in place: while the players are both here, the turn passes on the
        same message. A new message only when a game ends (its board stays as the game's final board), when the
        player to act has been away (the only way Discord notifies them), or when there is no board to edit."""
        record = update.record
        events = update.events
        target = self._target(record, answer)
        split = next_game_starts(events)
        if split is not None:
            await self._end_game(record, events[:split], target, before)
            await self._move(record, events[split:], answer, None)
            return
        handed = actor is None or record.to_act is None or record.to_act.user_id != actor
        where = None
        if target is not None and not (handed and self.away(record)):
            where = await self._edit(record, events, target)
            if where is not None and answer is not None and answer.message is not None and not target.via:
                await self._clear(answer)
        if where is None:
            where = await self._move(record, events, answer, target)
        if hands_over(events) and record.status is MatchStatus.FINISHED:
            link = message_link(record.guild_id, *where)
            await post_match_end(self.bot, record, link, await self.language(record))  # public: the server's

    def _target(self, record: MatchRecord, answer: PressAnswer | None) -> Target | None:
        """The board an update is shown on: the pressed board, else the match's current one; None when the match
        has none yet. A pressed message that is no board (a claim offer an older bot posted on its own) just loses
        its buttons (`_clear`)."""
        clicked = answer.message if answer is not None else None
        if answer is not None and clicked is not None and clicked.attachments:
            return Target(clicked.channel.id, clicked.id, answer)
        current = self._current.get(record.id)
        if current is None and record.message_id is not None:
            current = (record.message_channel_id or record.channel_id, record.message_id)
        if current is None:
            return None
        return Target(current[0], current[1], None)

    async def _edit(
        self, record: MatchRecord, events: Sequence[Event], target: Target, notes: Sequence[str] = ()
    ) -> tuple[int, int] | None:
        """Show the update (and the timer's `notes`) on the target board, in the press's own response when it is
        the pressed board; returns where (channel id, message id), None when that board is gone (deleted by a
        moderator)."""
        message = await compose(
            record,
            events,
            earlier=True,
            now=self.now(),
            thinking=self.thinking(record),
            language=await self.language(record),
            notes=notes,
        )
        fields: dict[str, Any] = {
            "content": message.content,
            "attachments": [message.file()],
            "view": message.view(),
            "allowed_mentions": players_only(record),
        }
        try:
            await self._edit_board(record, target, fields)
        except discord.NotFound:
            log.info("The board of match %s is gone: posting another", record.id)
            self._forget(target.message_id)
            return None
        self._remember(target.message_id)
        # Recorded with the press's action (one write per press), unless the match is over: its last board carries no
        # controls a start could confirm it by (`_answered`), so it is recorded as sure now.
        recorded = record.message_id == target.message_id and record.message_version == record.version
        stored = target.via is not None and recorded and record.status is MatchStatus.ACTIVE
        await self.shown(record, target.channel_id, target.message_id, stored=stored)
        return target.channel_id, target.message_id

    async def _end_game(
        self, record: MatchRecord, events: Sequence[Event], target: Target | None, before: Match | None
    ) -> None:
        """A game of the match ended: its board becomes the game's final board (no controls, the result beside
        it), kept for good. Without a board to turn (none known) the final board is a new message."""
        language = await self.language(record)
        result = match_result_text(record, events, language)
        png = await draw_final_board(before, events, language=language) if before is not None else None
        final = GameMessage(result, (), png or b"")
        fields: dict[str, Any] = {"content": result, "view": None, "allowed_mentions": NO_MENTIONS}
        if png is not None:
            fields["attachments"] = [final.file()]
        if target is not None:
            self._forget(target.message_id)
            try:
                await self._edit_board(record, target, fields)
                return
            except discord.NotFound:
                log.info("The board of match %s is gone: its game's final board is posted anew", record.id)
        if png is not None:
            await self.send(record, final, silent=True)

    async def _move(
        self,
        record: MatchRecord,
        events: Sequence[Event],
        answer: PressAnswer | None,
        target: Target | None,
    ) -> tuple[int, int]:
        """Post the board as a new message, mentioning the player to act (silently unless they were away), once the
        boards it replaces are retired (`retire`): a match never shows two boards with live controls, only a gap of
        one Discord call with none. A board change is stored first: a stop between the retirement and the post is
        mended at the restart by showing the match again (cogs.ui.board_sweep adopts a board Discord created as
        the bot died)."""
        # The update's record may name an older board: an action stored while the board now current was still
        # being posted (the computer's turn resumed at start-up, a timer) was read before that board was recorded.
        shown_before = self._current.get(record.id)
        older = (record.message_id, shown_before[1] if shown_before else None, target.message_id if target else None)
        # A new match's first board: its change was stored with the match, in the write that started it.
        change = first_board(record) if shown_before is None and target is None else None
        if change is None:
            change = change_for(record, *older)
            await self.bot.service.boards.begin_change(change)
        language = await self.language(record)
        message = await compose(record, events, now=self.now(), thinking=self.thinking(record), language=language)
        notify = self.away(record)
        log.info("Match %s: new board at version %s (old: %s, notifying: %s)", record.id, record.version, older, notify)
        pressed = target.via if target is not None else None
        await self.retire(record, pressed, also=shown_before)
        if answer is not None and pressed is None and answer.message is not None:
            await self._clear(answer)
        sent = await self.post(record, message, silent=not notify, finishing=change)
        return sent.channel.id, sent.id

    async def _clear(self, answer: PressAnswer) -> None:
        """A pressed message that is no board (an older bot's claim offer) loses its buttons."""
        try:
            await answer.edit(view=None)
        except discord.HTTPException:
            log.info("Could not clear the buttons of a pressed message", exc_info=True)

    async def show_again(self, match_id: int) -> MatchRecord:
        """Make the match's current game message show its stored version with the controls of whoever acts
        now, and, when a board change was left unfinished (a crash, or a refused retirement), leave no other board
        of the match with live controls. Returns the match as shown. Raises discord.HTTPException when
        Discord refuses. A shown version's board posted anew by the turn timer (`show_anew`) and cut short is
        adopted when it got out, else the current board is drawn again while the claim stands, to offer it (R9.5)."""
        async with self._locks.hold(match_id):
            record = await self.bot.service.match(match_id)
            change = await self.bot.service.boards.change(match_id)
            boards = [] if change is None else await live_boards(self.bot, record, change)
            adopt = to_adopt(record, boards)
            if record.shown and adopt is not None and adopt.message.id < (record.message_id or 0):
                adopt = None  # an older board of this version: the current one stays
            if self.showed(record) and adopt is None and not (change is not None and claim_stands(record)):
                self._shown[match_id] = max(self._shown.get(match_id, -1), record.version)
            else:
                await self._show(record, adopt, settling=change is not None)
                record = await self.bot.service.match(match_id)
            if change is not None:
                await self._settle(record, boards, change)
            return record

    async def _show(self, record: MatchRecord, adopt: LiveBoard | None, *, settling: bool) -> None:
        """Show the record's version: on a board of it posted before a kill (`adopt`), else edited in place when
        the current message is a live board that asks the same player (or shows the computer thinking), else as a
        new message (which mentions the player to act), the old board deleted (a game's final board is kept). A new
        message begins a board change of its own unless an unfinished one is `settling`."""
        if adopt is not None:
            self._remember(adopt.message.id)
            await self.shown(record, adopt.message.channel.id, adopt.message.id)
            log.info("Match %s: adopted board %s, posted before a restart", record.id, adopt.message.id)
            return
        old = await self._current_message(record)
        if not settling and old is not None and self._answered(record, old):
            await self.shown(record, old.channel.id, old.id)
            log.info("Match %s: its board already shows version %s", record.id, record.version)
            return
        if old is not None and self._in_place(record, old):
            target = Target(old.channel.id, old.id, None)
            if await self._edit(record, (), target) is not None:
                log.info("Showed match %s again at version %s", record.id, record.version)
                return
        language = await self.language(record)
        message = await compose(record, (), now=self.now(), thinking=self.thinking(record), language=language)
        if record.to_act is None:
            message = dataclasses.replace(message, content=clip(f"{over_text(record, language)}\n{message.content}"))
        await self._replace(record, old, message, silent=not self.away(record), settling=settling)
        log.info("Showed match %s again at version %s", record.id, record.version)

    async def _replace(
        self, record: MatchRecord, old: discord.Message | None, message: GameMessage, *, silent: bool, settling: bool
    ) -> None:
        """Delete `old` when it is a live board (a game's final board is kept), then post `message` as the match's
        board. A board change is stored first unless an unfinished one is `settling`."""
        change = None if settling else change_for(record, record.message_id)
        if change is not None:
            await self.bot.service.boards.begin_change(change)  # a crash from here on is settled at start-up
        if old is not None and controls_version(old, record.id) is not None:
            self._forget(old.id)
            await self._delete(record, old)
        await self.post(record, message, silent=silent, finishing=change)

    async def show_anew(self, record: MatchRecord, notes: Sequence[str]) -> bool:
        """The turn timer's news (R9.5: the reminder, the claim offer) as the match's board posted anew with `notes`
        above its prompt, the old board deleted: a new message is the only thing Discord notifies for, and it
        notifies everyone it names (the player to act; with the claim offer, their opponent too), while the deleted
        board's mentions go with it. False, and nothing shown, when the turn passed meanwhile (the next board says
        what matters) or the computer is to act. Raises discord.HTTPException when Discord refuses."""
        with self.acting(record.id):
            async with self._locks.hold(record.id):
                current = await self.bot.service.match(record.id)
                same_turn = current.timer.started_at == record.timer.started_at
                if current.status is not MatchStatus.ACTIVE or not same_turn or self.thinking(current):
                    return False
                old = await self._current_message(current)
                message = await compose(
                    current,
                    (),
                    earlier=True,
                    now=self.now(),
                    language=await self.language(current),
                    notes=notes,
                )
                await self._replace(current, old, message, silent=False, settling=False)
                log.info("Match %s: board posted anew at version %s for the turn timer", record.id, current.version)
                return True

    async def add_note(self, record: MatchRecord, notes: Sequence[str]) -> bool:
        """A timer's `notes` on the match's current board, edited in place (after a restart: the clock was paused).
        Said once: the board's next edit drops them, so nothing is left of them after the match. False when the
        current message is no live board for the player to act (it is shown anew later, without the note)."""
        with self.acting(record.id):
            async with self._locks.hold(record.id):
                current = await self.bot.service.match(record.id)
                old = await self._current_message(current)
                if current.status is not MatchStatus.ACTIVE or old is None or not self._in_place(current, old):
                    return False
                target = Target(old.channel.id, old.id, None)
                return await self._edit(current, (), target, notes) is not None

    def _answered(self, record: MatchRecord, old: discord.Message) -> bool:
        """Whether the current message already carries the controls of the record's version: the press's answer
        recorded with its action got out before a stop."""
        return old.id == record.message_id and record.shown and controls_version(old, record.id) == record.version

    def _in_place(self, record: MatchRecord, old: discord.Message) -> bool:
        """Whether the current message can show the record's version by an edit: a board of the match still live
        (controls, or the computer thinking) whose player to act is the same (nobody needs a new mention)."""
        waiting = record.to_act
        thinking_board = not old.components and old.content.endswith("\u2026")  # the computer's turn
        live = thinking_board or controls_version(old, record.id) is not None  # version 0 (the opening) included
        if waiting is None or not old.attachments or not live:
            return False
        return addresses(old.content, waiting.user_id) or self.thinking(record) or not self.away(record)

    async def _settle(self, record: MatchRecord, boards: list[LiveBoard], change: BoardChange) -> None:
        """Retire every board of an unfinished change but the match's current one, then finish the change (left
        stored if Discord refused one: tried again by `repairs`)."""
        refused: discord.HTTPException | None = None
        for board in boards:
            message = board.message
            if message.id == record.message_id or self._retired(message.id):
                continue  # the current board, or retired by this process meanwhile
            try:
                self._forget(message.id)
                await self._delete(record, message)
            except discord.HTTPException as error:
                log.warning("Could not retire an old board of match %s", record.id, exc_info=True)
                refused = error
        if refused is not None:
            raise refused  # the change stays stored; the keeper tries again
        await self.bot.service.boards.finish_change(change)
        log.info("Match %s: %d older board(s) looked at, one left with controls", record.id, len(boards))
