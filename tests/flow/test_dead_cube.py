"""A dead cube may not be doubled, and the dice are then rolled at once (R6.1, R9.4), as GNU Backgammon rules it.

A cube is dead for a player in match play once the player's score plus the cube's value reaches the match length:
doubling could only help the opponent. Matches stored before the rule keep their own (an options dict without the
key), so that their logs still replay as they were played.
"""

from __future__ import annotations

import random

from bot.engine import events as ev
from bot.engine.actions import Double, Move, Take
from bot.engine.game import Phase
from bot.engine.match import Match
from bot.engine.match_log import MatchLog
from bot.engine.options import MatchOptions
from tests.flow.driver import ScriptedDice, SeededDice, random_action

NAMES = ("Alice", "Bob")
ALICE, BOB = 0, 1


def _dead_for(match: Match, player: int) -> bool:
    return match.scores[player] + match.game.cube >= match.options.length


def test_no_double_of_a_dead_cube_in_random_matches_and_the_roll_is_made_at_once() -> None:
    """Over many random matches: Double is never allowed with a dead cube, and every turn that starts with a dead
    cube for the player on roll starts with an automatic roll."""
    dead_turns = 0
    for seed in range(60):
        rng = random.Random(seed)
        dice = SeededDice(seed)
        match = Match.start(NAMES, MatchOptions.match(rng.choice([1, 2, 3, 5, 7])), dice)
        while not match.finished:
            player = match.to_act
            assert player is not None
            if Double in match.allowed(player):
                assert not _dead_for(match, player)
            match, events = match.apply(random_action(match, rng, end_early=False), dice)
            for event in events:
                if isinstance(event, ev.Rolled) and not match.crawford and _dead_for(match, event.player):
                    assert event.automatic
                    dead_turns += 1
    assert dead_turns > 40  # the check above ran on many turns


def test_a_one_point_match_never_offers_the_cube() -> None:
    dice = SeededDice(7)
    match = Match.start(NAMES, MatchOptions.match(1), dice)
    rng = random.Random(7)
    while not match.finished:
        assert match.phase is not Phase.ROLLING
        match = match.apply(Move(match.to_act or 0, rng.choice(match.legal_plays())), dice).match


def test_matches_stored_before_the_rule_replay_with_their_doubles() -> None:
    """A stored log whose options have no `dead_cube_doubles` key was played when a dead cube could be doubled."""
    legacy = MatchOptions(1, dead_cube_doubles=True)
    dice = ScriptedDice([6, 1, 3, 2])
    match = Match.start(NAMES, legacy, dice)
    match = match.apply(Move(ALICE, match.legal_plays()[0]), dice).match
    assert match.phase is Phase.ROLLING and Double in match.allowed(BOB)
    match = match.apply(Double(BOB), dice).match
    match = match.apply(Take(ALICE), dice).match
    stored = match.log.to_dict()
    del stored["options"]["dead_cube_doubles"]
    replayed = Match.replay(MatchLog.from_dict(stored))
    assert replayed.snapshot() == match.snapshot() and replayed.game.cube == 2


def test_new_matches_store_the_rule() -> None:
    options = MatchOptions.match(3)
    assert not options.dead_cube_doubles
    assert MatchOptions.from_dict(options.to_dict()) == options
