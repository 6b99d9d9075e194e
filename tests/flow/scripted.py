"""What the scripted matches share (test_scripted_matches.py, test_scripted_cube.py): a match started on scripted
dice, its first legal play, a refused action, a replay check, and a game set up at a chosen position.

Alice is player 0 and Bob player 1. An opening pair (a, b) is Alice's die then Bob's (R2.1).
"""

from __future__ import annotations

import dataclasses

import pytest

from bot.engine.actions import Action, ActionError, Move
from bot.engine.dice import DiceSource, FixedDice
from bot.engine.game import Phase
from bot.engine.match import Applied, Match
from bot.engine.options import MatchOptions
from bot.engine.position import Position
from tests.flow.driver import ScriptedDice

ALICE, BOB = 0, 1
NAMES = ("Alice", "Bob")


def start(options: MatchOptions, dice: list[int]) -> tuple[Match, ScriptedDice]:
    source = ScriptedDice(dice)
    return Match.start(NAMES, options, source), source


def move_first(match: Match, dice: DiceSource, player: int) -> Applied:
    """Play the first legal play listed (the scripts care about the cube and the score, not the checkers)."""
    assert match.phase is Phase.MOVING and match.to_act == player
    return match.apply(Move(player, match.legal_plays()[0]), dice)


def refused(match: Match, action: Action, message: str) -> None:
    """The action raises ActionError with that message, before it draws any dice, and changes nothing."""
    before = match.snapshot()
    with pytest.raises(ActionError) as error:
        match.apply(action, FixedDice(()))
    assert str(error.value) == message
    assert match.snapshot() == before


def assert_replays(match: Match) -> None:
    again = Match.replay(match.log)
    assert again.snapshot() == match.snapshot()
    assert again.match_id() == match.match_id()


def set_up(
    match: Match, alice: dict[int, int], bob: dict[int, int], *, cube: int = 1, owner: int | None = None
) -> Match:
    """The match with its current game at Alice's turn, before her roll, in a chosen position (for endings).

    `bob` is in Bob's own numbering: his 6-point is Alice's 19, his 20-point is in Alice's home board.
    """
    game = dataclasses.replace(
        match.game,
        position=Position.from_points(alice, bob),  # each side in its own numbering
        on_roll=ALICE,
        cube=cube,
        cube_owner=owner,
        dice=None,
        steps=(),
        phase=Phase.ROLLING,
    )
    assert game.may_double(ALICE)
    return dataclasses.replace(match, game=game)
