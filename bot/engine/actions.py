"""What a player can do in a match, as small immutable values, and their JSON form for the action log.

Every action names its actor (`player`, 0 or 1). `match.apply` checks who may act and when, and raises
`ActionError` with a message in a player's words when the action is not allowed.

Each action type has two stable names: `name`, its type in the log's JSON, and `word`, what a request for it is
called: the custom id of a control that asks for it carries the word (`BY_WORD` finds the type again). Both are
stored, in the logs and in the messages already posted, so neither ever changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, get_args

from bot.engine.errors import RefusalError
from bot.engine.play import Play, Step
from bot.engine.position import WinKind


class ActionError(RefusalError):
    """An action that is not allowed now; the message says why, for the player ("It is {name}'s turn")."""


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the dice at the start of one's turn instead of doubling (R3.1)."""

    player: int
    name: ClassVar[str] = "roll"
    word: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True)
class Move:
    """A complete play, confirmed at once (R9.2)."""

    player: int
    play: Play
    name: ClassVar[str] = "move"
    word: ClassVar[str] = "play"


@dataclass(frozen=True, slots=True)
class MoveChecker:
    """One checker step of the turn, undoable until confirmed (R9.2). `die` picks the die when two fit."""

    player: int
    start: int
    end: int
    die: int | None = None
    name: ClassVar[str] = "step"
    word: ClassVar[str] = "step"


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last step entered this turn (R9.2)."""

    player: int
    name: ClassVar[str] = "undo"
    word: ClassVar[str] = "undo"


@dataclass(frozen=True, slots=True)
class Confirm:
    """Finish the turn with the steps entered ("Done", R9.2)."""

    player: int
    name: ClassVar[str] = "confirm"
    word: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class Double:
    """Offer the cube at twice its value (R6.1)."""

    player: int
    name: ClassVar[str] = "double"
    word: ClassVar[str] = "double"


@dataclass(frozen=True, slots=True)
class Take:
    """Accept a double: play on at twice the stake, owning the cube (R6.2)."""

    player: int
    name: ClassVar[str] = "take"
    word: ClassVar[str] = "take"


@dataclass(frozen=True, slots=True)
class Drop:
    """Refuse a double: lose the game at the value before the double (R6.2)."""

    player: int
    name: ClassVar[str] = "drop"
    word: ClassVar[str] = "drop"


@dataclass(frozen=True, slots=True)
class Beaver:
    """Answer a double with an immediate redouble, keeping the cube (R6.4, money games with beavers on)."""

    player: int
    name: ClassVar[str] = "beaver"
    word: ClassVar[str] = "beaver"


@dataclass(frozen=True, slots=True)
class AcceptBeaver:
    """The original doubler plays on with the cube doubled again, owned by the beaverer (R6.4)."""

    player: int
    name: ClassVar[str] = "accept_beaver"
    word: ClassVar[str] = "baccept"


@dataclass(frozen=True, slots=True)
class RefuseBeaver:
    """The original doubler gives up the game at the value before the beaver (R6.4)."""

    player: int
    name: ClassVar[str] = "refuse_beaver"
    word: ClassVar[str] = "brefuse"


@dataclass(frozen=True, slots=True)
class Resign:
    """Offer to resign a single game, a gammon or a backgammon, times the cube (R7.4)."""

    player: int
    kind: WinKind = WinKind.SINGLE
    name: ClassVar[str] = "resign"
    word: ClassVar[str] = "resign"


@dataclass(frozen=True, slots=True)
class AcceptResignation:
    """End the game for the value offered (R7.4)."""

    player: int
    name: ClassVar[str] = "accept_resignation"
    word: ClassVar[str] = "raccept"


@dataclass(frozen=True, slots=True)
class DeclineResignation:
    """Play on (R7.4)."""

    player: int
    name: ClassVar[str] = "decline_resignation"
    word: ClassVar[str] = "rdecline"


@dataclass(frozen=True, slots=True)
class Claim:
    """Win because the opponent did not act within the turn time limit (R9.5); the service checks the clock."""

    player: int
    name: ClassVar[str] = "claim"
    word: ClassVar[str] = "claim"


@dataclass(frozen=True, slots=True)
class Timeout:
    """`player`'s match clock ran out: they lose like a claim against them (R9.5). Nobody asks for it:
    the service stores it when the clock says so, so that the log replays to the same end."""

    player: int
    name: ClassVar[str] = "timeout"
    word: ClassVar[str] = "timeout"


@dataclass(frozen=True, slots=True)
class Abort:
    """Stop the match with no result."""

    player: int
    name: ClassVar[str] = "abort"
    word: ClassVar[str] = "abort"


Action = (
    Roll
    | Move
    | MoveChecker
    | Undo
    | Confirm
    | Double
    | Take
    | Drop
    | Beaver
    | AcceptBeaver
    | RefuseBeaver
    | Resign
    | AcceptResignation
    | DeclineResignation
    | Claim
    | Timeout
    | Abort
)

#: The union's types, in its order.
ACTION_TYPES: tuple[type[Action], ...] = get_args(Action)
_BY_NAME: dict[str, type[Action]] = {cls.name: cls for cls in ACTION_TYPES}
#: Every action type by its word: the one table from a control's custom id (or a request) to the engine's action.
BY_WORD: dict[str, type[Action]] = {cls.word: cls for cls in ACTION_TYPES}

#: The actions built from nothing but their actor's seat: a request names only which one
#: (bot.service.commands.Ask). The others carry more (a play, a step, a kind of resignation), or nobody asks for
#: them (a timeout: the service stores it when a clock runs out).
SeatAction = (
    Roll
    | Undo
    | Confirm
    | Double
    | Take
    | Drop
    | Beaver
    | AcceptBeaver
    | RefuseBeaver
    | AcceptResignation
    | DeclineResignation
    | Claim
    | Abort
)
SEAT_ACTIONS: tuple[type[SeatAction], ...] = get_args(SeatAction)

_SEAT_TYPES: dict[type[Action], type[SeatAction]] = {cls: cls for cls in SEAT_ACTIONS}


def seat_action(action_type: type[Action]) -> type[SeatAction] | None:
    """`action_type` when its actor's seat is all it is built from (one of SEAT_ACTIONS), else None."""
    return _SEAT_TYPES.get(action_type)


