"""The rules that give a game's next state: opening roll, turns, the cube, resignations and the end (R2, R3, R6,
R7, R9).

Each transition checks who may act and when (bot/engine/game_checks.py), then returns the next `Game` with the
events of the action and of every automatic consequence (automatic rolls when no double is possible, R9.4;
forced or impossible plays, R9.3). The game given is a frozen value, so a refused action changes nothing.
"""

from __future__ import annotations

from dataclasses import replace

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
from bot.engine.game import MAX_CUBE, Dice, Game, LastPlay, Phase
from bot.engine.game_checks import check_answer, check_double, check_resign, check_turn, checked_play, checked_step
from bot.engine.outcome import Outcome, OutcomeKind, win_points
from bot.engine.play import Play
from bot.i18n.messages import N_

#: A game after a transition, and the events of it in order.
Moved = tuple[Game, list[Event]]


def start_game(game: Game, source: DiceSource) -> Moved:
    """The opening roll of a new game (R2.1-R2.3): one die each, ties rolled again; the higher die moves first."""
    events: list[Event] = []
    rolls: list[tuple[int, int]] = []
    cube, automatic_doubles = game.cube, game.automatic_doubles
    while True:
        pair = (source.roll_die(), source.roll_die())
        rolls.append(pair)
        if pair[0] != pair[1]:
            break
        if automatic_doubles < game.rules.automatic_double_limit:
            automatic_doubles += 1
            cube *= 2
            events.append(AutomaticDouble(cube))
    first = 0 if rolls[-1][0] > rolls[-1][1] else 1
    game = replace(game, cube=cube, automatic_doubles=automatic_doubles, opening_rolls=tuple(rolls), on_roll=first)
    events.insert(0, OpeningRolled(game.opening_rolls, first))
    game = _use_dice(game, (max(rolls[-1]), min(rolls[-1])), source, events, automatic=True, announce=False)
    return game, events


def apply_to_game(game: Game, action: Action, source: DiceSource) -> Moved:
    """Check and apply one game action and its automatic consequences; raises ActionError when it is refused."""
    events: list[Event] = []
    if isinstance(action, Roll):
        check_turn(game, action.player, Phase.ROLLING, N_("You have already rolled."))
        game = _use_dice(game, _roll(source), source, events, automatic=False)
    elif isinstance(action, Double | Take | Drop | Beaver):
        game = _apply_double(game, action, source, events)
    elif isinstance(action, AcceptBeaver | RefuseBeaver):
        game = _apply_beaver_answer(game, action, source, events)
    elif isinstance(action, Move | MoveChecker | Undo | Confirm):
        game = _apply_move(game, action, source, events)
    elif isinstance(action, Resign | AcceptResignation | DeclineResignation):
        game = _apply_resignation(game, action, events)
    else:
        raise ActionError(f"{type(action).__name__} is not a game action.")  # a programming error
    return game, events


def end_game(game: Game, outcome: Outcome) -> Game:
    """The game ended with `outcome`: by its own rules, or from outside (a claim or a timeout, R9.5)."""
    return replace(game, outcome=outcome, phase=Phase.OVER, offered=0, plays=())


def abort_game(game: Game) -> Game:
    return replace(game, phase=Phase.ABORTED, plays=())


def _roll(source: DiceSource) -> Dice:
    return (source.roll_die(), source.roll_die())


def _apply_double(game: Game, action: Double | Take | Drop | Beaver, source: DiceSource, events: list[Event]) -> Game:
    """A double (R6.1) and its answers: take, drop (R6.2) or beaver (R6.4)."""
    player = action.player
    if isinstance(action, Double):
        check_double(game, player)
        events.append(Doubled(player, game.cube * 2))
        return replace(game, offered=game.cube * 2, phase=Phase.DOUBLED)
    check_answer(game, player, Phase.DOUBLED)
    if isinstance(action, Take):
        return _cube_taken(game, player, game.offered, source, events, Taken(player, game.offered))
    if isinstance(action, Drop):
        events.append(Dropped(player))
        return end_game(game, Outcome(1 - player, OutcomeKind.DROPPED, game.cube, game.cube))
    if not game.rules.beavers:
        raise ActionError(N_("Beavers are not allowed in this game."))
    if game.offered * 2 > MAX_CUBE:  # a beaver doubles the cube as a double does (R6.4)
        raise ActionError(N_("The cube cannot go past {limit}: take or drop."), limit=MAX_CUBE)
    events.append(Beavered(player, game.offered * 2))
    return replace(game, offered=game.offered * 2, phase=Phase.BEAVERED)


