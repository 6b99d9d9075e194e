"""The legal plays of a position and roll, built once and cached, with what the step-by-step API needs (R4)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from bot.engine.errors import IllegalPlayError
from bot.engine.movegen import (
    ALL_STARTS,
    BAR_ONLY,
    HOME,
    STEPS,
    Board,
    generate,
    make_step,
    max_dice,
    outside_count,
    result_key,
    step_end,
    unmake_step,
)
from bot.engine.play import BAR, Play, Step, point_name
from bot.i18n.messages import N_, Message

Side = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LegalPlays:
    """Every legal play for one position and roll, one per distinct result, and the dice each must use."""

    plays: tuple[Play, ...]
    by_key: Mapping[int, Play]
    dice_used: int  # how many dice every legal play uses (R4.1); 0 when nothing can be played (R4.4)
    single_die: int | None  # with one die usable from a non-double roll, the die that must be played (R4.2-R4.3)


def check_dice(dice: tuple[int, int]) -> tuple[int, int]:
    """The roll with the higher die first; a roll that is not two dice 1..6 is a programming error."""
    first, second = dice
    if not (1 <= first <= 6 and 1 <= second <= 6):
        raise ValueError(f"Dice must be two numbers from 1 to 6, not {dice!r}")
    return (first, second) if first >= second else (second, first)


@lru_cache(maxsize=512)
def legal_plays(mover: Side, opponent: Side, dice: tuple[int, int]) -> LegalPlays:
    """All legal plays (cached: the same roll is asked for on every autocomplete keystroke)."""
    found = generate(mover, opponent, dice)
    by_key = {key: Play(steps) for key, steps in found.items()}
    first_steps = next(iter(found.values()))
    used = len(first_steps)
    single = first_steps[0].die if used == 1 and dice[0] != dice[1] else None
    return LegalPlays(tuple(by_key.values()), by_key, used, single)


def dice_left(dice: tuple[int, int]) -> list[int]:
    """The dice a turn starts with: four moves for doubles (R3.3)."""
    return [dice[0]] * 4 if dice[0] == dice[1] else list(dice)


def why_not(me: Board, opp: Board, start: int, die: int) -> Message | None:
    """Why a single step is illegal on this board, in a player's words, or None when it is legal."""
    if not 1 <= start <= BAR:
        return Message(N_("There is no point {point} to move from"), {"point": start})
    if not me[start]:
        if start == BAR:
            return Message(N_("You have no checker on the bar"))
        return Message(N_("You have no checker on point {point}"), {"point": start})
    if me[BAR] and start != BAR:
        return Message(N_("You have a checker on the bar: enter it first"))
    end = step_end(me, opp, start, die, outside_count(me))
    if end >= 0:
        return None
    if start - die > 0:
        return Message(N_("Point {point} is blocked"), {"point": start - die})
    if outside_count(me):
        return Message(N_("You can't bear off until all your checkers are in your home board"))
    highest = max(p for p in range(start + 1, HOME + 1) if me[p])
    return Message(
        N_(
            "You can't bear off from point {point} with a {die} while you have checkers on higher points "
            "(up to {highest})"
        ),
        {"point": start, "die": die, "highest": highest},
    )


def walk(me: Board, opp: Board, dice: tuple[int, int], steps: Sequence[Step]) -> list[int]:
    """Play `steps` one by one on the board in place, checking each; returns the dice still to play.

    Raises IllegalPlayError naming the first step that cannot be played.
    """
    left = dice_left(dice)
    for step in steps:
        if step.die not in left:
            raise IllegalPlayError(f"{step} uses a {step.die}, which is not left to play with {dice[0]}-{dice[1]}")
        problem = why_not(me, opp, step.start, step.die)
        if problem:
            raise IllegalPlayError(f"{step}: {problem}")
        end = max(step.start - step.die, 0)
        if end != step.end:
            raise IllegalPlayError(
                f"{step} does not match its die: a {step.die} from {point_name(step.start)} goes to {point_name(end)}"
            )
        left.remove(step.die)
        make_step(me, opp, step.start, end, end > 0 and opp[end] == 1)
    return left


@lru_cache(maxsize=1024)
def next_steps(mover: Side, opponent: Side, dice: tuple[int, int], steps_so_far: tuple[Step, ...]) -> tuple[Step, ...]:
    """The legal single steps after `steps_so_far` from which a complete legal play is still reachable.

    A complete legal play uses the dice every legal play uses (R4.1), and with one die from a non-double roll, the
    die that must be played (R4.2-R4.3); a step is offered when enough dice can still follow it. Sorted from the
    farthest start, higher die first. Cached: composing one move menu asks the same a few times, and every click
    composes one.
    """
    table = legal_plays(mover, opponent, dice)
    me = list(mover)
    opp = list(reversed(opponent))
    left = walk(me, opp, dice, steps_so_far)
    needed = table.dice_used - len(steps_so_far)
    if needed <= 0:
        return ()
    outside = outside_count(me)
    found: list[Step] = []
    for die in sorted(set(left), reverse=True):
        if table.single_die is not None and die != table.single_die:
            continue
        rest = list(left)
        rest.remove(die)
        for start in BAR_ONLY if me[BAR] else ALL_STARTS:
            if not me[start]:
                continue
            end = step_end(me, opp, start, die, outside)
            if end < 0:
                continue
            hit = end > 0 and opp[end] == 1
            make_step(me, opp, start, end, hit)
            if 1 + max_dice(me, opp, rest) >= needed:
                found.append(STEPS[start][die][hit])
            unmake_step(me, opp, start, end, hit)
    found.sort(key=lambda step: (-step.start, -step.die))
    return tuple(found)


def complete_play(
    mover: Side, opponent: Side, dice: tuple[int, int], steps_so_far: Sequence[Step], table: LegalPlays
) -> Play | None:
    """The play in `table` these steps reach if they are a complete legal play, else None."""
    walk(list(mover), list(reversed(opponent)), dice, steps_so_far)
    if len(steps_so_far) != table.dice_used:
        return None
    if table.single_die is not None and steps_so_far[0].die != table.single_die:
        return None
    return table.by_key.get(result_key(mover, opponent, steps_so_far))
