"""The .mat text itself (issue 17), on small hand-made matches; test_mat_gnubg.py has gnubg read the whole corpus."""

from __future__ import annotations

import datetime

from bot.engine import actions as act
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.engine.position import WinKind
from bot.records import match_to_mat
from bot.records.mat import NAME_BYTES, mat_name
from tests.records.gnubg_import import import_mats


def one_point_match() -> Match:
    """Alice opens 3-1; Bob doubles a dead cube, Alice takes; Bob plays 6-4. A match stored before R6.1 forbade
    that double: such matches still export."""
    options = MatchOptions(1, dead_cube_doubles=True)
    dice = FixedDice([3, 1, 6, 4, 5, 5])
    match = Match.start(("Alice", "Bob"), options, dice)
    match = match.apply(act.Move(0, match.parse_play("8/5 6/5")), dice).match
    match = match.apply(act.Double(1), dice).match
    match = match.apply(act.Take(0), dice).match
    match = match.apply(act.Move(1, match.parse_play("24/18 13/9")), dice).match
    return match


def test_a_running_match() -> None:
    assert match_to_mat(one_point_match()) == (
        "\n 1 point match\n\n"
        " Game 1\n"
        " Alice : 0                      Bob : 0\n"
        "  1) 31: 8/5 6/5                  Doubles => 2\n"
        "  2)  Takes                      64: 24/18 13/9 \n"
    )


def test_a_resignation_after_the_roll_keeps_the_roll() -> None:
    match = one_point_match()
    dice = FixedDice([5, 5])  # the roll after the opening and Bob's 6-4
    match = match.apply(act.Roll(0), dice).match
    match = match.apply(act.Resign(0, WinKind.SINGLE), dice).match
    match = match.apply(act.AcceptResignation(1), dice).match
    text = match_to_mat(match, date=datetime.date(2026, 1, 2))
    assert text.startswith('; [EventDate "2026.01.02"]\n\n 1 point match\n\n')
    assert text.endswith("  3) 55:                         Wins 2 points\n\n")


def test_plays_are_written_one_die_at_a_time_with_hits() -> None:
    # Alice opens 4-2 with 13/9 13/11; Bob rolls 6-4 and hits the blot on his 14-point (her 11) from his 24.
    dice = FixedDice([4, 2, 6, 4])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    match = match.apply(act.Move(0, match.parse_play("13/9 13/11")), dice).match
    match = match.apply(act.Roll(1), dice).match
    match = match.apply(act.Move(1, match.parse_play("24/14*")), dice).match
    line = match_to_mat(match).splitlines()[-1]
    assert line in (
        "  1) 42: 13/11 13/9              64: 24/18 18/14* ",
        "  1) 42: 13/11 13/9              64: 24/20 20/14* ",
    )  # gnubg orders steps: 13/11 first


def test_names_the_file_can_hold() -> None:
    assert mat_name("Anne Marie  van Dijk") == "Anne Marie  van Dijk"
    assert mat_name("Ζωή") == "Ζωή"
    assert mat_name("a:b,c") == "a_b_c"
    long = "Ωmega " * 10
    assert len(mat_name(long).encode()) <= NAME_BYTES and long.startswith(mat_name(long))


def test_a_long_first_name_keeps_the_second() -> None:
    names = ("Bartholomew Longname-Smithson Jr", "Bob")
    dice = FixedDice([3, 1])
    match = Match.start(names, MatchOptions.match(1), dice)
    match = match.apply(act.Resign(1, WinKind.SINGLE), dice).match
    match = match.apply(act.AcceptResignation(0), dice).match
    [imported] = import_mats([(match_to_mat(match), False)])
    assert imported.names == (mat_name(names[0]), "Bob")


def test_money_games_say_their_rules_in_a_comment() -> None:
    dice = FixedDice([2, 2, 3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.money(beavers=True, automatic_doubles=True), dice)
    assert match.cube == 2
    text = match_to_mat(match)
    assert text.startswith(
        "\n; Money game. Jacoby rule: on. Beavers: on. Automatic doubles: up to 1 (1 made: the"
        " cube values written here leave it out).\n\n 0 point match\n\n"
    )
