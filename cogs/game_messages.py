"""Game messages: after every action, the board picture, what happened, and the controls for whoever acts next.

While the same player keeps acting (steps of a turn, Undo), their message is edited in place. When someone
else must act (the turn passes, a double is offered, a game ends), a new message mentions the player to act so
that Discord notifies them, and only then does the old message lose its buttons (it keeps its picture): a
crash in between leaves two boards, never none. The service records which version each board shows, so that
whatever was stored but not shown is shown again (issue 15). Mentions are limited to the players concerned.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import logging
import time
from collections import Counter, OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.engine.events import Event, GameStarted, GameWon, MatchWon
from bot.engine.match import Match
from bot.service import MatchRecord, MatchStatus, MatchUpdate
from bot.service.locks import KeyedLocks
from cogs.board_picture import FILENAME, draw_board, draw_final_board
from cogs.channels import ended_if_gone
from cogs.clock_text import clock_line, clock_texts
from cogs.controls import STATUS_PREFIX, controls, prompt, status_line
from cogs.custom_ids import GameAction, GameControl
from cogs.event_text import clip, describe
from cogs.fairness import end_line, start_line
from cogs.move_menu import ButtonSpec, Rows
from cogs.repairs import BoardNotShown, Repairs
from cogs.views import game_view

if TYPE_CHECKING:
    from bot.app import GammonBot

log = logging.getLogger(__name__)


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def message_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def current_link(record: MatchRecord) -> str | None:
    """A link to the match's current game message, when there is one."""
    if record.message_id is None:
        return None
    channel_id = record.message_channel_id or record.channel_id
    return message_link(record.guild_id, channel_id, record.message_id)


def players_only(record: MatchRecord) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(id=player.user_id) for player in record.players],
    )


@dataclass(frozen=True, slots=True)
class GameMessage:
    """One game message as data: text (what happened, then the prompt last) and the buttons."""

    content: str
    rows: Rows
    png: bytes

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.png), filename=FILENAME)

    def view(self) -> discord.ui.View | None:
        return game_view(self.rows) if self.rows else None


def compose_text(record: MatchRecord, events: Sequence[Event], history: str = "", now: float | None = None) -> str:
    """What happened (this update's lines, after the `history` kept from the message being edited) and the
    prompt for the player to act, as the last line; a clocked match's clocks above it (issue 20)."""
    match = record.match
    lines = [history] if history else []
    lines += describe(events, match.names, match.options.length)
    if any(isinstance(event, GameStarted) and event.number == 1 for event in events):
        lines.append(start_line(record))  # the dice's commitment (issue 18)
    revealed = end_line(record)
    if revealed and revealed not in history:
        lines.append(revealed)  # the match is over, however it ended: the bot's seed (issue 18)
    to_act = match.to_act
    if to_act is not None:
        lines.append(status_line(match))
        lines.append(clock_line(record, time.time() if now is None else now))
        lines.append(prompt(match, mention(record.players[to_act].user_id)))
    return clip("\n".join(line for line in lines if line))


def retired_text(content: str) -> dict[str, str]:
    """The edit to a game message once someone else acts: what happened, without the prompt (its last line,
    addressed to a player) and the status line above it. No change when there is no prompt, or nothing but
    the prompt (None would remove the text), so retiring a message twice changes nothing."""
    lines = content.splitlines()
    if len(lines) < 2 or not lines[-1].startswith("<@"):
        return {}
    kept = history_of(content)
    return {"content": kept} if kept else {}


def retired_edit(content: str, has_picture: bool) -> dict[str, Any]:
    """The whole edit that retires a game message: no buttons, no prompt, and no picture either when text is
    left to say what happened (issue 15: a 3-point match left about 74 board pictures in the channel; now only
    the current board and each game's final board keep theirs). Retiring twice changes nothing more."""
    edit: dict[str, Any] = {"view": None, **retired_text(content)}
    lines = content.splitlines()
    prompt_only = len(lines) == 1 and lines[0].startswith("<@")
    if has_picture and not prompt_only and str(edit.get("content", content)).strip():
        edit["attachments"] = []
    return edit


def match_result_text(record: MatchRecord, events: Sequence[Event]) -> str:
    """What ended a game, with no prompt: the text beside a finished game's final board."""
    match = record.match
    return clip("\n".join(describe(events, match.names, match.options.length)))


def history_of(content: str) -> str:
    """The content of a game message without its last line (the prompt) and the status line, kept when the
    message is edited."""
    lines = content.splitlines()[:-1]
    return "\n".join(line for line in lines if not line.startswith(STATUS_PREFIX))


async def compose(
    record: MatchRecord,
    events: Sequence[Event],
    *,
    history: str = "",
    picked: int | None = None,
    viewer: int | None = None,
    now: float | None = None,
) -> GameMessage:
    """The message for the match now (`now` on the service's clock, for the match clock). Public boards are drawn
    from the challenger's side; `viewer` (0 or 1) draws a private view from that player's side. A finished match
    offers a Rematch (issue 20)."""
    match = record.match
    now = time.time() if now is None else now
    rows = (
        rematch_rows(record)
        if record.status is MatchStatus.FINISHED
        else controls(record.id, record.version, match, picked)
    )
    png = await draw_board(match, viewer=viewer, clocks=clock_texts(record, now))
    return GameMessage(compose_text(record, events, history, now), rows, png)


