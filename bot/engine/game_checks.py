"""Why a game action is refused: who must act first and how, a double or an answer out of turn, an illegal play.

Every transition of bot/engine/game_flow.py passes one of these checks first (R4, R6, R7, R9); each raises an
`ActionError` in a player's words, so a refused action changes nothing.
"""

from __future__ import annotations

from bot.engine.actions import ActionError, MoveChecker
from bot.engine.game import MAX_CUBE, Game, Phase
from bot.engine.play import Play, Step, point_name
from bot.engine.position import WinKind
from bot.i18n.messages import N_

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


def waiting_for(game: Game, player: int) -> ActionError:
    """Why `player` cannot do that now: who must act first, and how, in a player's words."""
    who = game.to_act
    if who is None:
        return ActionError(N_("This game is over."))
    if game.phase in _ANSWERS:
        own, other = _ANSWERS[game.phase]
        if who == player:
            beavers = game.phase is Phase.DOUBLED and game.rules.beavers
            return ActionError(N_("Answer the double first: take, drop or beaver.") if beavers else own)
        return ActionError(other, name=game.names[who])
    return ActionError(N_("It is {name}'s turn."), name=game.names[who])


def check_turn(game: Game, player: int, phase: Phase, wrong_phase: str) -> None:
    """`wrong_phase`: the refusal when the player on roll acts in the other half of the turn (marked `N_()`)."""
    if game.phase in (Phase.ROLLING, Phase.MOVING) and player == game.on_roll and game.phase is not phase:
        raise ActionError(wrong_phase or N_("Roll the dice first."))
    if game.phase is not phase or player != game.to_act:
        raise waiting_for(game, player)


def check_double(game: Game, player: int) -> None:
    if game.in_progress:
        if game.rules.crawford:
            raise ActionError(N_("No doubling in the Crawford game."))  # R8.3
        if game.cube_owner is not None and game.cube_owner != player:
            raise ActionError(N_("{name} owns the cube."), name=game.names[game.cube_owner])
        if game.cube * 2 > MAX_CUBE:
            raise ActionError(N_("The cube cannot go past {limit}."), limit=MAX_CUBE)
    check_turn(game, player, Phase.ROLLING, N_("You can only double before you roll."))  # R6.1


def check_answer(game: Game, player: int, phase: Phase) -> None:
    """`phase`: what is answered (a double, a beaver or a resignation)."""
    if game.phase is not phase:
        if game.phase in _ANSWERS or not game.in_progress:
            raise waiting_for(game, player)
        raise ActionError(_NOTHING_TO_ANSWER[phase])
    if player != game.to_act:
        raise ActionError(_OTHER_ANSWERS[phase], name=game.names[1 - player])


def check_resign(game: Game, player: int, kind: WinKind) -> None:
    if game.phase not in (Phase.ROLLING, Phase.MOVING):
        if game.phase is Phase.DOUBLED and player != game.on_roll:
            raise ActionError(N_("Answer the double first: dropping it gives up the game."))  # R6.2
        raise waiting_for(game, player)
    if not isinstance(kind, WinKind):
        raise ActionError(N_("Resign a single game, a gammon or a backgammon."))


def checked_play(game: Game, play: Play) -> Play:
    """The play if it is legal (R4), by its steps or by the position it reaches (R4.5)."""
    if play in game.plays:
        return play
    assert game.dice is not None
    steps: list[Step] = []
    for step in play.steps:
        if not any(
            (s.start, s.end, s.die) == (step.start, step.end, step.die)
            for s in game.position.next_steps(game.dice, tuple(steps))
        ):
            raise ActionError(N_("{play} is not a legal play with {dice}."), play=play, dice=dice_text(game))
        steps.append(
            next(
                s
                for s in game.position.next_steps(game.dice, tuple(steps))
                if (s.start, s.end, s.die) == (step.start, step.end, step.die)
            )
        )
    complete = game.position.complete_play(game.dice, tuple(steps))
    if complete is None:
        raise ActionError(  # R4.1-R4.3
            N_("{play} is not a complete play with {dice}: play as many of the dice as you can."),
            play=play,
            dice=dice_text(game),
        )
    return complete


def checked_step(game: Game, action: MoveChecker) -> Step:
    candidates = [
        step
        for step in game.next_steps()
        if step.start == action.start and step.end == action.end and action.die in (None, step.die)
    ]
    if not candidates:
        text = f"{point_name(action.start)}/{point_name(action.end)}"
        raise ActionError(
            N_("{step} is not a legal step with what is left of {dice}."), step=text, dice=dice_text(game)
        )
    return min(candidates, key=lambda step: step.die)


def dice_text(game: Game) -> str:
    assert game.dice is not None
    return f"{game.dice[0]}-{game.dice[1]}"
