"""Properties over arbitrary boards and rolls (hypothesis): what every legal play must keep true."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import BAR, OFF, Play, Position, Step

CHECKS_PER_ROLL = 25  # plays per example checked in full (some rolls have hundreds)


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Any board: 15 checkers a side anywhere (bar and off included), never both colours on one point.

    Half the boards keep the mover's checkers home (or off, or one on the bar) to exercise bearing off (R5.3-R5.5).
    """
    home_only = draw(st.booleans())
    where = st.sampled_from([0, 1, 2, 3, 4, 5, 6, 6, 5, 4, BAR]) if home_only else st.integers(0, 25)
    mover = [0] * 26
    for point in draw(st.lists(where, min_size=15, max_size=15)):
        mover[point] += 1
    # The opponent's own point q is the mover's 25 - q: open to it unless the mover has checkers there.
    free = [OFF, BAR] + [q for q in range(1, 25) if not mover[25 - q]]
    opponent = [0] * 26
    for point in draw(st.lists(st.sampled_from(free), min_size=15, max_size=15)):
        opponent[point] += 1
    return Position(tuple(mover), tuple(opponent))


dice = st.tuples(st.integers(1, 6), st.integers(1, 6))


def _checked_plays(position: Position, roll: tuple[int, int]) -> list[Play]:
    plays = position.legal_plays(roll)
    return random.Random(0).sample(plays, min(len(plays), CHECKS_PER_ROLL))


@settings(max_examples=150, deadline=None)
@given(positions(), dice)
def test_every_play_keeps_15_checkers_a_side_and_one_colour_a_point(position: Position, roll: tuple[int, int]) -> None:
    for play in _checked_plays(position, roll):
        after = position.apply(play)
        assert sum(after.mover) == 15 and sum(after.opponent) == 15
        assert not any(after.mover[p] and after.opponent[25 - p] for p in range(1, 25))


@settings(max_examples=150, deadline=None)
@given(positions(), dice)
def test_pips_drop_by_exactly_the_dice_used(position: Position, roll: tuple[int, int]) -> None:
    plays = position.legal_plays(roll)
    assert len({len(play.steps) for play in plays}) == 1  # R4.1: every legal play uses as many dice
    for play in _checked_plays(position, roll):
        moved = 0
        for step in play.steps:
            assert step.die in roll
            if step.end == OFF and step.start < step.die:
                moved += step.start  # R5.4: a higher die bears off from a lower point
            else:
                assert step.start - step.end == step.die
                moved += step.die
        after = position.apply(play)
        assert position.mover_pips - after.opponent_pips == moved
        # A blot hit on the mover's point p sat on the opponent's 25 - p and goes to its bar (25): p pips more.
        assert after.mover_pips - position.opponent_pips == sum(step.end for step in play.steps if step.hit)


@settings(max_examples=150, deadline=None)
@given(positions(), dice)
def test_the_opponents_view_round_trips_through_the_position_id(position: Position, roll: tuple[int, int]) -> None:
    assert Position.from_position_id(position.position_id()) == position
    for play in _checked_plays(position, roll):
        after = position.apply(play)
        assert Position.from_position_id(after.position_id()) == after


@settings(max_examples=100, deadline=None)
@given(positions(), dice)
def test_notation_round_trips(position: Position, roll: tuple[int, int]) -> None:
    for play in _checked_plays(position, roll):
        assert position.parse_play(str(play), roll) == play


@settings(max_examples=100, deadline=None)
@given(positions(), dice, st.randoms(use_true_random=False))
def test_clicking_offered_steps_always_ends_in_a_legal_play(
    position: Position, roll: tuple[int, int], rng: random.Random
) -> None:
    steps: list[Step] = []
    while offered := position.next_steps(roll, steps):
        assert position.complete_play(roll, steps) is None
        steps.append(rng.choice(offered))
    assert position.complete_play(roll, steps) in position.legal_plays(roll)


@settings(max_examples=100, deadline=None)
@given(positions(), dice)
def test_every_legal_play_can_be_clicked_step_by_step(position: Position, roll: tuple[int, int]) -> None:
    for play in _checked_plays(position, roll):
        for index, step in enumerate(play.steps):
            assert step in position.next_steps(roll, play.steps[:index])
        assert position.complete_play(roll, play.steps) == play
