"""What the turn timer says (cogs/turn_timer.py): the reminder at half the turn limit, the offer to claim (R9.5),
and the note after a restart that the match clock was paused. All public: in the server's language.

None of them is a message of its own: each is a note on the match's board (`NOTE_PREFIX`), above its
prompt. The reminder and the restart note are said once, by the board they come with, and an edit of that board
drops them; the claim offer and its button are drawn from the stored record on every board of the turn, until the
turn passes.
"""

from __future__ import annotations

import discord

from bot.engine import actions
from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from bot.service import MatchRecord, MatchStatus
from cogs.ui.controls import NOTE_PREFIX
from cogs.ui.custom_ids import GameControl
from cogs.ui.durations import format_duration
from cogs.ui.event_text import escape_name, mention
from cogs.ui.move_menu import MAX_BUTTONS_PER_ROW, MAX_ROWS, ButtonSpec, Rows

#: The claim offer's button.
CLAIM_LABEL = N_("Claim win")


def match_title(record: MatchRecord, language: str = DEFAULT_LANGUAGE) -> str:
    """'Alice vs Bob (3-point match #12)': which match a message in its channel is about."""
    first, second = (escape_name(player.name) for player in record.players)
    if record.options.is_money:
        return translate(
            language, N_("{first} vs {second} (money game #{match})"), first=first, second=second, match=record.id
        )
    return translate(
        language,
        N_("{first} vs {second} ({length}-point match #{match})"),
        first=first,
        second=second,
        length=record.options.length,
        match=record.id,
    )


def reminder_text(record: MatchRecord, language: str = DEFAULT_LANGUAGE) -> str | None:
    waiting = record.to_act
    if waiting is None:
        return None
    left = format_duration(record.timer.limit_seconds / 2, language)
    return translate(
        language,
        N_(  # R9.5
            "{mention}, reminder: it is your turn in {title}. "
            "You have about {left} left before your opponent may claim the match."
        ),
        mention=mention(waiting.user_id),
        title=match_title(record, language),
        left=left,
    )


def claim_text(record: MatchRecord, language: str = DEFAULT_LANGUAGE) -> str | None:
    waiting = record.to_act
    if waiting is None:
        return None
    index = record.player_index(waiting.user_id)
    assert index is not None
    claimant = record.players[1 - index]
    offer = (  # R9.5
        N_("{mention}, {name} has not acted for {limit}. You may claim the game, or keep waiting.")
        if record.options.is_money
        else N_("{mention}, {name} has not acted for {limit}. You may claim the match, or keep waiting.")
    )
    limit = format_duration(record.timer.limit_seconds, language)
    return translate(language, offer, mention=mention(claimant.user_id), name=escape_name(waiting.name), limit=limit)


def resumed_text(record: MatchRecord, downtime: float, language: str = DEFAULT_LANGUAGE) -> str:
    """For a clocked match's board after a restart: the clock was paused while the bot was down (the board's clock
    line below it says what is left)."""
    return translate(
        language,
        N_("The bot was down for {downtime}; the clock of {title} was paused meanwhile and runs again now."),
        downtime=format_duration(downtime, language),
        title=match_title(record, language),
    )


def note(text: str) -> str:
    """A timer's line on a board: set apart, and dropped when the board is edited (cogs.ui.game_messages)."""
    return f"{NOTE_PREFIX}{text}"


def claim_stands(record: MatchRecord) -> bool:
    """Whether the opponent of the player to act may be shown the claim now: it was offered this turn (R9.5)."""
    return record.status is MatchStatus.ACTIVE and record.to_act is not None and record.timer.claim_offered


def claim_notes(record: MatchRecord, language: str = DEFAULT_LANGUAGE) -> tuple[str, ...]:
    """The claim offer's line on the board while the claim stands (none otherwise)."""
    text = claim_text(record, language) if claim_stands(record) else None
    return () if text is None else (note(text),)


def with_claim(rows: Rows, record: MatchRecord, language: str = DEFAULT_LANGUAGE) -> Rows:
    """The board's controls with the Claim button (R9.5) while the claim stands: in a row of its own below the
    controls of the player to act (who keeps them), or beside Undo and Done when the move menu fills every row (its
    last row has room: cogs.ui.move_menu). Only the opponent may press it: the service refuses anyone else."""
    if not claim_stands(record):
        return rows
    control = GameControl(record.id, record.version, actions.Claim)
    claim = ButtonSpec(translate(language, CLAIM_LABEL), control, discord.ButtonStyle.danger)
    if len(rows) < MAX_ROWS:
        return (*rows, (claim,))
    for index in range(len(rows) - 1, -1, -1):
        row = rows[index]
        if isinstance(row, tuple) and len(row) < MAX_BUTTONS_PER_ROW:
            return (*rows[:index], (*row, claim), *rows[index + 1 :])
    return rows  # no room at all: cannot happen with the move menu's layout
