"""Game messages as data: the board picture, what happened, and the controls for whoever acts next; the text of
a message retired when someone else acts (cogs.ui.publisher shows them). Mentions are limited to the players
concerned.
"""

from __future__ import annotations

import io
import time
from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.engine.events import Event, GameStarted, GameWon, MatchWon, TimedOut
from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from bot.service import MatchRecord, MatchStatus, MatchUpdate
from cogs.ui.board_picture import FILENAME, draw_board
from cogs.ui.clock_text import clock_line, clock_texts
from cogs.ui.control_words import translated_rows
from cogs.ui.controls import controls, prompt, status_line
from cogs.ui.custom_ids import GameAction, GameControl
from cogs.ui.event_text import clip, describe, escape_name, mention
from cogs.ui.fairness_text import end_line
from cogs.ui.move_menu import ButtonSpec, Rows
from cogs.ui.timer_text import claim_notes, with_claim
from cogs.ui.views import game_view
from cogs.ui.web_links import match_link_view


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
    match_page: int | None = None  # a finished match: its web page's link under the message
    language: str = DEFAULT_LANGUAGE  # the server's: the link button's label

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.png), filename=FILENAME)

    def view(self) -> discord.ui.View | None:
        view = game_view(self.rows) if self.rows else None
        return view if self.match_page is None else match_link_view(self.match_page, view, self.language)


#: How many lines of what happened a board keeps from before its update: the board is edited in place for the
#: whole game, so it tells the last turns only; the move list at the end has them all.
HISTORY_LINES = 3


def thinking_line(record: MatchRecord, language: str = DEFAULT_LANGUAGE) -> str:
    """In place of the prompt while the computer chooses its play: nobody is asked, nobody mentioned.
    Ends with an ellipsis in every language: the publisher tells a thinking board by it."""
    to_act = record.to_act
    if to_act is None:
        return ""
    return translate(language, N_("{name} is thinking"), name=escape_name(to_act.name)).rstrip(".\u2026") + "\u2026"


def earlier_lines(record: MatchRecord, events: Sequence[Event], language: str = DEFAULT_LANGUAGE) -> list[str]:
    """The last HISTORY_LINES lines of what happened in the current game before the update whose `events` end the
    match's latest actions: from the stored match (its recent actions' events), never from a message."""
    match = record.match
    actions = list(match.recent_events)
    told = 0
    while actions and told < len(events):  # the update's own actions: described from `events`
        told += len(actions.pop())
    lines: list[str] = []
    for action in reversed(actions):  # the newest first, only as far back as the lines kept need
        starts = [index for index, event in enumerate(action) if isinstance(event, GameStarted)]
        told_here = action[starts[-1] :] if starts else action  # what happened before a game is on its final board
        lines = describe(told_here, match.names, match.options.length, language) + lines
        if starts or len(lines) >= HISTORY_LINES:
            break
    return lines[-HISTORY_LINES:]


def compose_text(
    record: MatchRecord,
    events: Sequence[Event],
    earlier: bool = False,
    now: float | None = None,
    thinking: bool = False,
    language: str = DEFAULT_LANGUAGE,
    notes: Sequence[str] = (),
) -> str:
    """What happened (this update's lines, after the game's `earlier` lines when the board is edited in place) and
    the prompt for the player to act, as the last line; a clocked match's clocks above it. `thinking`: the computer
    acts next, and the last line says it is thinking instead. `notes`: the turn timer's lines (cogs.ui.timer_text),
    just above the prompt. All in the server's `language`; nothing but the stored match, the events and the time."""
    match = record.match
    lines = earlier_lines(record, events, language) if earlier else []
    lines += describe(events, match.names, match.options.length, language)
    revealed = end_line(record, language)
    if revealed:
        lines.append(revealed)  # the match is over, however it ended: the bot's seed
    to_act = match.to_act
    if to_act is not None:
        lines.append(status_line(match, language))
        lines.append(clock_line(record, time.time() if now is None else now, language))
        lines += notes
        asked = mention(record.players[to_act].user_id)
        lines.append(thinking_line(record, language) if thinking else prompt(match, asked, language))
    return clip("\n".join(line for line in lines if line))


def match_result_text(record: MatchRecord, events: Sequence[Event], language: str = DEFAULT_LANGUAGE) -> str:
    """What ended a game, with no prompt: the text beside a finished game's final board."""
    match = record.match
    return clip("\n".join(describe(events, match.names, match.options.length, language)))


