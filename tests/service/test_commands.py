"""The commands `act` takes: each one reaches an engine action, and `Ask` is the action of its type for the actor's
seat."""

from __future__ import annotations

import dataclasses
from typing import get_args

import pytest

from bot.engine import actions as engine
from bot.service import commands
from bot.service.actions import engine_action
from bot.service.records import TurnTimer

TIMER = TurnTimer(0.0, 60, False)


@pytest.mark.parametrize("action_type", [cls for cls in engine.SEAT_ACTIONS if cls is not engine.Claim])
def test_an_ask_is_the_engine_action_of_its_type_for_the_actors_seat(action_type: type[engine.SeatAction]) -> None:
    action = engine_action(commands.Ask(action_type), 1, None, TIMER, 0.0)  # type: ignore[arg-type]  # no match needed
    assert action == action_type(1)


def test_the_seat_actions_are_every_action_built_from_the_seat_alone() -> None:
    """An action whose only field is its actor is asked for by `Ask`, except a timeout, which nobody asks for."""
    only_the_seat = {cls for cls in engine.ACTION_TYPES if [f.name for f in dataclasses.fields(cls)] == ["player"]}
    assert set(engine.SEAT_ACTIONS) == only_the_seat - {engine.Timeout}
    assert set(get_args(engine.SeatAction)) == set(engine.SEAT_ACTIONS)
    for cls in engine.ACTION_TYPES:
        assert engine.seat_action(cls) is (cls if cls in engine.SEAT_ACTIONS else None)


def test_the_computers_decision_is_its_action_for_the_seat_acting() -> None:
    action = engine_action(commands.ComputerDecision(engine.Take(0)), 1, None, TIMER, 0.0)  # type: ignore[arg-type]
    assert action == engine.Take(1)
