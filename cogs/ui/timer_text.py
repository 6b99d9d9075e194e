"""What the turn timer says (cogs/turn_timer.py): the reminder at half the turn limit, the offer to claim (R9.5),
and the note after a restart that the match clocks were paused. All public: in the server's language."""

from __future__ import annotations

from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from bot.service import MatchRecord
from cogs.ui.clock_text import clock_line
from cogs.ui.controls import STATUS_PREFIX
from cogs.ui.durations import format_duration
from cogs.ui.event_text import escape_name
from cogs.ui.game_messages import current_link, mention

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
    link = current_link(record)
    text = translate(
        language,
        N_(  # R9.5
            "{mention}, reminder: it is your turn in {title}. "
            "You have about {left} left before your opponent may claim the match."
        ),
        mention=mention(waiting.user_id),
        title=match_title(record, language),
        left=left,
    )
    return f"{text} {link}" if link else text


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


def resumed_text(record: MatchRecord, downtime: float, now: float, language: str = DEFAULT_LANGUAGE) -> str:
    """For a clocked match's channel after a restart: the clock was paused while the bot was down."""
    said = translate(
        language,
        N_("The bot was down for {downtime}; the clock of {title} was paused meanwhile and runs again now."),
        downtime=format_duration(downtime, language),
        title=match_title(record, language),
    )
    line = clock_line(record, now, language).removeprefix(STATUS_PREFIX)
    return f"{said} {line}"