async def compose(
    record: MatchRecord,
    events: Sequence[Event],
    *,
    earlier: bool = False,
    picked: int | None = None,
    viewer: int | None = None,
    now: float | None = None,
    thinking: bool = False,
    language: str = DEFAULT_LANGUAGE,
    notes: Sequence[str] = (),
) -> GameMessage:
    """The message for the match now (`now` on the service's clock, for the match clock); `earlier`: with the
    game's last lines from before this update (a board edited in place, `earlier_lines`). Public boards are drawn
    from the challenger's side; `viewer` (0 or 1) draws a private view from that player's side. A finished match
    offers a Rematch. `thinking`: the computer acts next: no controls for anyone. `language`:
    the reader's (the server's for a public board, the member's for a private one). `notes`: the turn
    timer's lines said with this message; the claim offer (R9.5) and its button come from the record, on every
    board of the turn once offered."""
    match = record.match
    now = time.time() if now is None else now
    rows: Rows
    if record.status is MatchStatus.FINISHED:
        rows = rematch_rows(record, language)
    elif thinking:
        rows = ()
    else:
        rows = with_claim(controls(record.id, record.version, match, picked, language), record, language)
        notes = (*notes, *claim_notes(record, language))
    png = await draw_board(match, viewer=viewer, clocks=clock_texts(record, now), language=language)
    finished = record.id if record.status is MatchStatus.FINISHED else None
    text = compose_text(record, events, earlier, now, thinking, language, notes)
    return GameMessage(text, rows, png, finished, language)


def rematch_rows(record: MatchRecord, language: str = DEFAULT_LANGUAGE) -> Rows:
    """The Rematch button under a finished match's last message, and the match's move list."""
    rematch = GameControl(record.id, record.version, GameAction.REMATCH)
    moves = GameControl(record.id, record.version, GameAction.MOVES)
    rows: Rows = ((ButtonSpec(N_("Rematch"), rematch, discord.ButtonStyle.success), ButtonSpec(N_("Moves"), moves)),)
    return translated_rows(rows, language)


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


def over_text(record: MatchRecord, language: str = DEFAULT_LANGUAGE) -> str:
    """The line beside a finished match's board when its end is shown again (the result's own lines are gone)."""
    match = record.match
    winner = match.winner
    if winner is None:
        return translate(language, N_("Match #{match} was stopped."), match=record.id)
    name = escape_name(match.names[winner])
    if not match.options.length:
        return translate(language, N_("{name} won the money game."), name=name)
    high, low = match.scores[winner], match.scores[1 - winner]
    return translate(language, N_("{name} won the match {high}-{low}."), name=name, high=high, low=low)


def timed_out_text(update: MatchUpdate, user_id: int, language: str = DEFAULT_LANGUAGE) -> str | None:
    """When a request came after a match clock ran out, the timeout was stored instead: what to tell
    the member who asked. None when the request itself was applied."""
    for event in update.events:
        if isinstance(event, TimedOut):
            loser = update.record.players[event.player]
            if loser.user_id == user_id:
                return translate(language, N_("Too late: your time had run out, and the match is over."))
            return translate(
                language, N_("{name}'s time had run out: the match is over."), name=escape_name(loser.name)
            )
    return None


def refusal(record: MatchRecord, user_id: int, language: str = DEFAULT_LANGUAGE) -> str:
    """Why this user may not act on the board now, in their words and their `language`."""
    if record.player_index(user_id) is None:
        first, second = (escape_name(player.name) for player in record.players)
        return translate(language, N_("This game is between {first} and {second}."), first=first, second=second)
    waiting = record.to_act
    if waiting is None:
        return translate(language, N_("The match is over."))
    return translate(language, N_("It is {name}'s turn."), name=escape_name(waiting.name))


def match_line(record: MatchRecord, user_id: int, language: str = DEFAULT_LANGUAGE) -> str:
    """One line of /bg matches: the opponent, the kind of match, the score, whose turn, a link to the board."""
    match = record.match
    mine = 0 if record.players[0].user_id == user_id else 1
    other = escape_name(record.players[1 - mine].name)
    length = match.options.length
    kind = (
        translate(language, N_("match to {length}"), length=length) if length else translate(language, N_("money game"))
    )
    turn = (
        translate(language, N_("your turn"))
        if match.to_act == mine
        else translate(language, N_("{name}'s turn"), name=other)
    )
    score = f"{match.scores[mine]}-{match.scores[1 - mine]}"
    link = current_link(record) or f"<#{record.channel_id}>"
    return translate(
        language,
        N_("vs **{other}**, {kind}, {score}, {turn}: {link}"),
        other=other,
        kind=kind,
        score=score,
        turn=turn,
        link=link,
    )
