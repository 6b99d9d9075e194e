"""GNU Backgammon's own decisions in the benchmarks' matches (bench/gnubg_hint.py, issue 36 item 3): gnubg's `hint`
answers are read right, and gnubg asked about positions whose answer is not in doubt decides as it should.

The live checks run gnubg in a child process, as the benchmark does (its state is global and its assertions
abort the process)."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest

from bench.gnubg_hint import (
    CubeHint,
    GnubgAnswerError,
    best_play,
    cube_action,
    cube_hint,
    gnubg_id_before_the_offer,
    parse_hint,
    parse_play_hint,
)
from bot.engine import FixedDice, MatchOptions
from bot.engine.actions import Double, Move, Roll
from tests.computer.positions import COMPUTER, NO_DICE, arranged

#: gnubg 1.1's `hint` in a 5-point match at 0-0: a race 62 pips against 70 (the double/take below).
DOUBLE_TAKE = """
Cube analysis
2-ply cubeless equity +0.546 (Money: +0.546)
  0.773 0.000 0.000 - 0.227 0.000 0.000
Cubeful equities:
1. Double, take        +0.881
2. Double, pass        +1.000  (+0.119)
3. No double           +0.797  (-0.083)
Proper cube action: Double, take
"""
#: a closed board against three checkers on the bar
TOO_GOOD = """
Cube analysis
2-ply cubeless equity +2.152 (Money: +2.185)
  0.987 0.986 0.224 - 0.013 0.000 0.000
Cubeful equities:
1. No double           +2.156
2. Double, take        +4.777  (+2.620)
3. Double, pass        +1.000  (-1.156)
Proper cube action: Too good to double, pass (30.6%)
"""
#: the opening position, the side on roll owning a cube of 2 at 2-2
NO_REDOUBLE = """
Cube analysis
2-ply cubeless equity +0.073 (Money: +0.074)
  0.524 0.149 0.007 - 0.476 0.125 0.005
Cubeful equities:
1. No double           +0.239
2. Double, pass        +1.000  (+0.761)
3. Double, take        +0.097  (-0.142)
Proper cube action: No redouble, take (15.7%)
"""
#: the opening position after the Crawford game, the side on roll trailing 2-4
OPTIONAL = """
Cube analysis
2-ply cubeless equity +0.072 (Money: +0.078)
  0.526 0.148 0.007 - 0.474 0.122 0.005
Cubeful equities:
1. No double           +0.380
2. Double, pass        +1.000  (+0.620)
3. Double, take        +0.380  (-0.000)
Proper cube action: Optional double, take
"""
#: the opening position in a money game
BEAVER = """
Cube analysis
2-ply cubeless equity +0.076
  0.525 0.150 0.007 - 0.475 0.125 0.005
Cubeful equities:
1. No double           +0.098
2. Double, pass        +1.000  (+0.902)
3. Double, take        -0.171  (-0.269)
Proper cube action: No double, beaver (23.0%)
"""

#: gnubg's `hint` for a bear-off with 6-2 (5-point match, 1-2): its best play first
BEAR_OFF_PLAY = """
    1. Cubeful 2-ply    6/off 2/off                  Eq.: +0.999
       0.949 0.000 0.000 - 0.051 0.000 0.000
        2-ply cubeful prune [2ply]
    2. Cubeful 2-ply    6/off 5/3                    Eq.: +0.993 (-0.006)
       0.941 0.000 0.000 - 0.059 0.000 0.000
        2-ply cubeful prune [2ply]
"""
OPENING_PLAY = """
    1. Cubeful 0-ply    24/22 13/8                   Eq.: +0.004
       0.502 0.133 0.005 - 0.498 0.133 0.004
        0-ply cubeful prune [expert]