def play_to_json(play: Play) -> list[list[int]]:
    """A play as [[start, end, die, hit], ...]: exact, so a replay needs no notation parser."""
    return [[step.start, step.end, step.die, int(step.hit)] for step in play.steps]


def play_from_json(data: list[list[int]]) -> Play:
    return Play(tuple(Step(int(start), int(end), int(die), bool(hit)) for start, end, die, hit in data))


def action_to_json(action: Action) -> dict[str, Any]:
    """The action as a JSON-ready dict: {"type": ..., "player": ..., plus its own fields}."""
    data: dict[str, Any] = {"type": action.name, "player": action.player}
    if isinstance(action, Move):
        data["play"] = play_to_json(action.play)
    elif isinstance(action, MoveChecker):
        data.update(start=action.start, end=action.end, die=action.die)
    elif isinstance(action, Resign):
        data["kind"] = int(action.kind)
    return data


def action_from_json(data: dict[str, Any]) -> Action:
    """Inverse of action_to_json; raises ValueError on an unknown or malformed action."""
    try:
        cls = _BY_NAME[data["type"]]
        player = int(data["player"])
        if cls is Move:
            return Move(player, play_from_json(data["play"]))
        if cls is MoveChecker:
            die = data.get("die")
            return MoveChecker(player, int(data["start"]), int(data["end"]), None if die is None else int(die))
        if cls is Resign:
            return Resign(player, WinKind(int(data["kind"])))
        return cls(player)  # type: ignore[call-arg]
    except (KeyError, TypeError) as error:
        raise ValueError(f"Malformed action in the log: {data!r}") from error
