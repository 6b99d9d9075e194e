"""The match's move list (issue 33): built from the action log, per game, every roll, play and cube action."""

from __future__ import annotations

from bot.engine import actions
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.engine.position import WinKind
from bot.records.move_list import move_list
from cogs.ui.resign_menu import MAX_INLINE_LIST, inline_list


def resigned_match() -> Match:
    """A 3-point match's one game: a play, a double taken, a gammon resigned and accepted."""
    dice = FixedDice([3, 1, 6, 4, 5, 2, 6, 6])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    match = match.apply(actions.Double(1), dice).match
    match = match.apply(actions.Take(0), dice).match
    match = match.apply(actions.Resign(1, WinKind.GAMMON), dice).match
    match = match.apply(actions.AcceptResignation(0), dice).match
    return match


def test_each_roll_play_and_cube_action_in_order_then_the_games_end() -> None:
    match = resigned_match()
    assert move_list(match.log).splitlines()[:9] == [
        "Game 1: Alice 0, Bob 0 (3-point match)",
        "Alice  3-1: 8/5 6/5",
        "Bob    doubles to 2",
        "Alice  takes",
        "Bob    6-4: (not played)",
        "Bob    offers to resign a gammon (4 points)",
        "Alice  accepts the resignation",
        "Alice wins 4 points (by resignation)",
        "Alice wins the match 4-0",
    ]


def test_a_roll_being_played_is_listed_as_to_play_and_names_stay_in_the_code_block() -> None:
    dice = FixedDice([3, 1, 6, 4])
    match = Match.start(("A`b\nc", "Bob"), MatchOptions.money(), dice)
    text = move_list(match.log)
    assert text.splitlines() == ["Game 1", "A'b c  3-1: (to play)"]


def test_a_long_list_shows_its_end_inline_and_goes_whole_in_a_file() -> None:
    short, as_file = inline_list("Game 1\nAlice  3-1: 8/5 6/5")
    assert short == "```\nGame 1\nAlice  3-1: 8/5 6/5\n```" and not as_file
    lines = [f"Alice  {n}: 13/7 8/7" for n in range(300)]
    shown, as_file = inline_list("\n".join(lines))
    assert as_file and len(shown) <= MAX_INLINE_LIST and shown.rstrip("`\n").endswith(lines[-1])