def rematch_rows(record: MatchRecord) -> Rows:
    """The Rematch button under a finished match's last message."""
    return (
        (
            ButtonSpec(
                "Rematch", GameControl(record.id, record.version, GameAction.REMATCH), discord.ButtonStyle.success
            ),
        ),
    )


def hands_over(events: Sequence[Event]) -> bool:
    """Whether a game ended: the result and the next game's opening get a message of their own."""
    return any(isinstance(event, GameWon | MatchWon) for event in events)


def next_game_starts(events: Sequence[Event]) -> int | None:
    """Where the events of a new game begin, when a game of a match ended and the next one started."""
    for index, event in enumerate(events):
        if isinstance(event, GameWon) and not any(isinstance(later, MatchWon) for later in events[index:]):
            return index + 1
    return None


def addresses(content: str, user_id: int) -> bool:
    """Whether a game message's prompt (its last line) is addressed to this user."""
    lines = content.splitlines()
    return bool(lines) and lines[-1].startswith(mention(user_id))


def over_text(record: MatchRecord) -> str:
    """The line beside a finished match's board when its end is shown again (the result's own lines are gone)."""
    match = record.match
    winner = match.winner
    if winner is None:
        return f"Match #{record.id} was stopped."
    score = f" {match.scores[winner]}-{match.scores[1 - winner]}" if match.options.length else ""
    return f"{match.names[winner]} won the {'match' if match.options.length else 'money game'}{score}."


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
    one is retired, every board shown is recorded with its version (`service.set_shown`), and a match whose
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
        events = update.events
        split = next_game_starts(events)
        if split is not None and before is not None:
            result = match_result_text(record, events[:split])
            final = GameMessage(result, (), await draw_final_board(before, events[:split]))
            await self.send(record, final)
            events = events[split:]
        message = await compose(record, events, now=self.now())
        sent = await self.post(record, message)
        await self.retire(record, interaction, keep=sent.id, also=shown_before)

    async def show_again(self, match_id: int) -> MatchRecord:
        """Make the match's current game message show its stored version with the controls of whoever acts
        now: edited in place when it already asks that player, else a new message (which mentions them) and the
        old one retired. Returns the match as shown. Raises discord.HTTPException when Discord refuses."""
        async with self._locks.hold(match_id):
            record = await self.bot.service.match(match_id)
            if record.shown:
                self._shown[match_id] = max(self._shown.get(match_id, -1), record.version)
                return record
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
                await self.post(record, message)
                if old is not None:
                    self._forget(old.id)
                    await self._retire_message(record, old, old.content, bool(old.attachments))
            log.info("Showed match %s again at version %s", match_id, record.version)
            return await self.bot.service.match(match_id)

    async def shown(self, record: MatchRecord, channel_id: int, message_id: int) -> None:
        """Record that this message now shows the record's version (and is the match's current message)."""
        if record.status is not MatchStatus.ACTIVE:
            self._current.pop(record.id, None)  # nothing follows a finished match's final board, however shown
        elif record.version >= self._shown.get(record.id, -1):
            self._current[record.id] = (channel_id, message_id)
        self._shown[record.id] = max(self._shown.get(record.id, -1), record.version)
        await self.bot.service.set_shown(record.id, channel_id, message_id, record.version)

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
    ) -> None:
        """The previous game message keeps what happened, but loses its buttons, the prompt (which no longer
        holds) and its picture (`retired_edit`). A clicked message that is not a board (a claim offer) just loses
        its buttons. The previous message is the record's current one, and `also` (channel id, message id), the
        board this process showed last before `keep`, when the record was read before that board was recorded.
        The new board is already up: a failure here leaves stale buttons, which say "out of date" when pressed.

        The clicked message is judged by itself rather than by the stored current message id: a quick player
        can click a new message before the service has stored it as current."""
        clicked = interaction.message if interaction is not None else None
        try:
            if interaction is not None and clicked is not None and clicked.id != keep:
                self._forget(clicked.id)
                edit = retired_edit(clicked.content, True) if clicked.attachments else {"view": None}
                await interaction.edit_original_response(**edit)
        except discord.NotFound:
            log.info("The previous message of match %s is gone", record.id)
        except discord.HTTPException:
            log.warning("Could not retire the previous message of match %s", record.id, exc_info=True)
        previous = (
            [] if record.message_id is None else [(record.message_channel_id or record.channel_id, record.message_id)]
        )
        if also is not None and also[1] != record.message_id:
            previous.append(also)
        for channel_id, old in previous:
            if old != keep and (clicked is None or clicked.id != old):
                await self._retire_previous(record, channel_id, old)

    async def _retire_previous(self, record: MatchRecord, channel_id: int, old: int) -> None:
        """Retire an earlier game message of the match by id, once (as this process remembers it, or fetched)."""
        try:
            partial = self.bot.get_partial_messageable(channel_id, guild_id=record.guild_id)
            message = partial.get_partial_message(old)
            if old in self._last_sent and self._last_sent[old] is None:
                return  # retired already (by the publish of an earlier update)
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
