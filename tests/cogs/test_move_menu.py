"""The click menu: every legal play can be entered, nothing else can, and it always fits Discord's limits.

The menu is explored like a player would click: every button of every state is followed (a point asks for the
die, a step moves), and the plays reached by Done are compared with the engine's legal plays (R4.5: by the
position they lead to). Random positions include bar checkers, bear-offs and blots to hit.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bot.engine import Position, Step
from cogs.custom_ids import GameAction, GameControl
from cogs.move_menu import MAX_BUTTONS_PER_ROW, MAX_ROWS, Rows, move_menu

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


def check_limits(rows: Rows) -> None:
    assert 1 <= len(rows) <= MAX_ROWS
    ids = [button.control.custom_id for row in rows for button in row]
    assert len(ids) == len(set(ids)), "custom_ids must be unique in a message"
    for row in rows:
        assert 1 <= len(row) <= MAX_BUTTONS_PER_ROW
        for button in row:
            assert 1 <= len(button.label) <= 80
            assert 1 <= len(button.control.custom_id) <= 100
            assert GameControl.parse(button.control.custom_id) == button.control


def reachable_plays(position: Position, dice: tuple[int, int]) -> Iterator[tuple[Step, ...]]:
    """Every complete play the menu lets a player enter, found by clicking every button of every state."""
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
        offered = {step.start: step for step in position.next_steps(dice, steps)}
        for button in (b for row in rows for b in row):
            control = button.control
            assert (control.match_id, control.version) == (MATCH_ID, VERSION)
            if control.action is GameAction.STEP:
                matching = [s for s in position.next_steps(dice, steps)
                            if (s.start, s.die) == (control.start, control.die)]
                assert matching, f"{control} is not a legal next step"
                stack.append(((*steps, matching[0]), None))
            elif control.action is GameAction.PICK:
                assert control.start in offered
                stack.append((steps, control.start))
            elif control.action is GameAction.BACK:
                assert picked is not None
            elif control.action is GameAction.UNDO:
                assert steps
            elif control.action is GameAction.DONE:
                assert position.complete_play(dice, steps) is not None
                yield steps
            else:
                pytest.fail(f"unexpected control {control}")


def rolls() -> list[tuple[int, int]]:
    return [(a, b) for a in range(1, 7) for b in range(1, 7)]


def check_position(position: Position, dice: tuple[int, int]) -> None:
    legal = {position.after_steps(play.steps) for play in position.legal_plays(dice)}
    entered = {position.after_steps(steps) for steps in reachable_plays(position, dice)}
    if legal == {position}:  # nothing can be played (R4.4): the flow plays it for the player (R9.3)
        return
    assert entered == legal, f"{position} with {dice}"


def test_every_roll_from_the_start() -> None:
    for dice in rolls():
        check_position(Position.initial(), dice)


@pytest.mark.slow
def test_thousands_of_random_positions_and_rolls() -> None:
    rng = random.Random(20261122)
    for _ in range(2000):
        check_position(random_position(rng), rng.choice(rolls()))


def test_two_dice_from_one_point_asks_which_die() -> None:
    position = Position.initial()
    rows = move_menu(1, 1, position, (6, 5), ())
    picks = [b for row in rows for b in row if b.control.action is GameAction.PICK]
    assert {b.control.start for b in picks} >= {13, 8}  # 13/8 and 13/7 both possible, 8/3 and 8/2 too
    dice_rows = move_menu(1, 1, position, (6, 5), (), picked=13)
    labels = sorted(b.label for row in dice_rows for b in row)
    assert labels == ["13/7 (6)", "13/8 (5)", "Back"]


def test_done_appears_only_for_a_complete_play_and_undo_only_after_a_step() -> None:
    position = Position.initial()
    first = move_menu(1, 1, position, (3, 1), ())
    actions = {b.control.action for row in first for b in row}
    assert GameAction.UNDO not in actions and GameAction.DONE not in actions
    steps = (Step(8, 5, 3), Step(6, 5, 1))
    last = move_menu(1, 1, position, (3, 1), steps)
    assert [[b.label for b in row] for row in last] == [["Undo", "Done"]]
