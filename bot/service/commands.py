"""What a player (or the computer) asks to do in a match: small values given to `GameService.act`.

`service.act(match_id, user_id, Ask(Roll), version=seen)`; the seat is the acting user's, so a command names no
player. An action built from the actor's seat alone is asked for by its engine type (`Ask`); the others carry
what the seat does not say: a step, a typed play, a kind of resignation, the computer's decision. The handler in
bot.service.actions builds the engine action (bot.engine.actions) from the command.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.actions import Action, SeatAction
from bot.engine.position import WinKind


@dataclass(frozen=True, slots=True)
class Ask:
    """The engine action of type `action` for the asker's seat: `Ask(Roll)`, `Ask(Confirm)` ("Done"),
    `Ask(Claim)` (refused until the opponent's turn time has run out, R9.5), `Ask(Abort)`."""

    action: type[SeatAction]


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
Command = Ask | Step | PlayText | Resign | ComputerDecision
