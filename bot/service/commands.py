"""What a player (or the computer) asks to do in a match: small values given to `GameService.act`.

`service.act(match_id, user_id, Roll(), version=seen)`; the seat is the acting user's, so a command names no
player. Each maps to one engine action (bot.engine.actions), which the handler in bot.service.actions builds.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.actions import Action
from bot.engine.position import WinKind


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll instead of doubling (R3.1)."""


@dataclass(frozen=True, slots=True)
class Double:
    """Offer the cube (R6.1)."""


@dataclass(frozen=True, slots=True)
class Take:
    pass


@dataclass(frozen=True, slots=True)
class Drop:
    pass


@dataclass(frozen=True, slots=True)
class Beaver:
    pass


@dataclass(frozen=True, slots=True)
class AcceptBeaver:
    pass


@dataclass(frozen=True, slots=True)
class RefuseBeaver:
    pass


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last step entered this turn (R9.2)."""


@dataclass(frozen=True, slots=True)
class Confirm:
    """ "Done": finish the turn with the steps entered (R9.2)."""


@dataclass(frozen=True, slots=True)
class AcceptResignation:
    pass


@dataclass(frozen=True, slots=True)
class DeclineResignation:
    pass


@dataclass(frozen=True, slots=True)
class Abort:
    """Stop the match with no result (either player)."""


@dataclass(frozen=True, slots=True)
class Claim:
    """Win because the opponent let the turn time limit run out (R9.5); refused until it has."""


@dataclass(frozen=True, slots=True)
class Step:
    """Move the checker on `start` (25 = bar) by `die` pips, one step of the turn (R9.2). With the player's
    auto_done setting, the step that completes the play also finishes the turn, in the same action."""

    start: int
    die: int


@dataclass(frozen=True, slots=True)
class PlayText:
    """A typed complete play such as `24/18 13/11` (R10.1), confirmed at once (R9.2)."""

    text: str


@dataclass(frozen=True, slots=True)
class Resign:
    """Offer to resign a single game, a gammon or a backgammon (R7.4)."""

    kind: WinKind = WinKind.SINGLE


@dataclass(frozen=True, slots=True)
class ComputerDecision:
    """The computer's decision, an engine action made for its seat: only in a match against the
    computer, through the same checks and log as a human's click."""

    action: Action


#: Every command `act` takes.
Command = (
    Roll
    | Double
    | Take
    | Drop
    | Beaver
    | AcceptBeaver
    | RefuseBeaver
    | Undo
    | Confirm
    | AcceptResignation
    | DeclineResignation
    | Abort
    | Claim
    | Step
    | PlayText
    | Resign
    | ComputerDecision
)
