"""Legal plays rule by rule (R3, R4, R5), with hand-built positions, plus fixed play counts ("perft")."""

from __future__ import annotations

import pytest

from bot.engine import BAR, OFF, Play, Position, Step
from tests.engine.helpers import board, texts

# Counts of distinct legal plays for every roll, as listed by GNU Backgammon 1.1.0a16 (find_best_moves),
# written down once from gnubg's own output; 0 there (no play) is our single empty play (R4.4).
ROLL_ORDER = ["11", "21", "22", "31", "32", "33", "41", "42", "43", "44", "51",
              "52", "53", "54", "55", "61", "62", "63", "64", "65", "66"]  # fmt: skip
PERFT = {
    "4HPwATDgc/ABMA": [42, 15, 75, 16, 17, 73, 14, 18, 17, 52, 8, 8, 9, 9, 4, 10, 14, 14, 14, 7, 11],
    "2M7gATDgc/ABYA": [9, 1, 8, 1, 1, 8, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    "A8D/BwDb7g4AAA": [108, 26, 59, 21, 18, 29, 16, 14, 12, 12, 11, 10, 8, 6, 3, 6, 5, 4, 3, 2, 1],
}


@pytest.mark.parametrize("position_id", sorted(PERFT))
def test_play_counts_match_gnubg_for_known_positions(position_id: str) -> None:
    position = Position.from_position_id(position_id)
    counts = [len(position.legal_plays((int(roll[0]), int(roll[1])))) for roll in ROLL_ORDER]
    assert counts == PERFT[position_id]


def test_opening_65_plays() -> None:
    # R3.2, R4.5: 24/13 once, whichever die goes first; 6/1 is blocked by the opponent's 24/1-point.
    plays = Position.initial().legal_plays((6, 5))
    assert texts(plays) == {"24/13", "24/18 13/8", "24/18 8/3", "13/7 13/8", "13/7 8/3", "13/2", "8/2 8/3"}
    assert len(plays) == 7


def test_the_dice_order_does_not_matter() -> None:
    position = Position.initial()
    assert position.legal_plays((1, 6)) == position.legal_plays((6, 1))


def test_r3_2_both_dice_on_one_checker_need_an_open_stop() -> None:
    # The checker on 13 can reach 2 only by stopping on 7 or 8; the checkers on 1 cannot move (R5.3).
    both_stops_held = board({13: 1, 1: 14}, {7: 2, 8: 2, 24: 11})
    assert both_stops_held.legal_plays((6, 5)) == [Play(())]
    one_stop_open = board({13: 1, 1: 14}, {7: 2, 24: 13})
    (play,) = one_stop_open.legal_plays((6, 5))
    assert play == Play((Step(13, 8, 5), Step(8, 2, 6)))


def test_r3_3_doubles_move_four_times() -> None:
    position = board({24: 1, 1: 14}, {12: 15})
    assert [str(p) for p in position.legal_plays((2, 2))] == ["24/16"]
    assert [s.die for s in position.legal_plays((2, 2))[0].steps] == [2, 2, 2, 2]


def test_r3_4_a_blot_is_hit_and_goes_to_the_bar() -> None:
    position = board({13: 1, 1: 14}, {9: 1, 20: 14})
    (play,) = [p for p in position.legal_plays((4, 1)) if str(p) == "13/9*/8"]
    after = position.apply(play)
    assert after.mover[BAR] == 1  # the opponent, now on roll, has a checker on the bar
    assert after.opponent[8] == 1


def test_r3_4_never_on_two_opposing_checkers() -> None:
    position = board({13: 1, 1: 14}, {9: 2, 20: 13})
    assert all(step.end != 9 for play in position.legal_plays((4, 2)) for step in play.steps)


def test_r3_5_several_blots_hit_in_one_turn() -> None:
    position = board({13: 2, 1: 13}, {10: 1, 9: 1, 20: 13})
    assert texts(position.legal_plays((4, 3))) == {"13/9* 13/10*", "13/10*/6", "13/9*/6"}
    after = position.apply(position.parse_play("13/9* 13/10*", (4, 3)))
    assert after.mover[BAR] == 2


def test_r4_1_both_dice_must_be_played_when_possible() -> None:
    # 24/18 and 24/23 both leave the other die playable only by the same checker: both dice must be used.
    position = board({24: 1, 1: 14}, {22: 2, 19: 2, 12: 11})
    assert [str(p) for p in position.legal_plays((6, 1))] == ["24/17"]


def test_r4_2_only_one_number_can_be_played() -> None:
    # The 6 is blocked (18 held); the 5 goes to 19, after which the 6 (to 13) is blocked too.
    position = board({24: 1, 1: 14}, {18: 2, 13: 2, 12: 11})
    assert position.legal_plays((6, 5)) == [Play((Step(24, 19, 5),))]


def test_r4_3_the_higher_die_when_either_but_not_both() -> None:
    # One checker on 24; 6 reaches 18 and 5 reaches 19, but from either the other die is blocked.
    position = board({24: 1, 1: 14}, {13: 2, 14: 2, 12: 11})
    assert position.legal_plays((6, 5)) == [Play((Step(24, 18, 6),))]


def test_r4_4_nothing_can_be_played() -> None:
    closed = board({BAR: 1, 1: 14}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 12: 3})
    plays = closed.legal_plays((6, 5))
    assert plays == [Play(())]
    assert closed.apply(plays[0]) == closed.swapped()


