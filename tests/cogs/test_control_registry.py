"""The one vocabulary from a board's control to the engine's action: nothing can be left out of it.

Every action of the engine has a control, or a reason in NO_CONTROL why nobody asks for it from a board; every
control either asks for a registered action (through the service's command for it) or is one of the few
controls that ask for none, each with its reason below. The boards of random games are read back: whenever the
engine allows an action, the board offers its control.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import get_args

import pytest

from bot.engine import actions
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.engine.position import WinKind
from bot.service import TurnTimer
from bot.service.actions import engine_action
from cogs.ui.control_commands import ASKS_FIRST, command_for, stores_action
from cogs.ui.controls import controls
from cogs.ui.custom_ids import ACTION_WORDS, NO_CONTROL, ControlAction, GameAction, GameControl
from cogs.ui.move_menu import Rows, SelectSpec
from cogs.ui.resign_menu import RESIGN_KINDS, resign_rows
from cogs.ui.timer_text import with_claim
from tests.cogs.test_game_messages import record
from tests.cogs.test_move_menu import buttons_of

#: The controls that ask for no action of the match, and why.
NO_ACTION: dict[GameAction, str] = {
    GameAction.PICK: "shows the dice a checker can use: the step is its own control",
    GameAction.BACK: "goes back from the dice to the checkers",
    GameAction.REMATCH: "starts a new match (or asks for one), under a finished match",
    GameAction.MOVES: "shows the move list privately, to anyone",
    GameAction.LIVE: "opens the live board, a Discord Activity, for whoever presses it",
}
#: A claim that stands: the board shows the Claim button to the opponent of the player to act (R9.5).
CLAIM_OFFERED = TurnTimer(100.0, 120, True, 100.0, 100.0)


def test_every_action_has_a_control_or_a_reason_not_to() -> None:
    with_control = set(ACTION_WORDS.values())
    assert with_control | set(NO_CONTROL) == set(actions.ACTION_TYPES)
    assert not with_control & set(NO_CONTROL)
    assert all(NO_CONTROL.values())


def test_every_word_names_one_action() -> None:
    assert set(get_args(actions.Action)) == set(actions.ACTION_TYPES)  # a new action is in both
    assert len(actions.BY_WORD) == len(actions.ACTION_TYPES)
    assert all(actions.BY_WORD[cls.word] is cls for cls in actions.ACTION_TYPES)


def test_every_control_asks_for_a_registered_action_or_says_why_not() -> None:
    """GameAction's members are either the kinds of resignation (each asks for Resign) or ask for no action."""
    assert set(GameAction) == set(NO_ACTION) | set(RESIGN_KINDS)
    assert not set(NO_ACTION) & set(RESIGN_KINDS)
    assert set(RESIGN_KINDS.values()) == set(WinKind)
    for action in [*GameAction, *ACTION_WORDS.values()]:
        assert stores_action(GameControl(1, 2, action, *arguments(action))) == (
            not isinstance(action, GameAction) and action not in ASKS_FIRST
        )


def arguments(action: ControlAction) -> tuple[int | None, int | None, str | None]:
    """The start, die and play a control of `action` carries: a step's and a whole play's from the opening 3-1."""
    if action is actions.MoveChecker:
        return 8, 3, None
    if action is actions.Move:
        return None, None, "8/5 6/5"
    return (13, None, None) if action is GameAction.PICK else (None, None, None)


@pytest.mark.parametrize("action", [cls for cls in ACTION_WORDS.values() if cls not in ASKS_FIRST])
def test_a_press_stores_the_action_its_control_names(action: type[actions.Action]) -> None:
    match = Match.start(("Alice", "Bob"), MatchOptions.money(), FixedDice([3, 1]))  # Alice to play 3-1
    control = GameControl.parse(GameControl(5, 4, action, *arguments(action)).custom_id)
    command = command_for(control)
    stored = engine_action(command, 0, match, CLAIM_OFFERED, 0.0)
    assert type(stored) is action and stored.player == 0