"""

START = {24: 2, 13: 5, 8: 3, 6: 5}
BEAR_OFF = ({6: 2, 5: 3, 4: 3, 3: 2, 2: 2, 1: 1}, {6: 5, 5: 4, 4: 3, 3: 2, 2: 1})
RACE_DOUBLE_TAKE = ({6: 4, 5: 3, 4: 3, 3: 2, 2: 2, 1: 1}, {6: 5, 5: 4, 4: 3, 3: 2, 2: 1})  # 62 pips against 70
RACE_PASS = ({7: 2, 6: 4, 5: 3, 4: 3, 3: 2, 2: 1}, {8: 3, 7: 2, 6: 4, 5: 3, 4: 2, 3: 1})  # 73 pips against 88


def test_the_hint_is_read_with_its_equities_and_its_action() -> None:
    assert parse_hint(DOUBLE_TAKE) == CubeHint("Double, take", 0.797, 0.881, 1.0)
    assert parse_hint(TOO_GOOD) == CubeHint("Too good to double, pass", 2.156, 4.777, 1.0)
    assert parse_hint(BEAVER, plies=0) == CubeHint("No double, beaver", 0.098, -0.171, 1.0, plies=0)


@pytest.mark.parametrize(
    ("text", "doubles", "takes", "beavers"),
    [
        (DOUBLE_TAKE, True, True, False),
        (TOO_GOOD, False, False, False),  # gnubg plays on for the gammon; doubled, it would be a pass
        (NO_REDOUBLE, False, True, False),
        (OPTIONAL, False, True, False),  # gnubg's player takes an optional double only at 0-ply
        (BEAVER, False, True, True),
        (DOUBLE_TAKE.replace("action: Double, take", "action: Redouble, pass"), True, False, False),
    ],
)
def test_the_decision_follows_gnubgs_own_player(text: str, doubles: bool, takes: bool, beavers: bool) -> None:
    hint = parse_hint(text)
    assert (hint.doubles, hint.takes, hint.beavers) == (doubles, takes, beavers)


def test_an_optional_double_is_taken_at_0_ply() -> None:
    assert parse_hint(OPTIONAL, plies=0).doubles


def test_an_answer_without_a_cube_analysis_is_an_error() -> None:
    with pytest.raises(GnubgAnswerError, match="no cube analysis"):
        parse_hint("You cannot double.\n")


def test_the_best_play_is_read_in_gnubgs_notation() -> None:
    assert parse_play_hint(BEAR_OFF_PLAY) == "6/off 2/off"
    assert parse_play_hint(OPENING_PLAY) == "24/22 13/8"
    with pytest.raises(GnubgAnswerError, match="no checker play"):
        parse_play_hint(DOUBLE_TAKE)


def asked_in_a_child() -> list[str]:
    """gnubg 2-ply's analysis and decisions for the known positions, run in the child process."""
    answers = []
    for mover, other in (RACE_DOUBLE_TAKE, RACE_PASS, (START, START)):
        match = arranged(MatchOptions.match(5), COMPUTER, mover, other)
        hint = cube_hint(gnubg_id_before_the_offer(match))
        answers.append(hint.proper)
        answers.append(type(cube_action(match)).__name__)
        match = match.apply(Double(COMPUTER), NO_DICE).match  # the answer to a double, judged from the doubler's turn
        answers.append(type(cube_action(match)).__name__)
    for (mover, other), dice, expected in ((BEAR_OFF, [6, 2], "6/off 2/off"), ((START, START), [3, 1], "8/5 6/5")):
        match = arranged(MatchOptions.match(5), COMPUTER, mover, other, scores=(1, 2))
        match = match.apply(Roll(COMPUTER), FixedDice(dice)).match
        answers.append(str(best_play(match) == Move(COMPUTER, match.parse_play(expected))))
    return answers


def test_gnubg_decides_clear_positions_as_it_should() -> None:
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as child:
        answers = child.submit(asked_in_a_child).result(timeout=120)
    assert answers == [
        *("Double, take", "Double", "Take"),
        *("Double, pass", "Double", "Drop"),
        *("No double, take", "Roll", "Take"),  # the opening position: no double (a 5-point match has no beaver)
        *("True", "True"),  # the plays: both checkers off with 6-2 (gnubg cuts its own tuple short there); 31 made
    ]
