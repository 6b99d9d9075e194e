"""Every message that publishes a dice commitment says it the same short way (issue 33 item 5, issue 31 item 7):
one subtext line with the commitment's first 16 hex characters, never all 64; the whole is behind /bg fairness."""

from __future__ import annotations

import re

from bot.engine.dice import commitment as commitment_of
from bot.engine.options import MatchOptions
from bot.service import Challenge, ChallengeStatus, PlayerRef
from cogs.ui.challenge_text import challenge_text
from cogs.ui.commitment_posts import computer_announcement, rematch_request
from cogs.ui.fairness_text import proof_line

COMMITMENT = commitment_of(bytes(range(32)))
LINE = f"-# The dice can be checked: `/bg fairness` · commitment `{COMMITMENT[:16]}`"
WHOLE_HASH = re.compile(r"[0-9a-f]{64}")


def challenge(commitment: str | None) -> Challenge:
    return Challenge(
        1,
        10,
        20,
        PlayerRef(111, "Alice"),
        PlayerRef(222, "Bob"),
        MatchOptions.match(3),
        False,
        0.0,
        600.0,
        ChallengeStatus.OPEN,
        commitment=commitment,
    )


def proof_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if "can be checked" in line]


def test_the_line_is_the_commitments_start() -> None:
    assert len(COMMITMENT) == 64 and proof_line(COMMITMENT) == LINE


def test_every_message_with_a_commitment_shows_the_same_line_and_no_whole_hash() -> None:
    texts = {
        "challenge": challenge_text(challenge(COMMITMENT)),
        "computer": computer_announcement("Alice", "a 1-point match against the computer", COMMITMENT),
        "rematch": rematch_request("Alice", 222, 1_900_000_000, COMMITMENT),
    }
    for what, text in texts.items():
        [line] = proof_lines(text)
        assert line.startswith(LINE), (what, text)
        assert not WHOLE_HASH.search(text), (what, text)
    assert proof_lines(texts["challenge"])[0].endswith("**Accept with my seed** adds a seed of your own.")
    assert texts["rematch"].startswith("<@222>, Alice wants a rematch: press **Rematch**")


def test_a_challenge_without_a_commitment_claims_nothing() -> None:
    """A challenge from before committed dice (issue 18) has no proof line."""
    assert proof_lines(challenge_text(challenge(None))) == []
