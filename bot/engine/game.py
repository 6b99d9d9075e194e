"""One game as a state machine: opening roll, turns, the cube, resignations and the end (R2, R3, R6, R7, R9).

The `Game` checks who may act and when, applies an action and every automatic consequence (automatic rolls
when no double is possible, R9.4; forced or impossible plays, R9.3), and reports what happened as events.
It knows nothing of match scores: the `Match` turns a finished game's `Outcome` into points and next games.
Its state, queries and checks are `GameBase` (bot/engine/game_base.py); this module holds the transitions.
"""

from __future__ import annotations

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
from bot.engine.game_base import MAX_CUBE, Dice, GameBase, GameRules, LastPlay, Phase
from bot.engine.outcome import Outcome, OutcomeKind, win_points
from bot.engine.play import Play
from bot.i18n.messages import N_

__all__ = ["MAX_CUBE", "Dice", "Game", "GameRules", "LastPlay", "Phase"]


class Game(GameBase):
    """One game between players 0 and 1. Create it, then `start(dice)` makes the opening roll."""

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
        if isinstance(action, Roll):
            self._check_turn(action.player, Phase.ROLLING, N_("You have already rolled."))
            self._use_dice((source.roll_die(), source.roll_die()), source, events, automatic=False)
        elif isinstance(action, Double | Take | Drop | Beaver):
            self._apply_double(action, source, events)
        elif isinstance(action, AcceptBeaver | RefuseBeaver):
            self._apply_beaver_answer(action, source, events)
        elif isinstance(action, Move | MoveChecker | Undo | Confirm):
            self._apply_move(action, source, events)
        elif isinstance(action, Resign | AcceptResignation | DeclineResignation):
            self._apply_resignation(action, events)
        else:
            raise ActionError(f"{type(action).__name__} is not a game action.")  # a programming error
        return events

    def _apply_double(self, action: Double | Take | Drop | Beaver, source: DiceSource, events: list[Event]) -> None:
        """A double (R6.1) and its answers: take, drop (R6.2) or beaver (R6.4)."""
        player = action.player
        if isinstance(action, Double):
            self._check_double(player)
            self.offered = self.cube * 2
            self.phase = Phase.DOUBLED
            events.append(Doubled(player, self.offered))
            return
        self._check_answer(player, Phase.DOUBLED)
        if isinstance(action, Take):
            self._cube_taken(player, self.offered, source, events, Taken(player, self.offered))
        elif isinstance(action, Drop):
            events.append(Dropped(player))
            self._end(Outcome(1 - player, OutcomeKind.DROPPED, self.cube, self.cube))
        else:
            if not self.rules.beavers:
                raise ActionError(N_("Beavers are not allowed in this game."))
            if self.offered * 2 > MAX_CUBE:  # a beaver doubles the cube as a double does (R6.4)
                raise ActionError(N_("The cube cannot go past {limit}: take or drop."), limit=MAX_CUBE)
            self.offered *= 2
            self.phase = Phase.BEAVERED
            events.append(Beavered(player, self.offered))

    def _apply_beaver_answer(
        self, action: AcceptBeaver | RefuseBeaver, source: DiceSource, events: list[Event]
    ) -> None:
        player = action.player
        self._check_answer(player, Phase.BEAVERED)
        beaverer = 1 - player
        if isinstance(action, AcceptBeaver):
            self._cube_taken(beaverer, self.offered, source, events, BeaverAccepted(player, self.offered))
        else:
            events.append(BeaverRefused(player))
            self._end(Outcome(beaverer, OutcomeKind.DROPPED, self.offered // 2, self.offered // 2))

    def _apply_move(self, action: Move | MoveChecker | Undo | Confirm, source: DiceSource, events: list[Event]) -> None:
        """A whole play, or one step of it entered, undone or confirmed (R9.2)."""
        player = action.player
        self._check_turn(player, Phase.MOVING, "")
        if isinstance(action, Move):
            self._finish_turn(self._checked_play(action.play), events, automatic=False, source=source)
        elif isinstance(action, MoveChecker):
            step = self._checked_step(action)
            self.steps += (step,)
            events.append(StepMoved(player, step))
        elif isinstance(action, Undo):
            if not self.steps:
                raise ActionError(N_("There is no step to undo."))
            events.append(StepUndone(player, self.steps[-1]))
            self.steps = self.steps[:-1]
        else:
            assert self.dice is not None
            play = self.position.complete_play(self.dice, self.steps)
            if play is None:
                raise ActionError(N_("Your move is not finished: play as many of your dice as you can."))  # R4.1
            self._finish_turn(play, events, automatic=False, source=source)

    def _apply_resignation(self, action: Resign | AcceptResignation | DeclineResignation, events: list[Event]) -> None:
        """A resignation offered, accepted or declined (R7)."""
        player = action.player
        if isinstance(action, Resign):
            self._check_resign(player, action.kind)
            self.resignation = (player, action.kind)
            self._resume = self.phase
            self.phase = Phase.RESIGNING
            events.append(ResignationOffered(player, action.kind, self.resignation_points(action.kind)))
            return
        self._check_answer(player, Phase.RESIGNING)
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

    def end(self, outcome: Outcome) -> None:
        """End the game from outside (a claim, R9.5)."""
        self._end(outcome)

    def abort(self) -> None:
        self.phase = Phase.ABORTED
        self._plays = []

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
