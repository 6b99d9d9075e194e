"""What the turn timer says (cogs/turn_timer.py): the reminder at half the turn limit, the offer to claim (R9.5),
and the note after a restart that the match clocks were paused."""

from __future__ import annotations

from bot.service import MatchRecord
from cogs.ui.clock_text import clock_line
from cogs.ui.controls import STATUS_PREFIX
from cogs.ui.durations import format_duration
from cogs.ui.event_text import escape_name, escape_text
from cogs.ui.game_messages import current_link, mention


def reminder_text(record: MatchRecord) -> str | None:
    waiting = record.to_act
    if waiting is None:
        return None
    left = format_duration(record.timer.limit_seconds / 2)
    link = current_link(record)
    where = f" {link}" if link else ""
    return (
        f"{mention(waiting.user_id)}, reminder: it is your turn in {escape_text(record.title)}. "
        f"You have about {left} left before your opponent may claim the match.{where}"  # R9.5
    )


def claim_text(record: MatchRecord) -> str | None:
    waiting = record.to_act
    if waiting is None:
        return None
    index = record.player_index(waiting.user_id)
    assert index is not None
    claimant = record.players[1 - index]
    limit = format_duration(record.timer.limit_seconds)
    return (
        f"{mention(claimant.user_id)}, {escape_name(waiting.name)} has not acted for {limit}. You may claim the "
        f"{'game' if record.options.is_money else 'match'}, or keep waiting."  # R9.5
    )


def resumed_text(record: MatchRecord, downtime: float, now: float) -> str:
    """For a clocked match's channel after a restart: the clock was paused while the bot was down."""
    line = clock_line(record, now).removeprefix(STATUS_PREFIX)
    return (
        f"The bot was down for {format_duration(downtime)}; the clock of {escape_text(record.title)} was "
        f"paused meanwhile and runs again now. {line}"
    )
