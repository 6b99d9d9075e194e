"""The flow tests' matches, gathered for tests that check whole matches (the .mat export, tests/records).

- the seeded random matches of test_properties.py, finished (seeds 0-299, all option combinations) and stopped
  part way (running matches);
- the scripted matches of test_scripted_matches.py and test_scripted_cube.py, recorded while their tests run,
  except those that set up a position by hand (their logs do not replay to the same state, so they are not real
  matches).
"""

from __future__ import annotations

import contextlib
import inspect
import itertools
from collections.abc import Callable
from typing import Any
from unittest import mock

from bot.engine.dice import DiceSource
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from tests.flow import scripted, test_scripted_cube, test_scripted_matches
from tests.flow.test_properties import play_random_match

RANDOM_FINISHED = range(300)
RANDOM_RUNNING = range(10_000, 10_060)
#: The modules of the scripted tests, each calling `scripted.start` by the name it imported.
SCRIPTED = (test_scripted_cube, test_scripted_matches)


def scripted_matches() -> list[Match]:
    """Every match a scripted test starts, as it is when the test ends."""
    started: list[Match] = []
    real_start = scripted.start

    def recording_start(options: MatchOptions, dice: list[int]) -> tuple[Match, DiceSource]:
        match, source = real_start(options, dice)
        started.append(match)
        return match, source

    tests = sorted(
        (
            (name, test)
            for module in SCRIPTED
            for name, test in inspect.getmembers(module, inspect.isfunction)
            if name.startswith("test_")
        ),
        key=lambda found: found[0],
    )
    with contextlib.ExitStack() as patches:
        for module in SCRIPTED:
            patches.enter_context(mock.patch.object(module, "start", recording_start))
        for _, test in tests:
            for arguments in _parameters(test):
                test(**arguments)
    return [match for match in started if _replays(match)]


def _parameters(test: Callable[..., Any]) -> list[dict[str, Any]]:
    """The keyword arguments of each case of a (possibly parametrized) test."""
    cases: list[dict[str, Any]] = [{}]
    for mark in getattr(test, "pytestmark", []):
        if mark.name != "parametrize":
            continue
        names = (
            [name.strip() for name in mark.args[0].split(",")] if isinstance(mark.args[0], str) else list(mark.args[0])
        )
        values = [value if len(names) > 1 else (value,) for value in mark.args[1]]
        cases = [{**case, **dict(zip(names, value, strict=True))} for case, value in itertools.product(cases, values)]
    return cases


def _replays(match: Match) -> bool:
    try:
        return Match.replay(match.log).snapshot() == match.snapshot()
    except ValueError:
        return False


def flow_corpus() -> list[Match]:
    """All the matches above, in a fixed order."""
    finished = [play_random_match(seed, check=False) for seed in RANDOM_FINISHED]
    running = [play_random_match(seed, check=False, stop_early=True) for seed in RANDOM_RUNNING]
    return [*finished, *running, *scripted_matches()]
