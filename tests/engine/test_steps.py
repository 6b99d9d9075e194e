"""Step-by-step play for the click interface (R9.2): only steps that keep a complete legal play reachable."""

from __future__ import annotations

import pytest

from bot.engine import BAR, IllegalPlayError, Play, Position, Step
from tests.engine.helpers import board

START = Position.initial()


def test_opening_65_first_steps() -> None:
    # 24/19 is blocked (the opponent's 6-point), 6/1 too (its 24-point); no bearing off yet (R5.3).
    assert START.next_steps((6, 5), []) == [
        Step(24, 18, 6),
        Step(13, 7, 6),
        Step(13, 8, 5),
        Step(8, 2, 6),
        Step(8, 3, 5),
    ]


def test_the_second_step_uses_the_other_die() -> None:
    assert START.next_steps((6, 5), [Step(24, 18, 6)]) == [Step(18, 13, 5), Step(13, 8, 5), Step(8, 3, 5)]


def test_complete_play_only_when_every_die_that_must_be_played_is_played() -> None:
    assert START.complete_play((6, 5), [Step(24, 18, 6)]) is None
    play = START.complete_play((6, 5), [Step(24, 18, 6), Step(18, 13, 5)])
    assert play == START.parse_play("24/13", (6, 5))
    assert play in START.legal_plays((6, 5))
    assert START.next_steps((6, 5), [Step(24, 18, 6), Step(18, 13, 5)]) == []


def test_another_order_of_the_same_play_completes_to_the_listed_play() -> None:
    listed = START.parse_play("24/13", (6, 5))
    other_route = START.complete_play((6, 5), [Step(24, 18, 6), Step(18, 13, 5)])
    assert other_route == listed
    assert START.complete_play((5, 6), [Step(13, 8, 5), Step(24, 18, 6)]) == START.parse_play("24/18 13/8", (6, 5))


def test_r4_3_only_the_higher_die_is_offered_when_only_one_can_be_played() -> None:
    position = board({24: 1, 1: 14}, {13: 2, 14: 2, 12: 11})
    assert position.next_steps((6, 5), []) == [Step(24, 18, 6)]
    assert position.complete_play((6, 5), [Step(24, 19, 5)]) is None
    assert position.complete_play((6, 5), [Step(24, 18, 6)]) == position.legal_plays((6, 5))[0]


def test_r4_1_a_step_that_would_strand_the_other_die_is_not_offered() -> None:
    # 6-1 with checkers on 8 and 7, the opponent holding 2: 7/6 is a legal step on its own, but then the 6
    # has no move (8/2 is blocked, and 8 is still outside, so 6/off is not allowed). 8/7 7/1 plays both dice.
    position = board({8: 1, 7: 1, 1: 13}, {2: 2, 3: 2, 24: 11})
    assert position.next_steps((6, 1), []) == [Step(8, 7, 1), Step(7, 1, 6)]
    assert position.complete_play((6, 1), [Step(7, 1, 6), Step(8, 7, 1)]) == position.legal_plays((6, 1))[0]
    assert len(position.legal_plays((6, 1))) == 1


def test_bar_first_in_the_step_interface() -> None:
    position = board({BAR: 1, 13: 14}, {20: 2, 12: 13})
    assert position.next_steps((5, 3), []) == [Step(BAR, 22, 3)]


def test_nothing_to_play_offers_nothing_and_the_empty_steps_are_the_play() -> None:
    closed = board({BAR: 1, 1: 14}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 12: 3})
    assert closed.next_steps((6, 5), []) == []
    assert closed.complete_play((6, 5), []) == closed.legal_plays((6, 5))[0]


def test_steps_that_cannot_be_played_raise() -> None:
    with pytest.raises(IllegalPlayError, match="Point 19 is blocked"):
        START.next_steps((6, 5), [Step(24, 19, 5)])
    with pytest.raises(IllegalPlayError, match="uses a 4, which is not left"):
        START.complete_play((6, 5), [Step(24, 20, 4)])
    with pytest.raises(IllegalPlayError, match="not left"):
        START.next_steps((6, 5), [Step(24, 18, 6), Step(18, 12, 6)])


def test_after_steps_shows_the_partial_turn_from_the_mover() -> None:
    position = board({13: 1, 1: 14}, {9: 1, 20: 14})
    after = position.after_steps([Step(13, 9, 4, hit=True)])
    assert after.mover[9] == 1 and after.mover[13] == 0
    assert after.opponent[BAR] == 1  # the hit blot is on the bar
    assert position.after_steps([]) == position


def test_after_steps_and_apply_refuse_impossible_steps() -> None:
    with pytest.raises(IllegalPlayError, match="not a move"):
        START.after_steps([Step(13, 15, 2)])
    with pytest.raises(IllegalPlayError, match="no checker of yours"):
        START.after_steps([Step(20, 18, 2)])
    with pytest.raises(IllegalPlayError, match="point 19 is blocked"):
        START.apply(Play((Step(24, 19, 5),)))
