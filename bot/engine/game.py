"""One game as a state machine: opening roll, turns, the cube, resignations and the end (R2, R3, R6, R7, R9).

The `Game` checks who may act and when, applies an action and every automatic consequence (automatic rolls
when no double is possible, R9.4; forced or impossible plays, R9.3), and reports what happened as events.
It knows nothing of match scores: the `Match` turns a finished game's `Outcome` into points and next games.
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
from bot.engine.dice import DiceSource
from bot.engine.events import (
    AutomaticDouble,
    BeaverAccepted,
    Beavered,
    BeaverRefused,
    Doubled,
    Dropped,
    Event,
    OpeningRolled,
    Played,
    ResignationAccepted,
    ResignationDeclined,
    ResignationOffered,
    Rolled,
    StepMoved,
    StepUndone,
    Taken,
)
from bot.engine.outcome import Outcome, OutcomeKind, win_points
from bot.engine.play import Play, Step, point_name
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


@dataclass(frozen=True, slots=True)
class LastPlay:
    """The last completed turn, for the board image and the messages."""

    player: int
    dice: Dice
    play: Play


class Game:
    """One game between players 0 and 1. Create it, then `start(dice)` makes the opening roll."""

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
        """R6.1: the cube is in the middle or the player's own, not in the Crawford game, not past the limit."""
        return not self.rules.crawford and self.cube_owner in (None, player) and self.cube * 2 <= MAX_CUBE

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

    # --- the opening -----------------------------------------------------------------------------------------

    def start(self, source: DiceSource) -> list[Event]:
        """The opening roll (R2.1-R2.3): one die each, ties rolled again; the higher die moves first."""
        events: list[Event] = []
        rolls: list[tuple[int, int]] = []
        while True:
            pair = (source.roll_die(), source.roll_die())
            rolls.append(pair)
            if pair[0] != pair[1]:
                break
            if self.automatic_doubles < self.rules.automatic_double_limit:
                self.automatic_doubles += 1
                self.cube *= 2
                events.append(AutomaticDouble(self.cube))
        self.opening_rolls = tuple(rolls)
        first = 0 if rolls[-1][0] > rolls[-1][1] else 1
        self.on_roll = first
        events.insert(0, OpeningRolled(self.opening_rolls, first))
        self._use_dice((max(rolls[-1]), min(rolls[-1])), source, events, automatic=True, announce=False)
        return events

    # --- actions ---------------------------------------------------------------------------------------------

    def apply(self, action: Action, source: DiceSource) -> list[Event]:
        """Check and apply one game action and its automatic consequences; raises ActionError, changing nothing."""
        events: list[Event] = []
        player = action.player
        if isinstance(action, Roll):
            self._check_turn(player, Phase.ROLLING, "You have already rolled.")
            self._use_dice((source.roll_die(), source.roll_die()), source, events, automatic=False)
        elif isinstance(action, Double):
            self._check_double(player)
            self.offered = self.cube * 2
            self.phase = Phase.DOUBLED
            events.append(Doubled(player, self.offered))
        elif isinstance(action, Take | Drop | Beaver):
            self._check_answer(player, Phase.DOUBLED, "double")
            if isinstance(action, Take):
                self._cube_taken(player, self.offered, source, events, Taken(player, self.offered))
            elif isinstance(action, Drop):
                events.append(Dropped(player))
                self._end(Outcome(1 - player, OutcomeKind.DROPPED, self.cube, self.cube))
            else:
                if not self.rules.beavers:
                    raise ActionError("Beavers are not allowed in this game.")
                if self.offered * 2 > MAX_CUBE:  # a beaver doubles the cube as a double does (R6.4)
                    raise ActionError(f"The cube cannot go past {MAX_CUBE}: take or drop.")
                self.offered *= 2
                self.phase = Phase.BEAVERED
                events.append(Beavered(player, self.offered))
        elif isinstance(action, AcceptBeaver | RefuseBeaver):
            self._check_answer(player, Phase.BEAVERED, "beaver")
            beaverer = 1 - player
            if isinstance(action, AcceptBeaver):
                self._cube_taken(beaverer, self.offered, source, events, BeaverAccepted(player, self.offered))
            else:
                events.append(BeaverRefused(player))
                self._end(Outcome(beaverer, OutcomeKind.DROPPED, self.offered // 2, self.offered // 2))
        elif isinstance(action, Move):
            self._check_turn(player, Phase.MOVING, "")
            self._finish_turn(self._checked_play(action.play), events, automatic=False, source=source)
        elif isinstance(action, MoveChecker):
            self._check_turn(player, Phase.MOVING, "")
            step = self._checked_step(action)
            self.steps += (step,)
            events.append(StepMoved(player, step))
        elif isinstance(action, Undo):
            self._check_turn(player, Phase.MOVING, "")
            if not self.steps:
                raise ActionError("There is no step to undo.")
            events.append(StepUndone(player, self.steps[-1]))
            self.steps = self.steps[:-1]
        elif isinstance(action, Confirm):
            self._check_turn(player, Phase.MOVING, "")
            assert self.dice is not None
            play = self.position.complete_play(self.dice, self.steps)
            if play is None:
                raise ActionError("Your move is not finished: play as many of your dice as you can (R4.1).")
            self._finish_turn(play, events, automatic=False, source=source)
        elif isinstance(action, Resign):
            self._check_resign(player, action.kind)
            self.resignation = (player, action.kind)
            self._resume = self.phase
            self.phase = Phase.RESIGNING
            events.append(ResignationOffered(player, action.kind, self.resignation_points(action.kind)))
        elif isinstance(action, AcceptResignation | DeclineResignation):
            self._check_answer(player, Phase.RESIGNING, "resignation")
            assert self.resignation is not None
            kind = self.resignation[1]
            self.resignation = None
            if isinstance(action, AcceptResignation):
                events.append(ResignationAccepted(player))
                self.resigned_kind = kind
                self._end(Outcome(player, OutcomeKind.RESIGNED, self.resignation_points(kind), self.cube))
            else:
                events.append(ResignationDeclined(player))
                self.phase = self._resume
        else:
            raise ActionError(f"{type(action).__name__} is not a game action.")
        return events

    def end(self, outcome: Outcome) -> None:
        """End the game from outside (a claim, R9.5)."""
        self._end(outcome)

    def abort(self) -> None:
        self.phase = Phase.ABORTED
        self._plays = []

    # --- checks ------------------------------------------------------------------------------------------------

    def _waiting_for(self, player: int) -> str:
        """Why `player` cannot do that now: who must act first, and how, in a player's words."""
        who = self.to_act
        if who is None:
            return "This game is over."
        take = "take, drop or beaver" if self.rules.beavers else "take or drop"
        answers = {
            Phase.DOUBLED: ("double", take),
            Phase.BEAVERED: ("beaver", "accept or refuse"),
            Phase.RESIGNING: ("resignation", "accept or decline"),
        }
        if self.phase in answers:
            what, how = answers[self.phase]
            if who == player:
                return f"Answer the {what} first: {how}."
            return f"{self.names[who]} must answer the {what} first."
        return f"It is {self.names[who]}'s turn."

    def _check_turn(self, player: int, phase: Phase, wrong_phase: str) -> None:
        if self.phase in (Phase.ROLLING, Phase.MOVING) and player == self.on_roll and self.phase is not phase:
            raise ActionError(wrong_phase or "Roll the dice first.")
        if self.phase is not phase or player != self.to_act:
            raise ActionError(self._waiting_for(player))

    def _check_double(self, player: int) -> None:
        if self.in_progress:
            if self.rules.crawford:
                raise ActionError("No doubling in the Crawford game (R8.3).")
            if self.cube_owner is not None and self.cube_owner != player:
                raise ActionError(f"{self.names[self.cube_owner]} owns the cube.")
            if self.cube * 2 > MAX_CUBE:
                raise ActionError(f"The cube cannot go past {MAX_CUBE}.")
        self._check_turn(player, Phase.ROLLING, "You can only double before you roll (R6.1).")

    def _check_answer(self, player: int, phase: Phase, what: str) -> None:
        if self.phase is not phase:
            if self.phase in (Phase.DOUBLED, Phase.BEAVERED, Phase.RESIGNING) or not self.in_progress:
                raise ActionError(self._waiting_for(player))
            raise ActionError(f"There is no {what} to answer.")
        if player != self.to_act:
            raise ActionError(f"{self.names[1 - player]} must answer your {what}.")

    def _check_resign(self, player: int, kind: WinKind) -> None:
        if self.phase not in (Phase.ROLLING, Phase.MOVING):
            if self.phase is Phase.DOUBLED and player != self.on_roll:
                raise ActionError("Answer the double first: dropping it gives up the game (R6.2).")
            raise ActionError(self._waiting_for(player))
        if not isinstance(kind, WinKind):
            raise ActionError("Resign a single game, a gammon or a backgammon.")

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
                raise ActionError(f"{play} is not a legal play with {self._dice_text()}.")
            steps.append(
                next(
                    s
                    for s in self.position.next_steps(self.dice, tuple(steps))
                    if (s.start, s.end, s.die) == (step.start, step.end, step.die)
                )
            )
        complete = self.position.complete_play(self.dice, tuple(steps))
        if complete is None:
            raise ActionError(
                f"{play} is not a complete play with {self._dice_text()}: "
                "play as many of the dice as you can (R4.1-R4.3)."
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
            raise ActionError(f"{text} is not a legal step with what is left of {self._dice_text()}.")
        return min(candidates, key=lambda step: step.die)

    def _dice_text(self) -> str:
        assert self.dice is not None
        return f"{self.dice[0]}-{self.dice[1]}"

    # --- the flow ----------------------------------------------------------------------------------------------

    def _cube_taken(self, owner: int, value: int, source: DiceSource, events: list[Event], event: Event) -> None:
        """A double (or beaver) accepted: the new value and owner, then the doubler rolls at once (R9.4)."""
        self.cube = value
        self.cube_owner = owner
        self.offered = 0
        self.double_accepted = True
        events.append(event)
        self._use_dice((source.roll_die(), source.roll_die()), source, events, automatic=True)

    def _use_dice(
        self, dice: Dice, source: DiceSource, events: list[Event], *, automatic: bool, announce: bool = True
    ) -> None:
        """Dice are rolled for the player on roll; forced or impossible plays are made at once (R9.3), and
        turns continue automatically while nobody can double (R9.4)."""
        while True:
            self.dice = dice
            if announce:
                events.append(Rolled(self.on_roll, dice, automatic))
            announce = True
            self._plays = self.position.legal_plays(dice)
            if len(self._plays) > 1:
                self.phase = Phase.MOVING
                return
            play = self._plays[0] if self._plays else Play(())
            if not self._complete_turn(play, events, automatic=True):
                return
            if self.may_double(self.on_roll):
                self.phase = Phase.ROLLING
                return
            automatic = True
            dice = (source.roll_die(), source.roll_die())

    def _finish_turn(self, play: Play, events: list[Event], *, automatic: bool, source: DiceSource) -> None:
        if not self._complete_turn(play, events, automatic=automatic):
            return
        if self.may_double(self.on_roll):
            self.phase = Phase.ROLLING
        else:
            self._use_dice((source.roll_die(), source.roll_die()), source, events, automatic=True)

    def _complete_turn(self, play: Play, events: list[Event], *, automatic: bool) -> bool:
        """Make the play; returns False when it won the game, else passes the turn and returns True."""
        assert self.dice is not None
        events.append(Played(self.on_roll, self.dice, play, automatic))
        self.last_play = LastPlay(self.on_roll, self.dice, play)
        after = self.position.apply(play)
        self.steps = ()
        self._plays = []
        kind = after.winner_kind(winner_is_mover=False)
        if kind is not None:
            self.position = after.swapped()  # keep the winner's view: it is still `on_roll`
            points = win_points(kind, self.cube, jacoby_applies=self.jacoby_applies())
            self._end(Outcome(self.on_roll, OutcomeKind.of_win(kind), points, self.cube))
            return False
        self.position = after
        self.on_roll = 1 - self.on_roll
        self.dice = None
        return True

    def _end(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.phase = Phase.OVER
        self.offered = 0
        self._plays = []

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
