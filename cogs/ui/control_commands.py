"""What a press on a board's control asks the service to do: the command each action's control stands for.

A control that asks for an engine action carries the action's type (cogs.ui.custom_ids): a step and a whole play
add their arguments, and every other action is asked for by its type alone (`Ask`), the service building it for
the presser's seat.
"""

from __future__ import annotations

from bot.engine import actions
from bot.service import commands as cmd
from cogs.ui.custom_ids import GameAction, GameControl

#: The actions whose control asks something first instead of storing the action: Resign asks privately which
#: kind to offer (R7.4; cogs.ui.resign_menu), and the kind's button stores it.
ASKS_FIRST: frozenset[type[actions.Action]] = frozenset({actions.Resign})


def stores_action(control: GameControl) -> bool:
    """Whether a press on `control` stores its action on the board's match, answered with the new board."""
    return not isinstance(control.action, GameAction) and control.action not in ASKS_FIRST


def command_for(control: GameControl) -> cmd.Command:
    """The command a press on `control` stores (one whose `stores_action`); ValueError for another control."""
    action = control.action
    if action is actions.MoveChecker:
        assert control.start is not None and control.die is not None
        return cmd.Step(control.start, control.die)
    if action is actions.Move:  # a whole play (button or select), confirmed at once (R10.1)
        assert control.play is not None
        return cmd.PlayText(control.play)
    seat = None if isinstance(action, GameAction) else actions.seat_action(action)
    if seat is None or not stores_action(control):
        raise ValueError(f"a press on {control.word} stores no action of its own")
    return cmd.Ask(seat)
