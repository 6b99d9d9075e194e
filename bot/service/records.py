"""Plain data the service hands to its callers: players, challenges, guild settings, matches and updates."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from bot.engine.dice import FairnessInfo
from bot.engine.events import Event
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.service.clocks import ClockPreset, MatchClock

#: Turn time limit when a guild has not set one (R9.5: 24 hours).
DEFAULT_TURN_LIMIT_SECONDS = 24 * 60 * 60
#: The limit an admin may set: at least a minute, at most 30 days (the schema checks the same range).
MIN_TURN_LIMIT_SECONDS = 60
MAX_TURN_LIMIT_SECONDS = 30 * 24 * 60 * 60
#: Match length when a guild has not set one.
DEFAULT_MATCH_LENGTH = 5
#: How long a challenge waits for an answer.
CHALLENGE_SECONDS = 10 * 60
#: How many open challenges one member may have at a time (so that nobody can ping an opponent dozens of times);
#: besides, at most one open challenge from one member to the same opponent.
MAX_OPEN_CHALLENGES = 3


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """A Discord user as the service knows them: the id and the display name to show."""

    user_id: int
    name: str


class ChallengeStatus(enum.Enum):
    OPEN = "open"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


@dataclass(frozen=True, slots=True)
class Challenge:
    """A challenge to one member (`opponent`) or to anyone in the channel (`opponent` None)."""

    id: int
    guild_id: int
    channel_id: int
    challenger: PlayerRef
    opponent: PlayerRef | None
    options: MatchOptions
    in_thread: bool
    created_at: float
    expires_at: float
    status: ChallengeStatus
    match_id: int | None = None
    message_channel_id: int | None = None  # where the challenge message is, once the front end stored it
    message_id: int | None = None
    clock: ClockPreset = ClockPreset.NONE  # the match clock chosen
    commitment: str | None = None  # SHA-256 (hex) of the server seed of the match's dice
    challenger_seed: str | None = None


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    turn_limit_seconds: int = DEFAULT_TURN_LIMIT_SECONDS
    default_length: int = DEFAULT_MATCH_LENGTH
    threads: bool = True  # /bg challenge plays in a new thread unless the challenger says otherwise
    clock: ClockPreset = ClockPreset.NONE  # the clock /bg challenge uses unless the challenger says otherwise


@dataclass(frozen=True, slots=True)
class PlayerPrefs:
    """A player's own settings, the same in every match.

    auto_done: the turn is finished as soon as the last checker of a complete play is moved, in the same
    action, so no Done click (and no Undo after the last checker, R9.2)."""

    user_id: int
    auto_done: bool = False


class MatchStatus(enum.Enum):
    ACTIVE = "active"
    FINISHED = "finished"
    ABORTED = "aborted"


@dataclass(frozen=True, slots=True)
class TurnTimer:
    """When the player now asked to act was first asked, when they were first shown working controls for it, and
    whether the half-time reminder and the claim offer went out (R9.5). The clock runs from the showing: a player
    whose board Discord refused, or whose bot was down, is not timed for a turn they could not play."""

    started_at: float
    limit_seconds: int
    reminded: bool
    controls_at: float | None = None
    claim_offered_for: float | None = None  # the turn (its started_at) whose claim offer went out

    @property
    def claim_offered(self) -> bool:
        """Whether the opponent was offered to claim this turn: the board carries the offer until the turn passes."""
        return self.claim_offered_for is not None and self.claim_offered_for == self.started_at

    @property
    def running(self) -> bool:
        return self.controls_at is not None and self.controls_at >= self.started_at

    @property
    def clock_start(self) -> float:
        """When the turn clock started; infinity while the player has not been shown their controls."""
        return self.controls_at if self.controls_at is not None and self.running else math.inf

    @property
    def reminder_due_at(self) -> float:
        return self.clock_start + self.limit_seconds / 2

    @property
    def claimable_at(self) -> float:
        return self.clock_start + self.limit_seconds


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A stored match as the service loaded it at `version`.

    `match` is the engine's frozen value of this version (to_act, allowed(), board(), dice, cube, scores, events'
    context): every record of one version may share it, and the next version is a new value.
    """

    id: int
    guild_id: int
    channel_id: int
    parent_channel_id: int | None
    players: tuple[PlayerRef, PlayerRef]  # engine indices 0 and 1 (0 is the challenger)
    match: Match
    version: int
    status: MatchStatus
    created_at: float
    last_action_at: float
    finished_at: float | None
    message_channel_id: int | None
    message_id: int | None
    timer: TurnTimer
    message_version: int | None = None  # the version whose controls the current game message carries
    message_sure: bool = True  # False: recorded with the press's action, before the press was answered with it
    clock: MatchClock | None = None  # the match clock; None: no clock, only the turn limit (R9.5)
    rematch_of: int | None = None  # the finished match this one is the rematch of
    acted_at: tuple[float | None, float | None] = (None, None)  # when each player last acted (None: not yet)

    def clock_left(self, player: int, now: float) -> float | None:
        """The player's clock reserve left now (None without a clock)."""
        if self.clock is None:
            return None
        return self.clock.left(player, self.match.to_act if self.status is MatchStatus.ACTIVE else None, now)

    @property
    def runs_out_at(self) -> float | None:
        """When the player to act runs out of reserve (None without a clock, or before their time started)."""
        to_act = self.match.to_act
        if self.clock is None or to_act is None or self.status is not MatchStatus.ACTIVE:
            return None
        at = self.clock.runs_out_at(to_act)
        return None if at == math.inf else at

    fairness: FairnessInfo | None = None  # the dice's commitment and seeds; the server seed once it is over

    @property
    def shown(self) -> bool:
        """Whether the current game message shows this version (and so the controls of whoever acts now)."""
        return self.message_id is not None and self.message_version == self.version

    def player_index(self, user_id: int) -> int | None:
        """0 or 1 for the two players, None for anyone else."""
        for index, player in enumerate(self.players):
            if player.user_id == user_id:
                return index
        return None

    @property
    def options(self) -> MatchOptions:
        return self.match.options

    @property
    def to_act(self) -> PlayerRef | None:
        """The player the match waits for (None when it is over)."""
        index = self.match.to_act
        return None if index is None or self.status is not MatchStatus.ACTIVE else self.players[index]

    @property
    def winner(self) -> PlayerRef | None:
        return None if self.match.winner is None else self.players[self.match.winner]


