"""Hand-made matches whose analysis is known, shared by the analysis tests, the store tests and the e2e tests."""

from __future__ import annotations

from bot.engine import actions as act
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions


def move(match: Match, dice: FixedDice, player: int, text: str) -> Match:
    return match.apply(act.Move(player, match.parse_play(text)), dice).match


def deliberate_blunder() -> Match:
    """Ann opens 3-1 by breaking her 6 point (6/3 6/5) instead of making her 5 point (8/5 6/5): a blunder.
    Bob answers 2-1 with 13/11 6/5, and Ann hits twice with her 6-4 (24/20*/14*), the best play."""
    dice = FixedDice([3, 1, 2, 1, 6, 4])
    match = Match.start(("Ann", "Bob"), MatchOptions.match(5), dice)
    match = move(match, dice, 0, "6/3 6/5")
    match = match.apply(act.Roll(1), dice).match
    match = move(match, dice, 1, "13/11 6/5")
    match = match.apply(act.Roll(0), dice).match
    match = move(match, dice, 0, "24/20*/14*")
    return match


def forced_dance() -> Match:
    """Ann opens 6-2 (24/18 13/11), Bob hits with 6-1 (13/7* 8/7), Ann rolls 6-6 on the bar against Bob's six
    point: no move, forced (R4.4, R9.3)."""
    dice = FixedDice([6, 2, 6, 1, 6, 6, 3, 1])
    match = Match.start(("Ann", "Bob"), MatchOptions.match(5), dice)
    match = move(match, dice, 0, "24/18 13/11")
    match = match.apply(act.Roll(1), dice).match
    match = move(match, dice, 1, "13/7* 8/7")
    match = match.apply(act.Roll(0), dice).match  # 6-6: Ann dances, the engine plays the empty play for her
    return match


def wrong_drop() -> Match:
    """After one roll each, Ann doubles (too early: no double) and Bob drops what is an easy take."""
    dice = FixedDice([3, 1, 2, 1, 5, 5, 4, 2])
    match = Match.start(("Ann", "Bob"), MatchOptions.match(5), dice)
    match = move(match, dice, 0, "8/5 6/5")
    match = match.apply(act.Roll(1), dice).match
    match = move(match, dice, 1, "13/11 6/5")
    match = match.apply(act.Double(0), dice).match
    match = match.apply(act.Drop(1), dice).match
    return match


def refused_beaver() -> Match:
    """A money game with beavers: Ann doubles after one roll each (Bob left two blots), Bob beavers although Ann is
    the favourite, and Ann refuses the beaver, giving up twice the cube where playing on wins."""
    dice = FixedDice([3, 1, 2, 1, 4, 2])
    match = Match.start(("Ann", "Bob"), MatchOptions.money(jacoby=False, beavers=True), dice)
    match = move(match, dice, 0, "8/5 6/5")
    match = match.apply(act.Roll(1), dice).match
    match = move(match, dice, 1, "13/11 6/5")
    match = match.apply(act.Double(0), dice).match
    match = match.apply(act.Beaver(1), dice).match
    match = match.apply(act.RefuseBeaver(0), dice).match
    return match
