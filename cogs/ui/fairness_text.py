"""Provably fair dice in words (issue 18): what `/bg fairness [match]` says (cogs/records.py), and the short line
the last board carries when the match ends (issue 33: hashes and seeds only behind /bg fairness). What may be
shown comes from the service (`MatchRecord.fairness`): its server seed is None until the match is over, so
nothing here can show it early."""

from __future__ import annotations

from bot.engine.dice import FairnessInfo
from bot.service import Challenge, MatchRecord
from cogs.ui.event_text import escape_name, escape_text

FORMULA = (
    "Roll k of the match (k = 0, 1, 2, ... across all games, opening rolls and their re-rolls included): for "
    "j = 0, 1, ..., HMAC-SHA256(key = the bot's seed as 32 bytes, message = UTF-8 of "
    "`<challenger seed>:<acceptor seed>:<k>:<j>`); read its bytes in order, skip every byte of 252 or more, and "
    "each other byte b is a die, b % 6 + 1. The first two dice are the roll (for an opening roll: the challenger's "
    "die, then the acceptor's). The commitment is the SHA-256 of the bot's seed."
)
HOW_TO_CHECK = (
    "To check every roll: `/bg export` the match after it ended and run `python -m bot.fairness "
    "FILE.mat` (the bot's source), or the fifteen lines of Python in its README."
)


#: How many hex characters of the commitment a message shows (issue 33: no 64-character hashes in play). 64 bits
#: still bind the bot: finding another seed whose SHA-256 starts the same is infeasible. The whole commitment is
#: behind `/bg fairness`.
SHOWN_HEX = 16


def proof_line(commitment: str) -> str:
    """The one subtext line every message that publishes a commitment carries (challenge, tournament and computer
    announcements, rematch request): it is out before the seeds that follow it exist (issue 31 item 7)."""
    return f"-# The dice can be checked: `/bg fairness` · commitment `{commitment[:SHOWN_HEX]}`"


def seed_text(seed: str) -> str:
    """A seed shown exactly as it is: as code, or escaped when it holds a backtick; the empty seed says so."""
    if not seed:
        return "(empty)"
    return f"`{seed}`" if "`" not in seed else escape_text(seed)


def end_line(record: MatchRecord) -> str:
    """The line of the match's end: the bot's seed is revealed, one short line pointing to the details."""
    info = record.fairness
    if info is None or info.server_seed is None:
        return ""
    return f"-# The dice of this match can now be checked: `/bg fairness match:{record.id}`."


def fairness_text(record: MatchRecord, info: FairnessInfo) -> str:
    names = record.players
    lines = [
        f"**Dice of match #{record.id}**: {escape_name(names[0].name)} vs {escape_name(names[1].name)}",
        f"Commitment (shown before the first roll): `{info.commitment}`",
        f"{escape_name(names[0].name)}'s seed (challenger): {seed_text(info.challenger_seed)}",
        f"{escape_name(names[1].name)}'s seed (acceptor): {seed_text(info.acceptor_seed)}",
    ]
    if info.server_seed is None:
        lines.append("The bot's seed: secret until the match ends, then shown here.")
    else:
        lines.append(f"The bot's seed (revealed, the match is over): `{info.server_seed}`")
    lines += [FORMULA, HOW_TO_CHECK]
    return "\n".join(lines)


def challenge_fairness_text(challenges: list[Challenge]) -> str:
    """/bg fairness while challenges wait in the channel: each one's commitment, fixed before anyone accepts (the
    challenge itself only says the dice can be checked, issue 33)."""
    lines = []
    for challenge in challenges:
        if challenge.commitment is None:
            continue
        lines.append(
            f"**Dice of {escape_name(challenge.challenger.name)}'s open challenge**: commitment "
            f"`{challenge.commitment}`"
        )
    if not lines:
        return "No challenge waiting here has checkable dice."
    lines.append(
        "The commitment is the SHA-256 of the bot's secret seed for the dice, fixed before anyone accepts. The seed "
        "is revealed when the match ends; then `/bg fairness` shows how to check every roll."
    )
    return "\n".join(lines)


def unchecked_text(record: MatchRecord) -> str:
    """/bg fairness for a match from before seeded dice."""
    return (
        f"Match #{record.id} was started before the dice could be checked: its dice came from the "
        "operating system's secure generator, with no seeds to show."
    )
