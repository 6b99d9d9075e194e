"""What a press on a board's control asks the service to do: the command each game control stands for."""

from __future__ import annotations

from bot.service import commands as cmd
from cogs.ui.custom_ids import GameAction, GameControl

#: The controls that are an action with no argument.
SIMPLE_COMMANDS: dict[GameAction, cmd.Command] = {
    GameAction.ROLL: cmd.Roll(),
    GameAction.DOUBLE: cmd.Double(),
    GameAction.TAKE: cmd.Take(),
    GameAction.DROP: cmd.Drop(),
    GameAction.BEAVER: cmd.Beaver(),
    GameAction.ACCEPT_BEAVER: cmd.AcceptBeaver(),
    GameAction.REFUSE_BEAVER: cmd.RefuseBeaver(),
    GameAction.UNDO: cmd.Undo(),
    GameAction.DONE: cmd.Confirm(),
    GameAction.ACCEPT_RESIGNATION: cmd.AcceptResignation(),
    GameAction.DECLINE_RESIGNATION: cmd.DeclineResignation(),
    GameAction.CLAIM: cmd.Claim(),
}
#: The controls whose press stores an action on the board's match and is answered with the new board.
ACTIONS = frozenset(SIMPLE_COMMANDS) | {GameAction.STEP, GameAction.PLAY}


def command_for(control: GameControl) -> cmd.Command:
    """The command a press on `control` stores (one of ACTIONS)."""
    if control.action is GameAction.STEP:
        assert control.start is not None and control.die is not None
        return cmd.Step(control.start, control.die)
    if control.action is GameAction.PLAY:  # a whole play (button or select), confirmed at once (R10.1)
        assert control.play is not None
        return cmd.PlayText(control.play)
    return SIMPLE_COMMANDS[control.action]
