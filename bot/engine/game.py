"""One game's state as a frozen value, and everything that only reads it: whose turn, what is allowed, the snapshot.

The rules that check an action and give the next state are bot/engine/game_flow.py (their refusals,
bot/engine/game_checks.py). A game knows nothing of match scores: the `Match` turns a finished game's `Outcome`
into points and next games.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from bot.engine.actions import (
    AcceptBeaver,
    AcceptResignation,
    Action,
    Beaver,
    Confirm,
    DeclineResignation,
    Double,
    Drop,
    Move,
    MoveChecker,
    RefuseBeaver,
    Resign,
    Roll,
    Take,
    Undo,
    play_to_json,
)
from bot.engine.outcome import Outcome, win_points
from bot.engine.play import Play, Step
from bot.engine.position import Position, WinKind

#: The Match ID stores the cube's log2 in 4 bits; no real game gets near this (R6.3 sets no lower limit).
MAX_CUBE = 1 << 15

Dice = tuple[int, int]


class Phase(enum.Enum):
    """What the game waits for."""

    ROLLING = "rolling"  # the player on roll may double or roll (only reached when a double is possible)
    MOVING = "moving"  # the player on roll enters its play
    DOUBLED = "doubled"  # the opponent answers the double: take, drop (or beaver)
    BEAVERED = "beavered"  # the doubler answers the beaver: accept or refuse
    RESIGNING = "resigning"  # the other player answers a resignation offer
    OVER = "over"
    ABORTED = "aborted"


@dataclass(frozen=True, slots=True)
class GameRules:
    """The options that matter inside one game."""

    jacoby: bool = False  # R7.3
    beavers: bool = False  # R6.4
    automatic_double_limit: int = 0  # R2.3; 0 = off
    crawford: bool = False  # R8.3: nobody may double in this game
    #: Match play: the points each player still needs. A player's cube is dead once its value reaches that (R6.1).
    away: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class LastPlay:
    """The last completed turn, for the board image and the messages."""

    player: int
    dice: Dice
    play: Play


@dataclass(frozen=True, slots=True)
class Game:
    """One game's state between players 0 and 1. `game_flow.start_game` makes the opening roll of a new one."""

    number: int
    names: tuple[str, str]
    rules: GameRules
    position: Position = field(default_factory=Position.initial)  # always seen from `on_roll`'s side
    on_roll: int = 0
    cube: int = 1
    cube_owner: int | None = None
    phase: Phase = Phase.ROLLING
    dice: Dice | None = None
    steps: tuple[Step, ...] = ()
    offered: int = 0  # the cube value on offer while DOUBLED or BEAVERED
    resignation: tuple[int, WinKind] | None = None  # (who offers, what) while RESIGNING
    resigned_kind: WinKind | None = None  # what was resigned, once accepted
    resume: Phase = Phase.ROLLING  # where a declined resignation goes back to
    double_accepted: bool = False  # R7.3: Jacoby stops applying once a double is taken
    opening_rolls: tuple[tuple[int, int], ...] = ()
    automatic_doubles: int = 0
    outcome: Outcome | None = None
    last_play: LastPlay | None = None
    plays: tuple[Play, ...] = ()  # the legal plays while MOVING

    # --- queries -------------------------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """Who must act next, or None when the game is over."""
        if self.phase in (Phase.ROLLING, Phase.MOVING, Phase.BEAVERED):
            return self.on_roll
        if self.phase is Phase.DOUBLED:
            return 1 - self.on_roll
        if self.phase is Phase.RESIGNING:
            assert self.resignation is not None
            return 1 - self.resignation[0]
        return None

    @property
    def in_progress(self) -> bool:
        return self.phase not in (Phase.OVER, Phase.ABORTED)

    def may_double(self, player: int) -> bool:
        """R6.1: the cube is in the middle or the player's own, not in the Crawford game, not dead (the player's
        score plus the cube already reaches the match length), not past the limit."""
        dead = self.rules.away is not None and self.cube >= self.rules.away[player]
        return not self.rules.crawford and not dead and self.cube_owner in (None, player) and self.cube * 2 <= MAX_CUBE

    @property
    def legal_plays(self) -> list[Play]:
        """The distinct legal plays for the dice rolled (R4.5); empty unless the player on roll is moving."""
        return list(self.plays) if self.phase is Phase.MOVING else []

    def next_steps(self) -> list[Step]:
        """The steps that may come next after the steps entered so far (R9.2)."""
        if self.phase is not Phase.MOVING or self.dice is None:
            return []
        return self.position.next_steps(self.dice, self.steps)

    def board_for(self, player: int) -> Position:
        """The board with the steps entered so far, seen from `player`'s side."""
        board = self.position.after_steps(self.steps) if self.steps else self.position
        return board if player == self.on_roll else board.swapped()

    def jacoby_applies(self) -> bool:
        return self.rules.jacoby and not self.double_accepted

    def resignation_points(self, kind: WinKind) -> int:
        return win_points(kind, self.cube, jacoby_applies=self.jacoby_applies())

    def allowed(self, player: int) -> frozenset[type[Action]]:
        """The game actions `player` may take now (claims and aborts are the match's)."""
        if not self.in_progress:
            return frozenset()
        allowed: set[type[Action]] = set()
        if self.phase in (Phase.ROLLING, Phase.MOVING):
            allowed.add(Resign)
        if player != self.to_act:
            return frozenset(allowed)
        if self.phase is Phase.ROLLING:
            allowed |= {Roll, Double}
        elif self.phase is Phase.MOVING:
            allowed.add(Move)
            if self.next_steps():
                allowed.add(MoveChecker)
            if self.steps:
                allowed.add(Undo)
            if self.dice is not None and self.position.complete_play(self.dice, self.steps) is not None:
                allowed.add(Confirm)
        elif self.phase is Phase.DOUBLED:
            allowed |= {Take, Drop}
            if self.rules.beavers and self.offered * 2 <= MAX_CUBE:
                allowed.add(Beaver)
        elif self.phase is Phase.BEAVERED:
            allowed |= {AcceptBeaver, RefuseBeaver}
        elif self.phase is Phase.RESIGNING:
            allowed |= {AcceptResignation, DeclineResignation}
        return frozenset(allowed)

    # --- state as data -------------------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-ready data: two games with equal snapshots are in the same state."""
        return {
            "number": self.number,
            "crawford": self.rules.crawford,
            "phase": self.phase.value,
            "on_roll": self.on_roll,
            "to_act": self.to_act,
            "position": [list(self.position.mover), list(self.position.opponent)],
            "cube": self.cube,
            "cube_owner": self.cube_owner,
            "offered": self.offered,
            "double_accepted": self.double_accepted,
            "dice": list(self.dice) if self.dice else None,
            "steps": [[s.start, s.end, s.die, int(s.hit)] for s in self.steps],
            "resignation": [self.resignation[0], int(self.resignation[1])] if self.resignation else None,
            "resigned_kind": int(self.resigned_kind) if self.resigned_kind else None,
            "opening_rolls": [list(pair) for pair in self.opening_rolls],
            "automatic_doubles": self.automatic_doubles,
            "last_play": None
            if self.last_play is None
            else {
                "player": self.last_play.player,
                "dice": list(self.last_play.dice),
                "play": play_to_json(self.last_play.play),
            },
            "outcome": self.outcome.to_dict() if self.outcome else None,
        }