def _apply_beaver_answer(
    game: Game, action: AcceptBeaver | RefuseBeaver, source: DiceSource, events: list[Event]
) -> Game:
    player = action.player
    check_answer(game, player, Phase.BEAVERED)
    beaverer = 1 - player
    if isinstance(action, AcceptBeaver):
        return _cube_taken(game, beaverer, game.offered, source, events, BeaverAccepted(player, game.offered))
    events.append(BeaverRefused(player))
    return end_game(game, Outcome(beaverer, OutcomeKind.DROPPED, game.offered // 2, game.offered // 2))


def _apply_move(
    game: Game, action: Move | MoveChecker | Undo | Confirm, source: DiceSource, events: list[Event]
) -> Game:
    """A whole play, or one step of it entered, undone or confirmed (R9.2)."""
    player = action.player
    check_turn(game, player, Phase.MOVING, "")
    if isinstance(action, Move):
        return _finish_turn(game, checked_play(game, action.play), source, events)
    if isinstance(action, MoveChecker):
        step = checked_step(game, action)
        events.append(StepMoved(player, step))
        return replace(game, steps=(*game.steps, step))
    if isinstance(action, Undo):
        if not game.steps:
            raise ActionError(N_("There is no step to undo."))
        events.append(StepUndone(player, game.steps[-1]))
        return replace(game, steps=game.steps[:-1])
    assert game.dice is not None
    play = game.position.complete_play(game.dice, game.steps)
    if play is None:
        raise ActionError(N_("Your move is not finished: play as many of your dice as you can."))  # R4.1
    return _finish_turn(game, play, source, events)


def _apply_resignation(
    game: Game, action: Resign | AcceptResignation | DeclineResignation, events: list[Event]
) -> Game:
    """A resignation offered, accepted or declined (R7)."""
    player = action.player
    if isinstance(action, Resign):
        check_resign(game, player, action.kind)
        events.append(ResignationOffered(player, action.kind, game.resignation_points(action.kind)))
        return replace(game, resignation=(player, action.kind), resume=game.phase, phase=Phase.RESIGNING)
    check_answer(game, player, Phase.RESIGNING)
    assert game.resignation is not None
    kind = game.resignation[1]
    if isinstance(action, AcceptResignation):
        events.append(ResignationAccepted(player))
        outcome = Outcome(player, OutcomeKind.RESIGNED, game.resignation_points(kind), game.cube)
        return end_game(replace(game, resignation=None, resigned_kind=kind), outcome)
    events.append(ResignationDeclined(player))
    return replace(game, resignation=None, phase=game.resume)


# --- the flow of turns ---------------------------------------------------------------------------------------------


def _cube_taken(game: Game, owner: int, value: int, source: DiceSource, events: list[Event], event: Event) -> Game:
    """A double (or beaver) accepted: the new value and owner, then the doubler rolls at once (R9.4)."""
    events.append(event)
    game = replace(game, cube=value, cube_owner=owner, offered=0, double_accepted=True)
    return _use_dice(game, _roll(source), source, events, automatic=True)


def _use_dice(
    game: Game, dice: Dice, source: DiceSource, events: list[Event], *, automatic: bool, announce: bool = True
) -> Game:
    """Dice are rolled for the player on roll; forced or impossible plays are made at once (R9.3), and
    turns continue automatically while nobody can double (R9.4)."""
    while True:
        if announce:
            events.append(Rolled(game.on_roll, dice, automatic))
        announce = True
        plays = tuple(game.position.legal_plays(dice))
        if len(plays) > 1:
            return replace(game, dice=dice, plays=plays, phase=Phase.MOVING)
        game = _complete_turn(replace(game, dice=dice), plays[0] if plays else Play(()), events, automatic=True)
        if game.outcome is not None:
            return game
        if game.may_double(game.on_roll):
            return replace(game, phase=Phase.ROLLING)
        automatic = True
        dice = _roll(source)


def _finish_turn(game: Game, play: Play, source: DiceSource, events: list[Event]) -> Game:
    """A play the player entered: made, then the next turn begins (rolled at once when nobody can double)."""
    game = _complete_turn(game, play, events, automatic=False)
    if game.outcome is not None:
        return game
    if game.may_double(game.on_roll):
        return replace(game, phase=Phase.ROLLING)
    return _use_dice(game, _roll(source), source, events, automatic=True)


def _complete_turn(game: Game, play: Play, events: list[Event], *, automatic: bool) -> Game:
    """Make the play: the game ends when it wins (its `outcome` set), else the turn passes."""
    assert game.dice is not None
    events.append(Played(game.on_roll, game.dice, play, automatic))
    after = game.position.apply(play)
    last = LastPlay(game.on_roll, game.dice, play)
    kind = after.winner_kind(winner_is_mover=False)
    if kind is not None:
        points = win_points(kind, game.cube, jacoby_applies=game.jacoby_applies())
        outcome = Outcome(game.on_roll, OutcomeKind.of_win(kind), points, game.cube)
        won = replace(game, position=after.swapped(), last_play=last, steps=())  # the winner's view: still `on_roll`
        return end_game(won, outcome)
    return replace(game, position=after, on_roll=1 - game.on_roll, dice=None, last_play=last, steps=(), plays=())
