"""Provably fair dice in words: what `/bg fairness [match]` says (cogs/records.py), and the short line
the last board carries when the match ends (hashes and seeds only behind /bg fairness). What may be
shown comes from the service (`MatchRecord.fairness`): its server seed is None until the match is over, so
nothing here can show it early."""

from __future__ import annotations

from typing import Any

from bot.engine.dice import FairnessInfo
from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from bot.service import Challenge, MatchRecord
from cogs.ui.event_text import escape_name, escape_text

FORMULA = N_(
    "Roll k of the match (k = 0, 1, 2, ... across all games, opening rolls and their re-rolls included): for "
    "j = 0, 1, ..., HMAC-SHA256(key = the bot's seed as 32 bytes, message = UTF-8 of "
    "`<challenger seed>:<acceptor seed>:<k>:<j>`); read its bytes in order, skip every byte of 252 or more, and "
    "each other byte b is a die, b % 6 + 1. The first two dice are the roll (for an opening roll: the challenger's "
    "die, then the acceptor's). The commitment is the SHA-256 of the bot's seed."
)
HOW_TO_CHECK = N_(
    "To check every roll: `/bg export` the match after it ended and run `python -m bot.fairness "
    "FILE.mat` (the bot's source), or the fifteen lines of Python in its README."
)


#: How many hex characters of the commitment a message shows (no 64-character hashes in play). 64 bits
#: still bind the bot: finding another seed whose SHA-256 starts the same is infeasible. The whole commitment is
#: behind `/bg fairness`.
SHOWN_HEX = 16


def proof_line(commitment: str, language: str = DEFAULT_LANGUAGE) -> str:
    """The one subtext line every message that publishes a commitment carries (challenge, tournament and computer
    announcements, rematch request): it is out before the seeds that follow it exist. In the
    language of the message it ends (the server's)."""
    said = N_("The dice can be checked: `/bg fairness` · commitment `{commitment}`")
    return "-# " + translate(language, said, commitment=commitment[:SHOWN_HEX])


def seed_text(seed: str, language: str = DEFAULT_LANGUAGE) -> str:
    """A seed shown exactly as it is: as code, or escaped when it holds a backtick; the empty seed says so."""
    if not seed:
        return translate(language, N_("(empty)"))
    return f"`{seed}`" if "`" not in seed else escape_text(seed)


def end_line(record: MatchRecord, language: str = DEFAULT_LANGUAGE) -> str:
    """The line of the match's end: the bot's seed is revealed, one short line pointing to the details. On the
    public board, so in the server's language."""
    info = record.fairness
    if info is None or info.server_seed is None:
        return ""
    said = N_("The dice of this match can now be checked: `/bg fairness match:{match}`.")
    return "-# " + translate(language, said, match=record.id)


def fairness_text(record: MatchRecord, info: FairnessInfo, language: str = DEFAULT_LANGUAGE) -> str:
    """/bg fairness for one match, in the language of the member who asked."""
    first, second = (escape_name(player.name) for player in record.players)

    def say(message: str, **params: Any) -> str:
        return translate(language, message, **params)

    lines = [
        say(N_("**Dice of match #{match}**: {first} vs {second}"), match=record.id, first=first, second=second),
        say(N_("Commitment (shown before the first roll): `{commitment}`"), commitment=info.commitment),
        say(N_("{name}'s seed (challenger): {seed}"), name=first, seed=seed_text(info.challenger_seed, language)),
        say(N_("{name}'s seed (acceptor): {seed}"), name=second, seed=seed_text(info.acceptor_seed, language)),
    ]
    if info.server_seed is None:
        lines.append(say(N_("The bot's seed: secret until the match ends, then shown here.")))
    else:
        lines.append(say(N_("The bot's seed (revealed, the match is over): `{seed}`"), seed=info.server_seed))
    lines += [say(FORMULA), say(HOW_TO_CHECK)]
    return "\n".join(lines)


def challenge_fairness_text(challenges: list[Challenge], language: str = DEFAULT_LANGUAGE) -> str:
    """/bg fairness while challenges wait in the channel: each one's commitment, fixed before anyone accepts (the
    challenge itself only says the dice can be checked). In the language of the member who asked."""
    lines = []
    for challenge in challenges:
        if challenge.commitment is None:
            continue
        said = N_("**Dice of {name}'s open challenge**: commitment `{commitment}`")
        name = escape_name(challenge.challenger.name)
        lines.append(translate(language, said, name=name, commitment=challenge.commitment))
    if not lines:
        return translate(language, N_("No challenge waiting here has checkable dice."))
    explained = N_(
        "The commitment is the SHA-256 of the bot's secret seed for the dice, fixed before anyone accepts. The seed "
        "is revealed when the match ends; then `/bg fairness` shows how to check every roll."
    )
    lines.append(translate(language, explained))
    return "\n".join(lines)


def unchecked_text(record: MatchRecord, language: str = DEFAULT_LANGUAGE) -> str:
    """/bg fairness for a match stored without seeded dice (its dice came from the CSPRNG)."""
    said = N_(
        "Match #{match} was started before the dice could be checked: its dice came from the "
        "operating system's secure generator, with no seeds to show."
    )
    return translate(language, said, match=record.id)
