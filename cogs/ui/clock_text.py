"""Match clocks in words (issue 20): each player's reserve left, and when the player to act runs out of time as a
Discord relative timestamp (`<t:...:R>`), which every client counts down without the bot editing the message."""

from __future__ import annotations

from bot.service import MatchRecord, MatchStatus
from bot.service.clocks import clock_text
from cogs.ui.controls import STATUS_PREFIX
from cogs.ui.event_text import escape_name


def clock_texts(record: MatchRecord, now: float) -> tuple[str, str] | None:
    """Both players' reserve left now, as the board picture shows it ("1:20"); None without a clock."""
    if record.clock is None:
        return None
    left = [record.clock_left(player, now) or 0.0 for player in (0, 1)]
    return clock_text(left[0]), clock_text(left[1])


def runs_out_at(record: MatchRecord, now: float) -> float | None:
    """When the player to act runs out of reserve. Before their board is shown their time has not started: it
    starts as this message goes out, so it is counted from `now`."""
    waiting = record.match.to_act
    if record.clock is None or waiting is None or record.status is not MatchStatus.ACTIVE:
        return None
    if record.runs_out_at is not None:
        return record.runs_out_at
    left = record.clock.left(waiting, None, now)
    return now + record.clock.spec.delay_seconds + left


def clock_line(record: MatchRecord, now: float) -> str:
    """The status line of a clocked match: reserves, and when the player to act runs out ('' without a clock)."""
    texts = clock_texts(record, now)
    if texts is None or record.clock is None:
        return ""
    names = [escape_name(player.name) for player in record.players]
    line = f"{STATUS_PREFIX}Clock ({record.clock.preset.value}): {names[0]} {texts[0]} · {names[1]} {texts[1]}"
    deadline = runs_out_at(record, now)
    waiting = record.match.to_act
    if deadline is not None and waiting is not None:
        line += f" · {names[waiting]}'s time runs out <t:{int(deadline)}:R>"
    return line
