"""An independent copy of issue 18's roll formula, written from the issue's text (not from bot.engine.dice), and
matches played with committed dice."""

from __future__ import annotations

import hashlib
import hmac
import random

from bot.engine.dice import CommittedDice, MatchSeeds
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from tests.flow.driver import random_action


def issue_roll(server_seed: bytes, challenger: str, acceptor: str, k: int) -> tuple[int, int]:
    """Block j = HMAC-SHA256(key=server seed, msg="<challenger>:<acceptor>:<k>:<j>"); skip bytes >= 252; b % 6 + 1."""
    dice: list[int] = []
    j = 0
    while len(dice) < 2:
        block = hmac.new(server_seed, f"{challenger}:{acceptor}:{k}:{j}".encode(), hashlib.sha256).digest()
        dice += [b % 6 + 1 for b in block if b < 252]
        j += 1
    return dice[0], dice[1]


def all_dice(match: Match) -> list[int]:
    """Every die the match drew, in order: the opening roll's, then each action's."""
    log = match.log
    return [*log.start_dice, *(die for entry in log.entries for die in entry.dice)]


def played_match(seeds: MatchSeeds, options: MatchOptions, rng_seed: int, *, end_early: bool = False) -> Match:
    """A whole match played by random legal actions on the seeds' committed dice."""
    rng = random.Random(rng_seed)
    dice = CommittedDice(seeds)
    match = Match.start(("Alice", "Bob"), options, dice)
    while not match.finished:
        match = match.apply(random_action(match, rng, end_early=end_early), dice).match
    return match