def test_the_resignation_asked_first_is_stored_by_the_kind_chosen() -> None:
    """Resign's control asks privately which kind; each kind's control offers that kind (R7.4)."""
    match = Match.start(("Alice", "Bob"), MatchOptions.money(), FixedDice([3, 1]))
    chosen = {button.control.action for button in buttons_of(resign_rows(5, 4, match))}
    assert chosen == set(RESIGN_KINDS)
    assert {actions.Resign} == ASKS_FIRST


def offered(match: Match, claim: bool) -> set[type[actions.Action]]:
    """The actions the board's controls ask for, as the board draws them (cogs.ui.game_messages.compose): a
    checker's dice followed, a select menu's plays, the claim beside them when it stands."""
    rows: Rows = controls(5, 4, match)
    if claim:
        rows = with_claim(rows, dataclasses.replace(record(match), timer=CLAIM_OFFERED))
    found: set[type[actions.Action]] = {actions.Move} if any(isinstance(row, SelectSpec) for row in rows) else set()
    for button in buttons_of(rows):
        action = button.control.action
        if action is GameAction.PICK:
            found |= offered_after_pick(match, button.control)
        elif not isinstance(action, GameAction):
            found.add(action)
    return found


def offered_after_pick(match: Match, pick: GameControl) -> set[type[actions.Action]]:
    rows = controls(5, 4, match, picked=pick.start)
    return {button.control.action for button in buttons_of(rows) if not isinstance(button.control.action, GameAction)}


def without_whole_plays(match: Match) -> set[type[actions.Action]]:
    """What makes a whole play when the board offers none (one checker left to move, more plays than the menus
    hold): the steps left, or Done once none is left. `/bg move` types any play at any time."""
    return {actions.MoveChecker} if match.next_steps() else {actions.Confirm}


def random_action(match: Match, rng: random.Random) -> actions.Action:
    """Any action the engine allows now, of the player to act or (a resignation) of the other."""
    player = match.to_act
    assert player is not None
    resigning = rng.choice((player, 1 - player))
    if rng.random() < 0.02 and actions.Resign in match.allowed(resigning):  # rarely: it ends most games
        return actions.Resign(resigning, rng.choice(list(WinKind)))
    not_now = {*NO_CONTROL, actions.Claim, actions.Resign}
    kind = rng.choice(sorted(match.allowed(player) - not_now, key=lambda cls: cls.word))
    if kind is actions.Move:
        return actions.Move(player, rng.choice(match.legal_plays()))
    if kind is actions.MoveChecker:
        step = rng.choice(match.next_steps())
        return actions.MoveChecker(player, step.start, step.end, step.die)
    seat = actions.seat_action(kind)
    assert seat is not None, kind
    return seat(player)


def random_matches(count: int, seed: int) -> Iterator[Match]:
    """The states of random matches: money games with beavers, and short matches with the Crawford game."""
    rng = random.Random(seed)
    for index in range(count):
        options = MatchOptions.money(beavers=True) if index % 2 else MatchOptions.match(3)
        dice = FixedDice(rng.randint(1, 6) for _ in range(2000))
        match = Match.start(("Alice", "Bob"), options, dice)
        for _ in range(400):
            if match.to_act is None:
                break
            yield match
            match = match.apply(random_action(match, rng), dice).match


def test_the_board_offers_a_control_for_every_action_the_engine_allows() -> None:
    allowed_somewhere: set[type[actions.Action]] = set()
    shown_somewhere: set[type[actions.Action]] = set()
    for match in random_matches(20, seed=47):
        player = match.to_act
        assert player is not None
        for claim in (False, True):
            on_board = offered(match, claim)
            shown_somewhere |= on_board
            for who in (player, 1 - player):
                allowed = match.allowed(who)
                allowed_somewhere |= allowed
                wanted = allowed - set(NO_CONTROL) - ({actions.Claim} if not claim else set())
                if actions.Move in wanted and actions.Move not in on_board:
                    wanted = (wanted - {actions.Move}) | without_whole_plays(match)
                assert wanted <= on_board, (who, match.phase, wanted - on_board)
    assert allowed_somewhere == set(actions.ACTION_TYPES)  # the games went through every action
    assert shown_somewhere == set(ACTION_WORDS.values())  # and their boards showed every action's control
