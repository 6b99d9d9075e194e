"""The click-only move entry: choose a checker (the point it leaves from), then the die to use, step by step.

Only the engine's legal next steps are offered (`Position.next_steps`), so every button leads on towards a
complete legal play, and every legal play can be entered (tests/cogs/test_move_menu.py checks both over
thousands of random positions and rolls). A point from which only one step is possible moves at once; a point
with two possible dice asks which one. The layout always fits Discord's limits: at most 15 points can hold
checkers, so the points take at most 3 rows of 5 buttons, and Undo / Done take the last row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.engine import BAR, OFF, Position, Step
from cogs.custom_ids import GameAction, GameControl

MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    """One button as data; cogs.views turns it into a DynamicItem."""

    label: str
    control: GameControl
    style: discord.ButtonStyle = discord.ButtonStyle.secondary


Rows = tuple[tuple[ButtonSpec, ...], ...]


def point_name(point: int) -> str:
    """R10.1: 25 is the bar and 0 is off; other points are their numbers."""
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return str(point)


def distinct_steps(steps: Sequence[Step]) -> list[Step]:
    """One step per (start, die): those determine the move, so duplicates would be the same button."""
    seen: dict[tuple[int, int], Step] = {}
    for step in steps:
        seen.setdefault((step.start, step.die), step)
    return sorted(seen.values(), key=lambda s: (-s.start, -s.die))


def move_menu(
    match_id: int,
    version: int,
    position: Position,
    dice: tuple[int, int],
    steps: Sequence[Step],
    picked: int | None = None,
) -> Rows:
    """The buttons for entering a play by clicks, given the steps entered so far this turn.

    `picked` is the point whose dice are being chosen (after a click on a point with two possible steps).
    """

    def control(action: GameAction, start: int | None = None, die: int | None = None) -> GameControl:
        return GameControl(match_id, version, action, start, die)

    options = distinct_steps(position.next_steps(dice, steps))
    finish: list[ButtonSpec] = []
    if steps:
        finish.append(ButtonSpec("Undo", control(GameAction.UNDO), discord.ButtonStyle.secondary))
    if not options and position.complete_play(dice, steps) is not None:
        finish.append(ButtonSpec("Done", control(GameAction.DONE), discord.ButtonStyle.success))

    from_picked = [step for step in options if step.start == picked]
    if picked is not None and len(from_picked) > 1:
        dice_row = [
            ButtonSpec(f"{step} ({step.die})", control(GameAction.STEP, step.start, step.die),
                       discord.ButtonStyle.primary)
            for step in from_picked
        ]
        dice_row.append(ButtonSpec("Back", control(GameAction.BACK)))
        return (tuple(dice_row), tuple(finish)) if finish else (tuple(dice_row),)

    by_start: dict[int, list[Step]] = {}
    for step in options:
        by_start.setdefault(step.start, []).append(step)
    buttons: list[ButtonSpec] = []
    for start, from_start in by_start.items():
        if len(from_start) == 1:
            (step,) = from_start
            buttons.append(ButtonSpec(str(step), control(GameAction.STEP, start, step.die),
                                      discord.ButtonStyle.primary))
        else:
            buttons.append(ButtonSpec(f"From {point_name(start)}", control(GameAction.PICK, start)))
    rows = [tuple(buttons[i : i + MAX_BUTTONS_PER_ROW]) for i in range(0, len(buttons), MAX_BUTTONS_PER_ROW)]
    if finish:
        rows.append(tuple(finish))
    if len(rows) > MAX_ROWS:  # impossible with 15 checkers; a clear failure beats a rejected message
        raise ValueError(f"move menu needs {len(rows)} rows for {position} with {dice}")
    return tuple(rows)
