"""The commands `act` takes: each one reaches an engine action, and the simple ones map to the action of their name."""

from __future__ import annotations

from typing import get_args

from bot.engine import actions as engine
from bot.service import commands
from bot.service.actions import _SIMPLE, engine_action
from bot.service.commands import Command
from bot.service.records import TurnTimer

#: The commands built from more than the actor's seat (their own cases in engine_action).
SPECIAL = {commands.Step, commands.PlayText, commands.Resign, commands.Claim, commands.ComputerDecision}


def test_every_command_is_handled() -> None:
    assert set(get_args(Command)) == set(_SIMPLE) | SPECIAL
    assert not set(_SIMPLE) & SPECIAL


def test_a_simple_command_is_the_engine_action_of_its_name_for_the_actors_seat() -> None:
    timer = TurnTimer(0.0, 60, False)
    for command_type in _SIMPLE:
        action = engine_action(command_type(), 1, None, timer, 0.0)  # type: ignore[arg-type]  # no match needed
        assert type(action).__name__ == command_type.__name__
        assert isinstance(action, engine.Action) and action.player == 1


def test_the_computers_decision_is_its_action_for_the_seat_acting() -> None:
    action = engine_action(commands.ComputerDecision(engine.Take(0)), 1, None, TurnTimer(0.0, 60, False), 0.0)  # type: ignore[arg-type]
    assert action == engine.Take(1)
