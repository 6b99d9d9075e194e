"""Plain data the tournament service hands out: a tournament with its entrants, slots and bracket."""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.i18n import Message
from bot.tournaments.bracket import Bracket, build

#: The sizes a tournament may have and the default match length.
MIN_SIZE, MAX_SIZE = 4, 64
DEFAULT_LENGTH = 5
MAX_LENGTH = 25
MAX_NAME = 50


class TournamentStatus(enum.Enum):
    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class DecidedBy(enum.Enum):
    MATCH = "match"  # played (or claimed, R9.5) to the end
    AWARD = "award"  # an organiser's decision, with a reason


#: Starts a note the service wrote itself (its JSON follows); never an organiser's words, which `steps.clean_reason`
#: puts on one line (`str.split` takes this control character for a space).
SERVICE_NOTE = "\x1e"
#: A cancellation without a reason stored as plain text, not data: such notes stay in older tournaments' rows.
_OLD_CANCELLED_BY = re.compile(r"cancelled by <@(\d+)>")


@dataclass(frozen=True, slots=True)
class Cancellation:
    """Why a tournament was cancelled, read from its stored note: the organiser's own `reason` (shown as written),
    else who cancelled it (`by`), else the service's reason as a template for the reader's language (`why`: a
    scheduled start with too few players). Nothing set: nobody said why."""

    reason: str | None = None
    by: int | None = None
    why: Message | None = None

    def note(self) -> str | None:
        """What is stored in the tournament's note."""
        if self.reason:
            return self.reason
        data: dict[str, Any] = {}
        if self.by is not None:
            data["by"] = self.by
        if self.why is not None:
            data["template"], data["params"] = self.why.template, self.why.params
        return SERVICE_NOTE + json.dumps(data, ensure_ascii=False) if data else None

    @classmethod
    def from_note(cls, note: str | None) -> Cancellation:
        if not note:
            return cls()
        if not note.startswith(SERVICE_NOTE):
            old = _OLD_CANCELLED_BY.fullmatch(note)
            return cls(by=int(old[1])) if old else cls(reason=note)
        try:
            data = json.loads(note.removeprefix(SERVICE_NOTE))
            by, template = data.get("by"), data.get("template")
            why = None if template is None else Message(str(template), dict(data.get("params") or {}))
            return cls(by=None if by is None else int(by), why=why)
        except (ValueError, TypeError, AttributeError):  # not written by this code: as if nobody said why
            return cls()


@dataclass(frozen=True, slots=True)
class Entrant:
    user_id: int
    name: str
    joined_at: float
    seed: int | None = None  # 1 = top seed, once the tournament started
    rating: float | None = None  # the guild rating at the start (None: unrated)


@dataclass(frozen=True, slots=True)
class SlotRecord:
    """What is stored about one bracket slot: its thread, its match and its result."""

    round: int
    slot: int
    thread_id: int | None
    match_id: int | None
    winner_id: int | None
    decided_by: DecidedBy | None
    reason: str | None


@dataclass(frozen=True, slots=True)
class Tournament:
    id: int
    guild_id: int
    channel_id: int
    name: str
    length: int
    size: int
    starts_at: float | None
    organiser_id: int
    status: TournamentStatus
    created_at: float
    started_at: float | None
    finished_at: float | None
    champion_id: int | None
    note: str | None
    message_channel_id: int | None
    message_id: int | None
    changes: int
    shown_changes: int
    announced: bool
    entrants: tuple[Entrant, ...]  # in seed order once started, else in joining order
    slots: tuple[SlotRecord, ...]

    @property
    def names(self) -> dict[int, str]:
        return {entrant.user_id: entrant.name for entrant in self.entrants}

    @property
    def full(self) -> bool:
        return len(self.entrants) >= self.size

    def entrant(self, user_id: int) -> Entrant | None:
        return next((entrant for entrant in self.entrants if entrant.user_id == user_id), None)

    @property
    def bracket(self) -> Bracket | None:
        """The bracket once seeded (None during sign-up, or a tournament cancelled before it started)."""
        if self.started_at is None or len(self.entrants) < 2:
            return None
        seeds = [entrant.user_id for entrant in self.entrants]
        decided = {(s.round, s.slot): s.winner_id for s in self.slots if s.winner_id is not None}
        return build(seeds, decided)

    def slot_record(self, round_number: int, index: int) -> SlotRecord | None:
        return next((s for s in self.slots if (s.round, s.slot) == (round_number, index)), None)

    @property
    def cancellation(self) -> Cancellation:
        return Cancellation.from_note(self.note)

    @property
    def shown(self) -> bool:
        """Whether the tournament's message shows its latest change."""
        return self.message_id is not None and self.shown_changes == self.changes


@dataclass(frozen=True, slots=True)
class Pairing:
    """A bracket match whose two players are known and which has not started: the front end opens its thread
    (`thread_id` once stored) and asks the service to start it."""

    tournament_id: int
    guild_id: int
    channel_id: int
    tournament_name: str
    length: int
    round: int
    round_name: Message  # "Final", "Round 1": shown in the server's language
    slot: int
    players: tuple[int, int]  # the better seed first
    names: tuple[str, str]
    thread_id: int | None


#: Posts a pairing's announcement, with the dice's commitment, where its match is played; returns the message's id
#: (a seed of the match's dice, fixed by Discord once the commitment is shown).
Announce = Callable[[str], Awaitable[int]]


@dataclass(frozen=True, slots=True)
class MatchState:
    """A bracket slot's match as stored: its status ('active', 'finished', 'aborted') and each player's score."""

    match_id: int
    status: str
    scores: dict[int, int]