@dataclass(frozen=True, slots=True)
class MatchUpdate:
    """The state after a request and what happened, in order, for the front end to announce."""

    record: MatchRecord
    events: list[Event]
    #: The match just before the request, as the request found it under the match's lock: a game that ends is
    #: shown with its final board drawn from it (None where the front end needs no such board).
    before: Match | None = None


@dataclass(frozen=True, slots=True)
class Rematch:
    """What a press of Rematch did: the new match `started`, the rematch already started by an earlier press
    (`existing`), or the request still `waiting_for` a press of that player.

    The dice: the first press (`asked_by`) draws the rematch's server seed, and a message shows
    its `commitment`; `show` says it is not shown yet: the front end posts it and calls `rematch_shown` with its
    id. Only a press of the other player that Discord gave a larger id than that message starts the rematch: an
    earlier one was `too_early` (pressed before the commitment was shown, or while it is being shown; such a
    press still counts once the message is recorded, if it came after it). A message posted while another
    already shows the request is a `duplicate`, to take back."""

    started: MatchUpdate | None = None
    waiting_for: PlayerRef | None = None
    existing: MatchRecord | None = None
    asked_by: PlayerRef | None = None
    commitment: str | None = None
    show: bool = False
    too_early: bool = False
    duplicate: bool = False


@dataclass(frozen=True, slots=True)
class Resumed:
    """The bot started again after `downtime` seconds; the clocks of `paused` were stopped meanwhile."""

    downtime: float
    paused: list[MatchRecord]
