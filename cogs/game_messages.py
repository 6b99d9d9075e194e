"""Game messages: after every action, the board picture, what happened, and the controls for whoever acts next.

While the same player keeps acting (steps of a turn, Undo), their message is edited in place. When someone
else must act (the turn passes, a double is offered, a game ends), the old message keeps its picture and
loses its buttons, and a new message mentions the player to act so that Discord notifies them; the service
remembers it as the match's current message (for links and "out of date" answers). Mentions are limited to
the players concerned.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.engine.events import Event, GameWon, MatchWon
from bot.engine.match import Match
from bot.service import MatchRecord, MatchUpdate
from cogs.board_picture import FILENAME, draw_board, draw_final_board
from cogs.channels import ended_if_gone
from cogs.controls import STATUS_PREFIX, controls, prompt, status_line
from cogs.event_text import clip, describe
from cogs.move_menu import Rows
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
        everyone=False, roles=False, replied_user=False,
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


def compose_text(record: MatchRecord, events: Sequence[Event], history: str = "") -> str:
    """What happened (this update's lines, after the `history` kept from the message being edited) and the
    prompt for the player to act, as the last line."""
    match = record.match
    lines = [history] if history else []
    lines += describe(events, match.names, match.options.length)
    to_act = match.to_act
    if to_act is not None:
        lines.append(status_line(match))
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


def match_result_text(record: MatchRecord, events: Sequence[Event]) -> str:
    """What ended a game, with no prompt: the text beside a finished game's final board."""
    match = record.match
    return clip("\n".join(describe(events, match.names, match.options.length)))


def history_of(content: str) -> str:
    """The content of a game message without its last line (the prompt) and the status line, kept when the
    message is edited."""
    lines = content.splitlines()[:-1]
    return "\n".join(line for line in lines if not line.startswith(STATUS_PREFIX))


async def compose(record: MatchRecord, events: Sequence[Event], *, history: str = "",
                  picked: int | None = None) -> GameMessage:
    match = record.match
    rows = controls(record.id, record.version, match, picked)
    png = await draw_board(match)
    return GameMessage(compose_text(record, events, history), rows, png)


def hands_over(events: Sequence[Event]) -> bool:
    """Whether a game ended: the result and the next game's opening get a message of their own."""
    return any(isinstance(event, GameWon | MatchWon) for event in events)


def next_game_starts(events: Sequence[Event]) -> int | None:
    """Where the events of a new game begin, when a game of a match ended and the next one started."""
    for index, event in enumerate(events):
        if isinstance(event, GameWon) and not any(isinstance(later, MatchWon) for later in events[index:]):
            return index + 1
    return None


class GamePublisher:
    """Shows match updates in Discord. Callers acknowledge the interaction first (defer)."""

    def __init__(self, bot: GammonBot) -> None:
        self.bot = bot

    async def publish(self, update: MatchUpdate, interaction: discord.Interaction[Any] | None = None,
                      before: Match | None = None) -> None:
        """Show an update: in place when the clicking player acts again, else as a new message.

        `before` is the match as it was before the action: when a game of a match ends, its final board is shown
        with the result, and the next game's opening follows in a message of its own.
        """
        record = update.record
        match = record.match
        clicked = interaction.message if interaction is not None else None
        to_act = match.to_act
        same_player = to_act is not None and interaction is not None and (
            record.players[to_act].user_id == interaction.user.id
        )
        if interaction is not None and clicked is not None and same_player and not hands_over(update.events):
            message = await compose(record, update.events, history=history_of(clicked.content))
            await interaction.edit_original_response(
                content=message.content, attachments=[message.file()], view=message.view(),
                allowed_mentions=players_only(record),
            )
            return
        await self.retire(record, interaction)
        events = update.events
        split = next_game_starts(events)
        if split is not None and before is not None:
            result = match_result_text(record, events[:split])
            final = GameMessage(result, (), await draw_final_board(before, events[:split]))
            await self.send(record, final)
            events = events[split:]
        message = await compose(record, events)
        await self.post(record, message)

    async def retire(self, record: MatchRecord, interaction: discord.Interaction[Any] | None) -> None:
        """The previous game message keeps its picture and what happened, but loses its buttons and the prompt
        (which no longer holds). A clicked message that is not a board (a claim offer) just loses its buttons.

        The clicked message is judged by itself rather than by the stored current message id: a quick player
        can click a new message before the service has stored it as current."""
        clicked = interaction.message if interaction is not None else None
        try:
            if interaction is not None and clicked is not None:
                edit = retired_text(clicked.content) if clicked.attachments else {}
                await interaction.edit_original_response(view=None, **edit)  # type: ignore[arg-type]
            if record.message_id is not None and (clicked is None or clicked.id != record.message_id):
                channel_id = record.message_channel_id or record.channel_id
                partial = self.bot.get_partial_messageable(channel_id, guild_id=record.guild_id)
                message = partial.get_partial_message(record.message_id)
                cached = discord.utils.get(self.bot.cached_messages, id=record.message_id)
                known = cached if cached is not None else await message.fetch()
                await message.edit(view=None, **retired_text(known.content))  # type: ignore[arg-type]
        except discord.NotFound:
            log.info("The previous message of match %s is gone", record.id)

    async def post(self, record: MatchRecord, message: GameMessage) -> discord.Message:
        """Send a new game message in the match's channel and remember it as the current one."""
        sent = await self.send(record, message)
        await self.bot.service.set_message(record.id, record.channel_id, sent.id)
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