def test_r4_5_one_play_per_resulting_position() -> None:
    position = Position.initial()
    for dice in [(1, 1), (2, 1), (6, 6)]:
        plays = position.legal_plays(dice)
        assert len({position.apply(play) for play in plays}) == len(plays)


def test_r5_1_bar_checkers_enter_first_on_25_minus_the_die() -> None:
    position = board({BAR: 1, 13: 14}, {20: 2, 12: 13})
    plays = position.legal_plays((5, 3))
    assert all(play.steps[0].start == BAR for play in plays)
    assert {play.steps[0].end for play in plays} == {22}  # 25-5 = 20 is blocked, 25-3 = 22 is open


def test_r5_2_enter_as_many_as_possible_and_the_rest_of_the_turn_is_lost() -> None:
    position = board({BAR: 2, 13: 13}, {20: 2, 12: 13})
    assert [str(p) for p in position.legal_plays((5, 3))] == ["bar/22"]


def test_r5_2_after_the_last_entry_the_other_die_is_played_normally() -> None:
    one_on_bar = board({BAR: 1, 13: 14}, {12: 15})
    assert texts(one_on_bar.legal_plays((5, 3))) == {"bar/17", "bar/20 13/10", "bar/22 13/8"}


def test_r5_3_no_bearing_off_with_a_checker_outside() -> None:
    position = board({7: 1, 6: 14}, {20: 15})
    plays = position.legal_plays((6, 1))
    assert all(play.steps[0].start == 7 for play in plays)
    # 7/6 then 6/off (or 7/1 then 1/off, the same result), or 7/1 and 6/5.
    assert texts(plays) == {"7/off", "7/1 6/5"}


def test_r5_3_a_hit_checker_must_come_home_before_bearing_off_resumes() -> None:
    position = board({BAR: 1, 6: 14}, {12: 15})
    # After entering on 19 the checker is still outside the home board, so the 5 cannot bear off.
    assert texts(position.legal_plays((6, 5))) == {"bar/14", "bar/19 6/1"}


def test_r5_4_higher_die_bears_off_from_the_highest_point() -> None:
    position = board({4: 1, 3: 2}, {20: 15})  # 12 already off
    assert texts(position.legal_plays((6, 5))) == {"4/off 3/off"}


def test_r5_4_with_a_checker_higher_a_legal_move_must_be_made() -> None:
    # A 5 with nothing on 5 but a checker on 6: 6/1 must be played before 4/off with a 5.
    position = board({6: 1, 4: 1, 1: 1}, {20: 15})
    for play in position.legal_plays((5, 5)):
        assert play.steps[0] == Step(6, 1, 5)


def test_r5_5_bearing_off_is_not_compulsory_and_the_lower_die_may_go_first() -> None:
    # 6-1 with checkers on 6 and 2: 6/off 2/1, or 6/5 with the 1 and then the 6 bears off from 5.
    position = board({6: 1, 2: 1}, {20: 15})
    plays = position.legal_plays((6, 1))
    assert texts(plays) == {"6/off 2/1", "6/off"}
    (lower_first,) = [play for play in plays if str(play) == "6/off"]
    assert lower_first.steps == (Step(6, 5, 1), Step(5, OFF, 6))
