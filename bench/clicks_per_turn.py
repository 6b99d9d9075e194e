"""Clicks a turn (issue 15): how many clicks a player needs to enter a play with the controls as built, before
and after the select menu of whole plays, one button per step and auto-finish.

Random games are played through the engine (uniformly chosen legal plays, never doubling). At every turn where
the player has a choice (more than one legal play; forced rolls are played for them, R9.3), each legal play is
entered the cheapest way the menu allows, found by searching the menu's states as a player would click them
(`cogs.ui.move_menu.move_menu` for the new controls; the old controls are the menu of commit eb75675, rebuilt below).
The figure is the mean over turns of the mean over that turn's legal plays, so each play is equally likely.
Roll is not counted. Two ways of counting a select menu: as one interaction (one choice sent to the bot), and
as two clicks (open the list, pick the play), which is what a player's hand does; buttons are one of each.
Prints a table and writes bench/results/clicks_per_turn.json.
Run: .venv/bin/python bench/clicks_per_turn.py [GAMES [TURNS]] (TURNS: stop after that many turns with a choice,
for a quick check that it runs; the figures need whole games)
"""

from __future__ import annotations

import heapq
import itertools
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.engine import Position, Step, actions
from bot.engine.actions import Move, Roll
from bot.engine.dice import FixedDice
from bot.engine.game import Phase
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from cogs.ui.custom_ids import ControlAction, GameAction
from cogs.ui.move_menu import SelectSpec, distinct_steps, move_menu

GAMES = 40
RESULTS = Path(__file__).with_name("results") / "clicks_per_turn.json"

Steps = tuple[Step, ...]
State = tuple[Steps, int | None]  # the steps entered, the point whose die is being chosen


@dataclass(frozen=True, slots=True)
class Control:
    """One thing a player can do on the menu: a button (action, start, die, play) or the select's options."""

    action: ControlAction | None  # None: the select menu
    start: int | None = None
    die: int | None = None
    plays: tuple[str, ...] = ()  # a PLAY button's play, or every option of the select


def old_controls(position: Position, dice: tuple[int, int], steps: Steps, picked: int | None) -> list[Control]:
    """The move menu before issue 15 (cogs/ui/move_menu.py at eb75675): a button per point, "From <point>" then
    the die when two dice are possible, Undo and Done."""
    options = distinct_steps(position.next_steps(dice, steps))
    controls = []
    if steps:
        controls.append(Control(actions.Undo))
    if not options and position.complete_play(dice, steps) is not None:
        controls.append(Control(actions.Confirm))
    from_picked = [step for step in options if step.start == picked]
    if picked is not None and len(from_picked) > 1:
        dice_buttons = [Control(actions.MoveChecker, s.start, s.die) for s in from_picked]
        return [*dice_buttons, Control(GameAction.BACK), *controls]
    by_start: dict[int, list[Step]] = {}
    for step in options:
        by_start.setdefault(step.start, []).append(step)
    for start, from_start in by_start.items():
        if len(from_start) == 1:
            controls.append(Control(actions.MoveChecker, start, from_start[0].die))
        else:
            controls.append(Control(GameAction.PICK, start))
    return controls


def new_controls(position: Position, dice: tuple[int, int], steps: Steps, picked: int | None) -> list[Control]:
    """The move menu as built now (cogs.ui.move_menu), read back into controls."""
    controls = []
    for row in move_menu(1, 1, position, dice, steps, picked):
        if isinstance(row, SelectSpec):
            controls.append(Control(None, plays=tuple(value for _, value in row.options)))
            continue
        for button in row:
            c = button.control
            controls.append(Control(c.action, c.start, c.die, (c.play,) if c.play is not None else ()))
    return controls


def new_step_controls(position: Position, dice: tuple[int, int], steps: Steps, picked: int | None) -> list[Control]:
    """The move menu as built now, for a player who moves checker by checker only (no whole plays)."""
    return [c for c in new_controls(position, dice, steps, picked) if c.action not in (None, actions.Move)]


Menu = Callable[[Position, tuple[int, int], Steps, int | None], list[Control]]


