"""What happened, as data: `match.apply` returns these in order so the front end only reports them."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine.outcome import Outcome
from bot.engine.play import Play, Step
from bot.engine.position import WinKind


@dataclass(frozen=True, slots=True)
class GameStarted:
    number: int  # 1 for the first game of the match
    crawford: bool  # no doubling in this game (R8.3)


@dataclass(frozen=True, slots=True)
class OpeningRolled:
    """The opening roll (R2.1-R2.2): every pair rolled, ties included; `player` moves first with the last pair."""

    rolls: tuple[tuple[int, int], ...]  # (player 0's die, player 1's die), in order
    player: int

    @property
    def deciding(self) -> tuple[int, int]:
        """The pair that decided who moves first, the first player's dice to play (R2.2): the last, after any ties."""
        return self.rolls[-1]


@dataclass(frozen=True, slots=True)
class AutomaticDouble:
    """An opening tie doubled the cube, which stays in the middle (R2.3)."""

    cube: int


@dataclass(frozen=True, slots=True)
class Rolled:
    player: int
    dice: tuple[int, int]
    automatic: bool  # rolled for the player because no double was possible (R9.4)


@dataclass(frozen=True, slots=True)
class Played:
    """A completed turn. `automatic` when the roll allowed one play or none (R9.3); an empty play is no move."""

    player: int
    dice: tuple[int, int]
    play: Play
    automatic: bool


@dataclass(frozen=True, slots=True)
class StepMoved:
    player: int
    step: Step


@dataclass(frozen=True, slots=True)
class StepUndone:
    player: int
    step: Step


@dataclass(frozen=True, slots=True)
class Doubled:
    player: int
    cube: int  # the value offered


@dataclass(frozen=True, slots=True)
class Taken:
    player: int
    cube: int  # the new value, owned by `player`


@dataclass(frozen=True, slots=True)
class Dropped:
    player: int


@dataclass(frozen=True, slots=True)
class Beavered:
    player: int
    cube: int  # the value after the beaver, owned by `player` if the doubler accepts


@dataclass(frozen=True, slots=True)
class BeaverAccepted:
    player: int
    cube: int


@dataclass(frozen=True, slots=True)
class BeaverRefused:
    player: int


@dataclass(frozen=True, slots=True)
class ResignationOffered:
    player: int
    kind: WinKind
    points: int  # what accepting would give the opponent


@dataclass(frozen=True, slots=True)
class ResignationAccepted:
    player: int


@dataclass(frozen=True, slots=True)
class ResignationDeclined:
    player: int


@dataclass(frozen=True, slots=True)
class Claimed:
    player: int


@dataclass(frozen=True, slots=True)
class TimedOut:
    player: int  # whose clock ran out


@dataclass(frozen=True, slots=True)
class GameWon:
    number: int
    outcome: Outcome
    scores: tuple[int, int]  # after this game
    # `PositionID:MatchID` of the finished game as gnubg shows it, for its last board
    gnubg_id: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class MatchWon:
    winner: int
    scores: tuple[int, int]


@dataclass(frozen=True, slots=True)
class MatchAborted:
    player: int


Event = (
    GameStarted
    | OpeningRolled
    | AutomaticDouble
    | Rolled
    | Played
    | StepMoved
    | StepUndone
    | Doubled
    | Taken
    | Dropped
    | Beavered
    | BeaverAccepted
    | BeaverRefused
    | ResignationOffered
    | ResignationAccepted
    | ResignationDeclined
    | Claimed
    | TimedOut
    | GameWon
    | MatchWon
    | MatchAborted
)
