"""Choosing the daily position (bot.daily.choose), its values (bot.daily.puzzle), when it is due
(bot.daily.schedule) and the shipped set (bot.daily.shipped): pure, on analyses of hand-made matches."""

from __future__ import annotations

import functools

import pytest

from bot.analysis import analyse
from bot.analysis.result import MatchAnalysis
from bot.daily.choose import MIN_LOSS, costliest, cube_candidates, puzzle_of, source_of
from bot.daily.puzzle import Candidate, Puzzle, reveal_lines
from bot.daily.schedule import DAY, HOUR, day_of, due_day
from bot.daily.shipped import next_shipped, shipped
from tests.analysis.matches import deliberate_blunder, wrong_drop


@functools.cache
def blunder() -> MatchAnalysis:
    """Ann's opening 6/3 6/5 (0.39 lost) and Bob's 13/11 6/5 (0.27 lost), at the quick level."""
    return analyse(deliberate_blunder().log, "quick")


@functools.cache
def drop() -> MatchAnalysis:
    """An early double (0.10 lost) dropped where the take was right (0.72 lost)."""
    return analyse(wrong_drop().log, "quick")


def test_the_costliest_decision_not_posted_before_comes_first() -> None:
    found = costliest([(7, blunder()), (8, drop())], used=set())
    assert found is not None and found.source == "match:8:4" and found.decision.kind == "take"
    second = costliest([(7, blunder()), (8, drop())], used={"match:8:4"})
    assert second is not None and second.source == "match:7:0" and second.decision.chosen == "6/3 6/5"
    everything = {source_of(m, d) for m, a in ((7, blunder()), (8, drop())) for d in a.decisions}
    assert costliest([(7, blunder()), (8, drop())], used=everything) is None


def test_small_losses_forced_plays_and_money_games_are_left_out() -> None:
    small = [d for d in drop().decisions if 0 < d.loss < MIN_LOSS]
    assert small  # 24/23 13/11 lost 0.03: not an error
    only_small = MatchAnalysis("quick", ("a", "b"), 5, tuple(small), ())
    assert costliest([(1, only_small)], set()) is None
    money = MatchAnalysis("quick", ("a", "b"), 0, blunder().decisions, ())
    assert costliest([(1, money)], set()) is None


def test_cube_candidates_come_from_the_analysis_alone() -> None:
    take = drop().decisions[4]
    candidates = cube_candidates(take)
    assert [(c.text, c.played) for c in candidates] == [("Take", False), ("Drop", True)]
    assert candidates[0].equity == take.best_equity and candidates[1].equity == take.chosen_equity
    puzzle = puzzle_of(take, 5, ())
    assert puzzle.kind == "take" and puzzle.dice == (0, 0) and puzzle.player == 1 and puzzle.viewer == 0
    assert puzzle.is_right(0) and not puzzle.is_right(1)
    double = puzzle_of(drop().decisions[3], 5, ())
    assert [c.text for c in double.candidates] == ["No double", "Double"] and double.ranking() == [0, 1]


def test_a_puzzle_goes_to_json_and_back_and_its_reveal_ranks_the_candidates() -> None:
    candidates = (Candidate("13/9", 0.1), Candidate("8/5 6/5", 0.3), Candidate("6/3 6/5", -0.1, played=True))
    puzzle = puzzle_of(blunder().decisions[0], 5, candidates)
    assert Puzzle.from_json(puzzle.to_json()) == puzzle
    assert puzzle.ranking() == [1, 0, 2] and [puzzle.is_right(i) for i in range(3)] == [False, True, False]
    with pytest.raises(IndexError):
        puzzle.is_right(3)
    lines = reveal_lines(puzzle, {2: 4, 1: 1})
    assert [(line.candidate.text, line.loss, line.right, line.chosen_by) for line in lines] == [
        ("8/5 6/5", 0.0, True, 1),
        ("13/9", 0.2, False, 0),
        ("6/3 6/5", 0.4, False, 4),
    ]
    tie = Puzzle.from_dict(
        {**puzzle.to_dict(), "candidates": [{"text": "a", "equity": 0.3}, {"text": "b", "equity": 0.3}]}
    )
    assert tie.is_right(0) and tie.is_right(1)  # equal equities: both right


def test_a_post_is_due_once_a_day_from_its_hour_utc() -> None:
    day = 20_000
    assert day_of(day * DAY + 5) == day
    assert due_day(9, None, day * DAY + 8 * HOUR) is None  # before the hour
    assert due_day(9, None, day * DAY + 9 * HOUR) == day
    assert due_day(9, day - 1, day * DAY + 23 * HOUR) == day  # turned on, or back, after the hour: at once
    assert due_day(9, day, day * DAY + 23 * HOUR) is None  # posted today
    assert due_day(0, day - 5, (day + 1) * DAY) == day + 1  # days missed are not posted


def test_the_shipped_positions_come_in_turn_then_round_again() -> None:
    positions = shipped()
    assert len(positions) == 30 and len({source for source, _ in positions}) == 30
    assert {puzzle.kind for _, puzzle in positions} >= {"checker", "double"}
    for _, puzzle in positions:
        assert 2 <= len(puzzle.candidates) <= 6 and any(c.played for c in puzzle.candidates)
        assert not puzzle.is_right(next(i for i, c in enumerate(puzzle.candidates) if c.played))  # a mistake made
    used: set[str] = set()
    for source, _ in positions:
        assert next_shipped(used)[0] == source
        used.add(source)
    again, puzzle = next_shipped(used)
    assert again == f"{positions[0][0]}#1" and puzzle == positions[0][1]
    used.add(again)
    assert next_shipped(used)[0] == f"{positions[1][0]}#1"