def cheapest_plays(
    position: Position, dice: tuple[int, int], menu: Menu, *, auto_done: bool, select_cost: int
) -> dict[Position, int]:
    """The fewest clicks to reach each resulting position (R4.5: a play is its result), by a cheapest-first
    search over the menu's states. A step that completes the play ends the turn by itself with auto-finish."""
    best: dict[Position, int] = {}
    done: set[tuple[Position, tuple[int, ...], int | None]] = set()
    queue: list[tuple[int, int, Steps, int | None]] = [(0, 0, (), None)]
    counter = 0

    def finish(result: Position, cost: int) -> None:
        if cost < best.get(result, 1 << 30):
            best[result] = cost

    def played(text: str) -> Position:
        return position.after_steps(position.parse_play(text, dice).steps)

    while queue:
        cost, _, steps, picked = heapq.heappop(queue)
        key = (position.after_steps(steps), tuple(sorted(s.die for s in steps)), picked)
        if key in done:
            continue
        done.add(key)

        def push(new_cost: int, new_steps: Steps, new_picked: int | None) -> None:
            nonlocal counter
            counter += 1
            heapq.heappush(queue, (new_cost, counter, new_steps, new_picked))

        for control in menu(position, dice, steps, picked):
            if control.action is None:  # the select: every option in one choice
                for text in control.plays:
                    finish(played(text), cost + select_cost)
            elif control.action is actions.Move:
                finish(played(control.plays[0]), cost + 1)
            elif control.action is actions.Confirm:
                finish(position.after_steps(steps), cost + 1)
            elif control.action is GameAction.PICK:
                push(cost + 1, steps, control.start)
            elif control.action is actions.MoveChecker:
                step = next(
                    s for s in position.next_steps(dice, steps) if (s.start, s.die) == (control.start, control.die)
                )
                after = (*steps, step)
                if auto_done and not position.next_steps(dice, after):
                    finish(position.after_steps(after), cost + 1)
                else:
                    push(cost + 1, after, None)
    return best


def turns(games: int, seed: int) -> Iterator[tuple[Position, tuple[int, int]]]:
    """The (position, roll) of every turn with a choice, in random games played with uniformly chosen plays."""
    rng = random.Random(seed)
    for _ in range(games):
        dice = FixedDice([rng.randint(1, 6) for _ in range(4000)])
        match = Match.start(("A", "B"), MatchOptions.money(), dice)
        while match.to_act is not None and match.game.number == 1:
            player = match.to_act
            if match.phase is Phase.ROLLING:
                match = match.apply(Roll(player), dice).match
            elif match.phase is Phase.MOVING and match.dice is not None:
                plays = match.legal_plays()
                yield match.game.position, match.dice
                match = match.apply(Move(player, rng.choice(plays)), dice).match
            else:
                raise AssertionError(f"unexpected phase {match.phase}")


@dataclass(frozen=True, slots=True)
class Setup:
    name: str
    menu: Menu
    auto_done: bool
    select_cost: int


SETUPS = (
    Setup("before (step buttons, From + die, Done)", old_controls, False, 1),
    Setup("after, auto-finish off: interactions", new_controls, False, 1),
    Setup("after, auto-finish off: clicks (a select = 2)", new_controls, False, 2),
    Setup("after, auto-finish on: interactions", new_controls, True, 1),
    Setup("after, auto-finish on: clicks (a select = 2)", new_controls, True, 2),
    Setup("after, checker by checker only, auto-finish off", new_step_controls, False, 1),
    Setup("after, checker by checker only, auto-finish on", new_step_controls, True, 1),
)


def measure(games: int, seed: int = 20261124, max_turns: int | None = None) -> dict[str, object]:
    means: dict[str, list[float]] = {setup.name: [] for setup in SETUPS}
    one_choice = 0
    plays_per_turn: list[int] = []
    started = time.perf_counter()
    for position, dice in itertools.islice(turns(games, seed), max_turns):
        legal = {position.after_steps(play.steps) for play in position.legal_plays(dice)}
        plays_per_turn.append(len(legal))
        for setup in SETUPS:
            cost = cheapest_plays(position, dice, setup.menu, auto_done=setup.auto_done, select_cost=setup.select_cost)
            assert cost.keys() == legal, f"{setup.name}: not every legal play can be entered at {position} {dice}"
            means[setup.name].append(statistics.fmean(cost.values()))
        one_choice += len(legal) <= 25
    count = len(plays_per_turn)
    return {
        "games": games,
        "turns_with_a_choice": count,
        "turns_with_25_plays_or_fewer": one_choice,
        "median_legal_plays": statistics.median(plays_per_turn),
        "clicks_per_turn": {name: round(statistics.fmean(values), 3) for name, values in means.items()},
        "seconds": round(time.perf_counter() - started, 1),
        "note": "Roll not counted; mean over turns with a choice of the mean over each turn's legal plays",
    }


def main(argv: Sequence[str]) -> None:
    games = int(argv[0]) if argv else GAMES
    results = measure(games, max_turns=int(argv[1]) if len(argv) > 1 else None)
    figures = results["clicks_per_turn"]
    assert isinstance(figures, dict)
    print(
        f"{results['turns_with_a_choice']} turns with a choice in {games} random games "
        f"({results['turns_with_25_plays_or_fewer']} with 25 legal plays or fewer), {results['seconds']} s"
    )
    print(f"{'controls':<50} {'per turn':>8}")
    for name, value in figures.items():
        print(f"{name:<50} {value:>8.2f}")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
