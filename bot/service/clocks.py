"""Match clocks: delay clocks as on the big backgammon sites, computed from stored numbers only.

Every turn the player to act first has `delay` free seconds, then time is taken from their reserve (given per
point of match length; a money game is one game and gets one point's worth). Time runs only while the player
has been shown working controls (`controls_at`, as the R9.5 turn limit) and the bot is up: downtime inside the
turn is stored as `paused` and not charged. A player whose reserve is spent by more than GRACE_SECONDS (Discord's
delays) loses: a Timeout, stored and rated like a claim (R9.5). Nothing here keeps a timer in memory.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from bot.i18n import N_, format_number, translate

#: A press that arrives this long after the reserve ran out still counts (Discord's delays).
GRACE_SECONDS = 1.0


class ClockPreset(enum.StrEnum):
    """The clocks a challenger may choose. The values are stored in the database: never rename them."""

    NONE = "none"
    RELAXED = "relaxed"
    STANDARD = "standard"
    BLITZ = "blitz"


@dataclass(frozen=True, slots=True)
class ClockSpec:
    delay_seconds: float
    reserve_per_point: float


#: Delay per turn and reserve per point of match length (money games: per game).
PRESETS: dict[ClockPreset, ClockSpec] = {
    ClockPreset.RELAXED: ClockSpec(30, 180),
    ClockPreset.STANDARD: ClockSpec(12, 90),
    ClockPreset.BLITZ: ClockSpec(8, 30),
}


def preset_text(preset: ClockPreset, language: object = None) -> str:
    """'blitz clock (8 s delay + 30 s per point)' for challenge messages; 'no clock' for none. In the reader's
    language (English by default), the preset named as the `clock` option's choice is."""
    spec = PRESETS.get(preset)
    if spec is None:
        return translate(language, N_("no clock"))
    name = translate(language, preset.value, context="choice")
    delay = translate(language, N_("{seconds} s"), seconds=format_number(language, spec.delay_seconds))
    reserve = spec.reserve_per_point
    if reserve < 120:
        per_point = translate(language, N_("{seconds} s"), seconds=format_number(language, reserve))
    else:
        minutes = reserve / 60
        shown = format_number(language, minutes, 0 if minutes.is_integer() else 1)
        per_point = translate(language, N_("{minutes} min"), minutes=shown)
    said = N_("{clock} clock ({delay} delay + {reserve} per point)")
    return translate(language, said, clock=name, delay=delay, reserve=per_point)


def parse_preset(value: str | None) -> ClockPreset:
    """The stored or chosen name as a preset; None and unknown names are no clock."""
    try:
        return ClockPreset(value) if value else ClockPreset.NONE
    except ValueError:
        return ClockPreset.NONE


@dataclass(frozen=True, slots=True)
class MatchClock:
    """One match's clock as stored: the preset, the match length, each player's reserve used by finished turns,
    and for the current turn when its time started (None: not shown yet) and the downtime inside it."""

    preset: ClockPreset
    length: int
    used: tuple[float, float]
    started_at: float | None
    paused: float = 0.0

    @property
    def spec(self) -> ClockSpec:
        return PRESETS[self.preset]

    @property
    def reserve(self) -> float:
        """Each player's whole reserve for the match."""
        return self.spec.reserve_per_point * max(1, self.length)

    def charge(self, now: float) -> float:
        """Reserve the current turn has taken so far (0 within the delay, or before its controls were shown)."""
        if self.started_at is None:
            return 0.0
        running = now - self.started_at - self.paused
        return max(0.0, running - self.spec.delay_seconds)

    def left(self, player: int, to_act: int | None, now: float) -> float:
        """The player's reserve left now (negative once spent: within GRACE_SECONDS the turn still counts)."""
        left = self.reserve - self.used[player]
        return left - self.charge(now) if player == to_act else left

    def runs_out_at(self, player: int) -> float:
        """When the player to act spends their reserve (infinity while their turn's time has not started)."""
        if self.started_at is None:
            return math.inf
        return self.started_at + self.paused + self.spec.delay_seconds + self.reserve - self.used[player]

    def timed_out(self, to_act: int | None, now: float) -> bool:
        """Whether the player to act is out of time, the grace second included."""
        return to_act is not None and self.left(to_act, to_act, now) < -GRACE_SECONDS

    def used_after_turn(self, player: int, now: float) -> tuple[float, float]:
        """Both players' used reserve once `player`'s turn ends now (a turn ended in the grace leaves 0)."""
        spent = min(self.reserve, self.used[player] + self.charge(now))
        return (spent, self.used[1]) if player == 0 else (self.used[0], spent)


def clock_text(seconds: float) -> str:
    """'4:30', '0:07', '1:02:00': a reserve as a clock shows it (never negative)."""
    whole = max(0, math.ceil(seconds)) if seconds > 0 else 0
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"
