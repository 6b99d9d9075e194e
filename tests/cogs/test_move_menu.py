"""The move menu: every legal play can be entered, nothing else can, and it always fits Discord's limits.

The menu is explored like a player would click: every button of every state is followed (a point asks for the
die, a step moves), every whole play offered (a green button or an option of the select) is read back as the
service reads it (`parse_play`, R10.1), and the plays reached are compared with the engine's legal plays (R4.5:
by the position they lead to). Random positions include bar checkers, bear-offs and blots to hit.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bot.engine import Position, Step, actions
from cogs.ui.custom_ids import GameAction, GameControl, PlaySelectControl
from cogs.ui.move_menu import (
    MAX_BUTTONS_PER_ROW,
    MAX_PLAY_SELECTS,
    MAX_ROWS,
    MAX_SELECT_OPTIONS,
    ButtonSpec,
    Rows,
    SelectSpec,
    finishing_plays,
    move_menu,
    whole_play_choices,
)

MATCH_ID, VERSION = 123456789012345678, 41


def random_side(rng: random.Random, points: list[int], on_bar: int, off: int) -> list[int]:
    side = [0] * 26
    side[25], side[0] = on_bar, off
    for _ in range(15 - on_bar - off):
        side[rng.choice(points)] += 1
    return side


def random_position(rng: random.Random) -> Position:
    """A legal-looking position: sometimes a race home, sometimes checkers on the bar, often blots."""
    bearing_off = rng.random() < 0.25
    on_bar = 0 if bearing_off else rng.choice([0, 0, 0, 1, 2, 3])
    off = rng.randint(0, 12) if bearing_off else 0
    mover_points = rng.sample(range(1, 7) if bearing_off else range(1, 25), k=rng.randint(1, 6 if bearing_off else 9))
    mover = random_side(rng, mover_points, on_bar, off)
    free = [p for p in range(1, 25) if not mover[25 - p]]
    opponent_points = rng.sample(free, k=rng.randint(1, min(9, len(free))))
    opponent = random_side(rng, opponent_points, rng.choice([0, 0, 0, 1]), rng.randint(0, 3))
    return Position(tuple(mover), tuple(opponent))


def buttons_of(rows: Rows) -> list[ButtonSpec]:
    return [button for row in rows if not isinstance(row, SelectSpec) for button in row]


def selects_of(rows: Rows) -> list[SelectSpec]:
    return [row for row in rows if isinstance(row, SelectSpec)]


def check_limits(rows: Rows) -> None:
    """Discord's limits (as the stand-in enforces them): 5 rows, 5 buttons a row or one select alone, ids
    1-100 characters and unique, button labels <= 80, 1-25 options with unique values, option texts <= 100."""
    assert 1 <= len(rows) <= MAX_ROWS
    ids = [button.control.custom_id for button in buttons_of(rows)]
    ids += [menu.control.custom_id for menu in selects_of(rows)]
    assert len(ids) == len(set(ids)), "custom_ids must be unique in a message"
    menus = selects_of(rows)
    assert len(menus) <= MAX_PLAY_SELECTS and [m.control.part for m in menus] == list(range(1, len(menus) + 1))
    values = [value for menu in menus for _, value in menu.options]
    assert len(values) == len(set(values)), "a play is offered once"
    for row in rows:
        if isinstance(row, SelectSpec):
            assert 1 <= len(row.options) <= MAX_SELECT_OPTIONS
            assert all(1 <= len(text) <= 100 for option in row.options for text in option)
            assert 1 <= len(row.control.custom_id) <= 100 and len(row.placeholder) <= 150
            assert PlaySelectControl.parse(row.control.custom_id) == row.control
            continue
        assert 1 <= len(row) <= MAX_BUTTONS_PER_ROW
        for button in row:
            assert 1 <= len(button.label) <= 80
            assert 1 <= len(button.control.custom_id) <= 100
            assert GameControl.parse(button.control.custom_id) == button.control


def reachable_plays(position: Position, dice: tuple[int, int]) -> Iterator[Position]:
    """The result of every complete play the menu lets a player enter, found by clicking every button of every
    state and reading every whole play offered as the service does."""
    seen: set[tuple[Position, tuple[int, ...], int | None]] = set()
    stack: list[tuple[tuple[Step, ...], int | None]] = [((), None)]
    while stack:
        steps, picked = stack.pop()
        key = (position.after_steps(steps), tuple(sorted(s.die for s in steps)), picked)
        if key in seen:
            continue
        seen.add(key)
        rows = move_menu(MATCH_ID, VERSION, position, dice, steps, picked)
        check_limits(rows)
        following = position.next_steps(dice, steps)
        offered = {step.start: step for step in following}
        for menu in selects_of(rows):
            assert (menu.control.match_id, menu.control.version) == (MATCH_ID, VERSION)
            for _, value in menu.options:
                yield position.apply(position.parse_play(value, dice))
        for button in buttons_of(rows):
            control = button.control
            assert (control.match_id, control.version) == (MATCH_ID, VERSION)
            if control.action is actions.MoveChecker:
                matching = [s for s in following if (s.start, s.die) == (control.start, control.die)]
                assert matching, f"{control} is not a legal next step"
                stack.append(((*steps, matching[0]), None))
            elif control.action is GameAction.PICK:
                assert control.start in offered
                stack.append((steps, control.start))
            elif control.action is GameAction.BACK:
                assert picked is not None
            elif control.action is actions.Undo:
                assert steps
            elif control.action is actions.Confirm:
                play = position.complete_play(dice, steps)
                assert play is not None
                yield position.apply(play)
            elif control.action is actions.Move:
                assert control.play is not None and button.label == control.play
                yield position.apply(position.parse_play(control.play, dice))
            else:
                pytest.fail(f"unexpected control {control}")


def rolls() -> list[tuple[int, int]]:
    return [(a, b) for a in range(1, 7) for b in range(1, 7)]


def check_position(position: Position, dice: tuple[int, int]) -> None:
    legal = {position.apply(play) for play in position.legal_plays(dice)}
    if len(position.legal_plays(dice)) == 1:  # forced or nothing to play (R4.4): played for the player (R9.3)
        return
    entered = set(reachable_plays(position, dice))
    assert entered == legal, f"{position} with {dice}"


def test_every_roll_from_the_start() -> None:
    for dice in rolls():
        check_position(Position.initial(), dice)


@pytest.mark.slow
def test_a_thousand_random_positions_and_rolls() -> None:
    rng = random.Random(20261122)
    for _ in range(1000):
        check_position(random_position(rng), rng.choice(rolls()))


def labels(rows: Rows) -> list[list[str]]:
    return [["select"] if isinstance(row, SelectSpec) else [b.label for b in row] for row in rows]


def test_a_turn_opens_with_the_select_of_every_play_and_a_button_per_step() -> None:
    position = Position.initial()
    rows = move_menu(1, 1, position, (6, 5), ())
    (menu,) = selects_of(rows)
    assert rows[0] is menu  # the one-choice way first
    assert {value for _, value in menu.options} == {str(play) for play in position.legal_plays((6, 5))}
    assert ("24/13", "24/13") in menu.options
    assert labels(rows)[1:] == [["24/18", "13/7", "13/8", "8/2", "8/3"]]  # room for each step: no "From 13"


def test_more_plays_than_one_select_holds_are_split_in_reading_order() -> None:
    position = Position.initial()
    plays = position.legal_plays((4, 4))
    assert MAX_SELECT_OPTIONS < len(plays) <= 3 * MAX_SELECT_OPTIONS  # 52
    rows = move_menu(1, 1, position, (4, 4), ())
    assert labels(rows) == [["select"], ["select"], ["select"], ["24/20", "13/9", "8/4", "6/2"]]
    menus = selects_of(rows)
    assert [len(menu.options) for menu in menus] == [18, 18, 16]
    assert [menu.control for menu in menus] == [PlaySelectControl(1, 1, part) for part in (1, 2, 3)]
    first, last = menus[0].options[0][0], menus[0].options[-1][0]
    assert menus[0].placeholder == f"Whole plays (1 of 3): {first} … {last}"
    assert {value for menu in menus for _, value in menu.options} == {str(play) for play in plays}


def test_too_many_plays_for_the_rows_are_offered_once_a_step_narrows_them() -> None:
    position = Position.from_points({24: 1, 22: 1, 20: 2, 13: 3, 10: 2, 8: 2, 6: 2, 5: 2}, {24: 2, 13: 5, 7: 3, 2: 5})
    assert len(position.legal_plays((3, 3))) > MAX_PLAY_SELECTS * MAX_SELECT_OPTIONS  # 334
    assert not selects_of(move_menu(1, 1, position, (3, 3), ()))
    steps = (Step(13, 10, 3), Step(13, 10, 3))
    finishing = whole_play_choices(position, (3, 3), steps)
    assert finishing is not None and len(finishing) == 36
    menus = selects_of(move_menu(1, 1, position, (3, 3), steps))
    assert len(menus) == 2
    assert [value for menu in menus for _, value in menu.options] == [str(play) for play in finishing]


def test_a_few_whole_plays_are_green_buttons_beside_the_steps() -> None:
    position = Position.from_points({6: 1, 5: 1}, {1: 2})
    rows = move_menu(1, 1, position, (2, 1), ())
    assert labels(rows) == [["6/3", "6/4 5/4", "5/2"], ["6/4", "6/5", "5/3", "5/4"]]
    assert {b.control.action for b in rows[0] if isinstance(b, ButtonSpec)} == {actions.Move}


def test_the_last_checker_is_left_to_the_step_buttons() -> None:
    # One die left: each step is a whole play, finished by Done or by the player's auto-finish setting.
    position = Position.initial()
    rows = move_menu(1, 1, position, (3, 1), (Step(8, 5, 3),))
    assert labels(rows) == [["24/23", "8/7", "6/5", "5/4"], ["Undo"]]
    assert whole_play_choices(position, (3, 1), (Step(8, 5, 3),)) is None


def test_finishing_plays_lists_what_the_steps_can_still_become() -> None:
    position = Position.initial()
    every = finishing_plays(position, (3, 1), ())
    assert every is not None and len(every) == len(position.legal_plays((3, 1)))
    after = finishing_plays(position, (3, 1), (Step(8, 5, 3),))
    assert after is not None and {str(play) for play in after} == {"24/23 8/5", "8/5 8/7", "8/5 6/5", "8/4"}
    assert finishing_plays(position, (3, 1), (Step(8, 5, 3), Step(6, 5, 1))) == []
    assert finishing_plays(position, (4, 4), ()) is None  # more than a select can hold


def test_two_dice_from_one_point_ask_which_die_only_when_the_rows_are_full() -> None:
    # 15 points with one checker each and both dice playable from all: 30 steps for 25 buttons.
    position = Position.from_points({point: 1 for point in range(10, 25)}, {22: 5, 23: 5, 24: 5})
    rows = move_menu(1, 1, position, (6, 5), ())
    assert len(buttons_of(rows)) == 25
    picks = [b for b in buttons_of(rows) if b.control.action is GameAction.PICK]
    assert picks and all(b.label.startswith("From ") for b in picks)
    start = picks[0].control.start
    assert start is not None
    dice_rows = move_menu(1, 1, position, (6, 5), (), picked=start)
    assert sorted(b.label for b in buttons_of(dice_rows)) == sorted(
        [f"{start}/{start - 6} (6)", f"{start}/{start - 5} (5)", "Back"]
    )


def test_done_appears_only_for_a_complete_play_and_undo_only_after_a_step() -> None:
    position = Position.initial()
    first = move_menu(1, 1, position, (3, 1), ())
    offered = {b.control.action for b in buttons_of(first)}
    assert actions.Undo not in offered and actions.Confirm not in offered
    steps = (Step(8, 5, 3), Step(6, 5, 1))
    last = move_menu(1, 1, position, (3, 1), steps)
    assert labels(last) == [["Undo", "Done"]]


def test_bearing_off_from_one_point_with_either_die_keeps_the_two_apart() -> None:
    position = Position.from_points({3: 2, 1: 1}, {1: 2})
    rows = move_menu(1, 1, position, (6, 5), ())
    shown = [label for row in labels(rows) for label in row]
    assert "3/off (6)" in shown and "3/off (5)" in shown
