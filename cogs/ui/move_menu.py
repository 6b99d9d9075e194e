"""The click-only move entry: a whole play in one choice, or checker by checker (fewer clicks a turn).

Two ways that always agree with the engine, shown together:
- Whole plays: the complete legal plays the steps entered so far can still lead to (`finishing_plays`), each
  confirmed at once when chosen (R9.2, like a typed `/bg move`). Up to 5 are green buttons of their own; up to
  25 (Discord's limit) are the options of a select menu; more are split over several menus (in reading order,
  each saying which plays it holds) while the rows allow, else not offered until a step narrows them. They are
  not offered when only the last checker is left to move: the step buttons are then the same plays.
- Steps: the engine's legal next steps (`Position.next_steps`), so every step leads on towards a complete legal
  play. A step is one button ("13/8") wherever the rows have room; only when they do not, a point with two
  possible dice gets one "From 13" button that asks for the die. Undo and Done follow in the last row; with the
  player's auto-finish setting the service ends the turn at the last step instead (no Done).

tests/cogs/test_move_menu.py checks over thousands of random positions and rolls that every legal play can be
entered and nothing else, and that the layout fits Discord's limits: at most 15 points hold checkers, so the
compact step buttons take at most 3 rows of 5 and Undo / Done 1 row; the whole plays take the rows left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import discord

from bot.engine import BAR, OFF, Play, Position, Step, actions
from bot.i18n import N_
from cogs.ui.custom_ids import MAX_CUSTOM_ID, ControlAction, GameAction, GameControl, PlaySelectControl

MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25  # Discord's limit for one select menu
MAX_PLAY_SELECTS = MAX_ROWS - 1  # select menus of whole plays: one row at least stays for the step buttons
MAX_PLAY_BUTTONS = MAX_BUTTONS_PER_ROW  # whole plays shown as buttons (one row) rather than a select
MAX_PLACEHOLDER = 150
MAX_BUTTON_LABEL = 80
MAX_OPTION_TEXT = 100  # a select option's label and value
PLAY_SELECT_PLACEHOLDER = N_("Choose your whole play (it ends your turn)")


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    """One button as data; cogs.ui.views turns it into a DynamicItem."""

    label: str
    control: GameControl
    style: discord.ButtonStyle = discord.ButtonStyle.secondary


@dataclass(frozen=True, slots=True)
class SelectSpec:
    """The select menu of whole plays as data, alone in its row: (label, value) options, the value being the
    play in notation (R10.1)."""

    control: PlaySelectControl
    options: tuple[tuple[str, str], ...]
    placeholder: str = PLAY_SELECT_PLACEHOLDER


Row = tuple[ButtonSpec, ...] | SelectSpec
Rows = tuple[Row, ...]


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


def _point_number(name: str) -> int:
    return BAR if name == "bar" else OFF if name == "off" else int(name)


def _reading_order(play: Play) -> list[tuple[int, int]]:
    """Plays as a player reads their notation: by the farthest checker moved, then where it lands."""
    key = []
    for part in str(play).split():
        points = part.split("(")[0].replace("*", "").split("/")
        key.append((-_point_number(points[0]), _point_number(points[-1])))
    return key


def finishing_plays(
    position: Position, dice: tuple[int, int], steps: Sequence[Step], limit: int = MAX_SELECT_OPTIONS
) -> list[Play] | None:
    """The complete legal plays (as `legal_plays` lists them) that `steps` can still be finished into, farthest
    checkers first; None when there are more than `limit`. Empty when `steps` already make a complete play."""
    if not steps:
        plays = [play for play in position.legal_plays(dice) if play.steps]
        return sorted(plays, key=_reading_order) if len(plays) <= limit else None
    found: set[Play] = set()
    visited: set[tuple[Position, tuple[int, ...]]] = set()

    def walk(path: tuple[Step, ...]) -> bool:
        """Collect the plays reachable from `path`; False as soon as there are too many."""
        key = (position.after_steps(path), tuple(sorted(step.die for step in path)))
        if key in visited:
            return True
        visited.add(key)
        following = position.next_steps(dice, path)
        if not following:
            play = position.complete_play(dice, path)
            if play is not None:
                found.add(play)
            return len(found) <= limit
        return all(walk((*path, step)) for step in distinct_steps(following))

    if not position.next_steps(dice, steps):
        return []
    if not walk(tuple(steps)):
        return None
    return sorted(found, key=_reading_order)


def whole_play_choices(position: Position, dice: tuple[int, int], steps: Sequence[Step]) -> list[Play] | None:
    """The whole plays to offer beside the steps: None when there are too many for the select menus a message
    can hold, or when only the last checker is left to move (the step buttons are then those very plays,
    finished by Done or by the player's auto-finish setting, which a whole-play button would overrule)."""
    found = _whole_play_choices(position, dice, tuple(steps))
    return None if found is None else list(found)


@lru_cache(maxsize=256)
def _whole_play_choices(position: Position, dice: tuple[int, int], steps: tuple[Step, ...]) -> tuple[Play, ...] | None:
    """Cached: the controls and the prompt of one message both ask, and a redraw asks again."""
    following = position.next_steps(dice, steps)
    if not any(position.next_steps(dice, (*steps, step)) for step in following):
        return None
    found = finishing_plays(position, dice, steps, limit=MAX_SELECT_OPTIONS * MAX_PLAY_SELECTS)
    return None if found is None else tuple(found)


def play_selects(match_id: int, version: int, texts: Sequence[str], rows: int) -> list[SelectSpec]:
    """The plays as select menus, in reading order and in parts of nearly equal size when one menu cannot hold them;
    none when they would need more than `rows` menus."""
    parts = -(-len(texts) // MAX_SELECT_OPTIONS)
    if not texts or parts > rows or any(len(text) > MAX_OPTION_TEXT for text in texts):
        return []
    size = -(-len(texts) // parts)
    menus = []
    for part, start in enumerate(range(0, len(texts), size), start=1):
        chunk = texts[start : start + size]
        placeholder = PLAY_SELECT_PLACEHOLDER
        if parts > 1:
            placeholder = f"Whole plays ({part} of {parts}): {chunk[0]} … {chunk[-1]}"
            if len(placeholder) > MAX_PLACEHOLDER:
                placeholder = f"Whole plays ({part} of {parts})"
        control = PlaySelectControl(match_id, version, part)
        menus.append(SelectSpec(control, tuple((text, text) for text in chunk), placeholder))
    return menus


def move_menu(
    match_id: int,
    version: int,
    position: Position,
    dice: tuple[int, int],
    steps: Sequence[Step],
    picked: int | None = None,
    extras: Sequence[ButtonSpec] = (),
) -> Rows:
    """The controls for entering a play, given the steps entered so far this turn.

    `picked` is the point whose dice are being chosen (after a click on "From <point>"). `extras` (Resign,
    Moves: at most three) join Undo and Done in the last row.
    """

    def control(action: ControlAction, start: int | None = None, die: int | None = None) -> GameControl:
        return GameControl(match_id, version, action, start, die)

    options = distinct_steps(position.next_steps(dice, steps))
    finish: list[ButtonSpec] = []
    if steps:
        finish.append(ButtonSpec(N_("Undo"), control(actions.Undo), discord.ButtonStyle.secondary))
    if not options and position.complete_play(dice, steps) is not None:
        finish.append(ButtonSpec(N_("Done"), control(actions.Confirm), discord.ButtonStyle.success))
    finish += extras[: MAX_BUTTONS_PER_ROW - 2]
    finish_rows: list[Row] = [tuple(finish)] if finish else []

    from_picked = [step for step in options if step.start == picked]
    if picked is not None and len(from_picked) > 1:
        dice_row = [
            ButtonSpec(
                f"{step} ({step.die})", control(actions.MoveChecker, step.start, step.die), discord.ButtonStyle.primary
            )
            for step in from_picked
        ]
        dice_row.append(ButtonSpec(N_("Back"), control(GameAction.BACK)))
        return (tuple(dice_row), *finish_rows)

    plays = whole_play_choices(position, dice, steps)
    whole = _whole_play_rows(match_id, version, [str(play) for play in plays or ()], options, len(finish_rows))
    slots = (MAX_ROWS - len(whole) - len(finish_rows)) * MAX_BUTTONS_PER_ROW
    step_row_buttons = step_buttons(match_id, version, options, slots)
    step_rows: list[Row] = [
        tuple(step_row_buttons[i : i + MAX_BUTTONS_PER_ROW])
        for i in range(0, len(step_row_buttons), MAX_BUTTONS_PER_ROW)
    ]
    rows = [*whole, *step_rows, *finish_rows]
    if len(rows) > MAX_ROWS:  # impossible with 15 checkers; a clear failure beats a rejected message
        raise ValueError(f"move menu needs {len(rows)} rows for {position} with {dice}")
    return tuple(rows)


def _whole_play_rows(
    match_id: int, version: int, texts: list[str], options: Sequence[Step], finish_rows: int
) -> list[Row]:
    """The whole plays: one row of green buttons when they are few, else select menus in the rows that are left."""
    if texts and len(texts) <= MAX_PLAY_BUTTONS and all(_fits_button(match_id, version, text) for text in texts):
        return [
            tuple(
                ButtonSpec(text, GameControl(match_id, version, actions.Move, play=text), discord.ButtonStyle.success)
                for text in texts
            )
        ]
    # the rows left once every point has a button ("From 13" at least) and Undo / Done theirs
    compact_rows = -(-len({step.start for step in options}) // MAX_BUTTONS_PER_ROW)
    return list(play_selects(match_id, version, texts, MAX_ROWS - compact_rows - finish_rows))


def _fits_button(match_id: int, version: int, text: str) -> bool:
    """Whether a whole-play button's custom_id and label stay within Discord's limits (always, in practice)."""
    control_id = f"bg:{match_id}:{version}:{actions.Move.word}:{text}"
    return len(control_id) <= MAX_CUSTOM_ID and len(text) <= MAX_BUTTON_LABEL


def step_buttons(match_id: int, version: int, options: Sequence[Step], slots: int) -> list[ButtonSpec]:
    """One button per step while `slots` allow (a point's two dice side by side, "13/8" "13/7"), else one
    "From <point>" button for a point with two possible dice, which then asks for the die."""
    by_start: dict[int, list[Step]] = {}
    for step in options:
        by_start.setdefault(step.start, []).append(step)
    spare = slots - len(by_start)
    buttons: list[ButtonSpec] = []
    for start, from_start in by_start.items():
        if len(from_start) > 1 and len(from_start) - 1 > spare:
            pick = GameControl(match_id, version, GameAction.PICK, start)
            buttons.append(ButtonSpec(f"From {point_name(start)}", pick))
            continue
        spare -= len(from_start) - 1
        texts = [str(step) for step in from_start]
        for step, text in zip(from_start, texts, strict=True):
            label = f"{text} ({step.die})" if texts.count(text) > 1 else text  # 3/off with a 6 or a 5
            step_control = GameControl(match_id, version, actions.MoveChecker, start, step.die)
            buttons.append(ButtonSpec(label, step_control, discord.ButtonStyle.primary))
    return buttons
