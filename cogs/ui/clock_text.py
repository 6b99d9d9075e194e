"""Match clocks in words: each player's reserve left, and when the player to act runs out of time as a
Discord relative timestamp (`<t:...:R>`), which every client counts down without the bot editing the message."""

from __future__ import annotations

from bot.i18n import DEFAULT_LANGUAGE, N_, pgettext, translate
from bot.service import MatchRecord, MatchStatus
from bot.service.clocks import ClockPreset, clock_text
from cogs.ui.controls import STATUS_PREFIX
from cogs.ui.event_text import escape_name

#: The presets' names as `/bg challenge` offers them (its choices' translations).
_PRESET_NAMES = {
    ClockPreset.RELAXED: pgettext("choice", "relaxed"),
    ClockPreset.STANDARD: pgettext("choice", "standard"),
    ClockPreset.BLITZ: pgettext("choice", "blitz"),
}


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


def clock_line(record: MatchRecord, now: float, language: str = DEFAULT_LANGUAGE) -> str:
    """The status line of a clocked match: reserves, and when the player to act runs out ('' without a clock), in
    the board's `language`."""
    texts = clock_texts(record, now)
    if texts is None or record.clock is None:
        return ""
    names = [escape_name(player.name) for player in record.players]
    preset = record.clock.preset
    line = translate(
        language,
        N_("Clock ({preset}): {first} {first_left} · {second} {second_left}"),
        preset=translate(language, _PRESET_NAMES.get(preset, preset.value), context="choice"),
        first=names[0],
        first_left=texts[0],
        second=names[1],
        second_left=texts[1],
    )
    deadline = runs_out_at(record, now)
    waiting = record.match.to_act
    if deadline is not None and waiting is not None:
        runs_out = N_("{name}'s time runs out {when}")  # a Discord timestamp: "in 2 minutes" in each reader's client
        line += " · " + translate(language, runs_out, name=names[waiting], when=f"<t:{int(deadline)}:R>")
    return STATUS_PREFIX + line
