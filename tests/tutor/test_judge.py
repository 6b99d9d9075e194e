"""What the computer's workers run for the tutor (bot.tutor.judge): the analysis's verdict on one decision of a
running match, a hint's ranking, and the request run outside the idle scheduling class."""

from __future__ import annotations

import multiprocessing
import os

import pytest

from bot.engine import actions as engine
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.tutor.judge import HINT_PLAYS, hint_in_worker, judge_in_worker, promptly


def opening(dice: tuple[int, int]) -> Match:
    """A 5-point match whose opening roll is `dice` (player 0 the higher die)."""
    return Match.start(("Alice", "Gammon"), MatchOptions.match(5), FixedDice(list(dice)))


def test_a_bad_opening_play_is_judged_against_the_best_one() -> None:
    match = opening((3, 1))
    bad = match.parse_play("24/21 24/23")
    after, _ = match.apply(engine.Move(0, bad), FixedDice([]))
    judged = judge_in_worker(after.log.to_json(), len(match.log.entries))
    assert judged["kind"] == "checker" and judged["chosen"] == str(bad)
    assert judged["best"] == "8/5 6/5" and judged["loss"] > 0.04  # 31: make the 5-point


def test_a_hint_ranks_the_best_plays_for_the_roll() -> None:
    hint = hint_in_worker(opening((3, 1)).log.to_json())
    assert hint["kind"] == "checker" and len(hint["lines"]) == HINT_PLAYS
    first, *rest = hint["lines"]
    assert first[0] == "8/5 6/5" and first[2] == 0
    assert all(line[2] > 0 for line in rest)


def _classes(queue: multiprocessing.Queue[tuple[bool, bool, bool]]) -> None:
    """In a child (a computer worker's class, SCHED_IDLE): the class during a request, after it, and after one
    that failed."""
    os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    with promptly():
        inside = os.sched_getscheduler(0) == os.SCHED_OTHER
    after = os.sched_getscheduler(0) == os.SCHED_IDLE
    with pytest.raises(ValueError), promptly():
        raise ValueError("a request that failed")
    queue.put((inside, after, os.sched_getscheduler(0) == os.SCHED_IDLE))


def test_a_request_runs_outside_the_idle_class_and_the_worker_goes_back_to_it() -> None:
    context = multiprocessing.get_context("fork")
    queue: multiprocessing.Queue[tuple[bool, bool, bool]] = context.Queue()
    child = context.Process(target=_classes, args=(queue,))
    child.start()
    child.join(10)
    assert queue.get(timeout=5) == (True, True, True)
