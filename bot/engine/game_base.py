"""A game's state and everything that only reads it: whose turn, what is allowed, and why an action is refused.

`Game` (bot/engine/game.py) adds the transitions; this half holds the data they change, the queries the
front end and the computer player ask, the checks every action passes first (R4, R6, R7, R9) and the snapshot.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from bot.engine.actions import (
    AcceptBeaver,
    AcceptResignation,
    Action,
    ActionError,
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
from bot.engine.play import Play, Step, point_name
from bot.engine.position import Position, WinKind
from bot.i18n.messages import N_

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


#: What the player to answer hears, and what the other player hears, while a double, beaver or resignation waits.
_ANSWERS = {
    Phase.DOUBLED: (N_("Answer the double first: take or drop."), N_("{name} must answer the double first.")),
    Phase.BEAVERED: (N_("Answer the beaver first: accept or refuse."), N_("{name} must answer the beaver first.")),
    Phase.RESIGNING: (
        N_("Answer the resignation first: accept or decline."),
        N_("{name} must answer the resignation first."),
    ),
}
#: An answer when nothing of its kind was offered, and an answer to one's own offer.
_NOTHING_TO_ANSWER = {
    Phase.DOUBLED: N_("There is no double to answer."),
    Phase.BEAVERED: N_("There is no beaver to answer."),
    Phase.RESIGNING: N_("There is no resignation to answer."),
}
_OTHER_ANSWERS = {
    Phase.DOUBLED: N_("{name} must answer your double."),
    Phase.BEAVERED: N_("{name} must answer your beaver."),
    Phase.RESIGNING: N_("{name} must answer your resignation."),
}


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


class GameBase:
    """One game's state between players 0 and 1, with its queries and checks; `Game` makes it move."""

    def __init__(self, number: int, names: tuple[str, str], rules: GameRules) -> None:
        self.number = number
        self.names = names
        self.rules = rules
        self.position = Position.initial()  # always seen from `on_roll`'s side
        self.on_roll = 0
        self.cube = 1
        self.cube_owner: int | None = None
        self.phase = Phase.ROLLING
        self.dice: Dice | None = None
        self.steps: tuple[Step, ...] = ()
        self.offered = 0  # the cube value on offer while DOUBLED or BEAVERED
        self.resignation: tuple[int, WinKind] | None = None  # (who offers, what) while RESIGNING
        self.resigned_kind: WinKind | None = None  # what was resigned, once accepted
        self._resume = Phase.ROLLING  # where a declined resignation goes back to
        self.double_accepted = False  # R7.3: Jacoby stops applying once a double is taken
        self.opening_rolls: tuple[tuple[int, int], ...] = ()
        self.automatic_doubles = 0
        self.outcome: Outcome | None = None
        self.last_play: LastPlay | None = None
        self._plays: list[Play] = []  # the legal plays while MOVING

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
        return list(self._plays) if self.phase is Phase.MOVING else []

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

    # --- checks ------------------------------------------------------------------------------------------------

    def _waiting_for(self, player: int) -> ActionError:
        """Why `player` cannot do that now: who must act first, and how, in a player's words."""
        who = self.to_act
        if who is None:
            return ActionError(N_("This game is over."))
        if self.phase in _ANSWERS:
            own, other = _ANSWERS[self.phase]
            if who == player:
                beavers = self.phase is Phase.DOUBLED and self.rules.beavers
                return ActionError(N_("Answer the double first: take, drop or beaver.") if beavers else own)
            return ActionError(other, name=self.names[who])
        return ActionError(N_("It is {name}'s turn."), name=self.names[who])

    def _check_turn(self, player: int, phase: Phase, wrong_phase: str) -> None:
        """`wrong_phase`: the refusal when the player on roll acts in the other half of the turn (marked `N_()`)."""
        if self.phase in (Phase.ROLLING, Phase.MOVING) and player == self.on_roll and self.phase is not phase:
            raise ActionError(wrong_phase or N_("Roll the dice first."))
        if self.phase is not phase or player != self.to_act:
            raise self._waiting_for(player)

    def _check_double(self, player: int) -> None:
        if self.in_progress:
            if self.rules.crawford:
                raise ActionError(N_("No doubling in the Crawford game."))  # R8.3
            if self.cube_owner is not None and self.cube_owner != player:
                raise ActionError(N_("{name} owns the cube."), name=self.names[self.cube_owner])
            if self.cube * 2 > MAX_CUBE:
                raise ActionError(N_("The cube cannot go past {limit}."), limit=MAX_CUBE)
        self._check_turn(player, Phase.ROLLING, N_("You can only double before you roll."))  # R6.1

    def _check_answer(self, player: int, phase: Phase) -> None:
        """`phase`: what is answered (a double, a beaver or a resignation)."""
        if self.phase is not phase:
            if self.phase in _ANSWERS or not self.in_progress:
                raise self._waiting_for(player)
            raise ActionError(_NOTHING_TO_ANSWER[phase])
        if player != self.to_act:
            raise ActionError(_OTHER_ANSWERS[phase], name=self.names[1 - player])

    def _check_resign(self, player: int, kind: WinKind) -> None:
        if self.phase not in (Phase.ROLLING, Phase.MOVING):
            if self.phase is Phase.DOUBLED and player != self.on_roll:
                raise ActionError(N_("Answer the double first: dropping it gives up the game."))  # R6.2
            raise self._waiting_for(player)
        if not isinstance(kind, WinKind):
            raise ActionError(N_("Resign a single game, a gammon or a backgammon."))

    def _checked_play(self, play: Play) -> Play:
        """The play if it is legal (R4), by its steps or by the position it reaches (R4.5)."""
        if play in self._plays:
            return play
        assert self.dice is not None
        steps: list[Step] = []
        for step in play.steps:
            if not any(
                (s.start, s.end, s.die) == (step.start, step.end, step.die)
                for s in self.position.next_steps(self.dice, tuple(steps))
            ):
                raise ActionError(N_("{play} is not a legal play with {dice}."), play=play, dice=self._dice_text())
            steps.append(
                next(
                    s
                    for s in self.position.next_steps(self.dice, tuple(steps))
                    if (s.start, s.end, s.die) == (step.start, step.end, step.die)
                )
            )
        complete = self.position.complete_play(self.dice, tuple(steps))
        if complete is None:
            raise ActionError(  # R4.1-R4.3
                N_("{play} is not a complete play with {dice}: play as many of the dice as you can."),
                play=play,
                dice=self._dice_text(),
            )
        return complete

    def _checked_step(self, action: MoveChecker) -> Step:
        candidates = [
            step
            for step in self.next_steps()
            if step.start == action.start and step.end == action.end and action.die in (None, step.die)
        ]
        if not candidates:
            text = f"{point_name(action.start)}/{point_name(action.end)}"
            raise ActionError(
                N_("{step} is not a legal step with what is left of {dice}."), step=text, dice=self._dice_text()
            )
        return min(candidates, key=lambda step: step.die)

    def _dice_text(self) -> str:
        assert self.dice is not None
        return f"{self.dice[0]}-{self.dice[1]}"

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
