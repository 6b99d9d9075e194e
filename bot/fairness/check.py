"""Checking a `.mat` file's dice against its seeds: the commitment must be the SHA-256 of the revealed server seed,
and every roll written in the file must be the roll the formula gives (bot.engine.dice.committed_roll).

A .mat file writes each roll high die first and leaves out the opening roll's ties (they were rolled again), so
the check walks the formula's rolls alongside the file: at the start of each game the ties come first (a tie is
the only double an opening roll can give), then the opening roll, whose higher die says who moved first (the
challenger's die is the first: the left column), then one roll per written roll.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field

from bot.engine.dice import committed_roll
from bot.records.mat import FAIRNESS_TAGS

_TAG = re.compile(r'^; \[(?P<tag>[A-Za-z ]+?) (?P<value>".*")\]\s*$')
_GAME = re.compile(r"^ Game (?P<number>\d+)\s*$")
_ROLL = re.compile(r"(?<![\w:])(?P<first>[1-6])(?P<second>[1-6]):")
_RIGHT_COLUMN = 30  # a right-column entry starts at byte 33 of its line, a left one at 5


@dataclass(frozen=True, slots=True)
class WrittenRoll:
    game: int
    number: int  # 1, 2, ... within the game
    dice: tuple[int, int]  # as written: high die first
    player: int  # 0 for the left column (the challenger), 1 for the right


@dataclass(slots=True)
class CheckResult:
    lines: list[str] = field(default_factory=list)
    ok: bool = True
    first_bad: str | None = None  # the line naming the first roll (or value) that does not match

    def fail(self, text: str) -> None:
        self.lines.append(text)
        self.ok = False
        if self.first_bad is None:
            self.first_bad = text


def read_tags(text: str) -> dict[str, str]:
    """The fairness comment tags of the file (JSON string values)."""
    tags = {}
    for line in text.splitlines():
        found = _TAG.match(line)
        if found and found["tag"] in FAIRNESS_TAGS:
            try:
                value = json.loads(found["value"])
            except json.JSONDecodeError:
                continue
            if isinstance(value, str):
                tags[found["tag"]] = value
    return tags


def written_rolls(text: str) -> list[WrittenRoll]:
    """Every roll written in the games of the file, in the order played (line by line, left column first)."""
    rolls: list[WrittenRoll] = []
    game = 0
    number = 0
    skip_names = False
    for line in text.splitlines():
        if line.startswith(";"):
            continue
        started = _GAME.match(line)
        if started:
            game, number, skip_names = int(started["number"]), 0, True
            continue
        if skip_names:  # the line of both names and scores
            skip_names = False
            continue
        if not game:
            continue
        for found in _ROLL.finditer(line):
            number += 1
            column = 1 if len(line[: found.start()].encode()) >= _RIGHT_COLUMN else 0
            rolls.append(WrittenRoll(game, number, (int(found["first"]), int(found["second"])), column))
    return rolls


def check_mat(text: str) -> CheckResult:
    """Recompute the commitment and every roll of a .mat file; one line per roll, and whether all match."""
    result = CheckResult()
    tags = read_tags(text)
    missing = [tag for tag in FAIRNESS_TAGS if tag not in tags]
    if "Server seed" in missing and len(missing) == 1:
        result.fail(
            "The file has no server seed: the match was not over when it was exported. Export it again after the end."
        )
        return result
    if missing:
        result.fail(f"The file has no {', '.join(missing)}: it was not exported with the dice's proof.")
        return result
    commitment, seed0, seed1, server_hex = (tags[tag] for tag in FAIRNESS_TAGS)
    try:
        server_seed = bytes.fromhex(server_hex)
    except ValueError:
        result.fail(f"The server seed {server_hex!r} is not hexadecimal.")
        return result
    digest = hashlib.sha256(server_seed).hexdigest()
    if digest == commitment.lower():
        result.lines.append(f"Commitment {commitment}: matches, it is the SHA-256 of the server seed.")
    else:
        result.fail(f"Commitment {commitment}: DOES NOT MATCH: the SHA-256 of the server seed is {digest}.")
    result.lines.append(f"Seeds: challenger {seed0!r}, acceptor {seed1!r}.")
    _check_rolls(result, written_rolls(text), server_seed, seed0, seed1)
    if result.ok:
        result.lines.append("Every roll matches the seeds, and the seed matches the commitment: the dice are fair.")
    else:
        result.lines.append(f"FAILED. First mismatch: {result.first_bad}")
    return result


def _check_rolls(result: CheckResult, rolls: list[WrittenRoll], server_seed: bytes, seed0: str, seed1: str) -> None:
    if not rolls:
        result.fail("The file has no rolls.")
        return
    k = 0
    for written in rolls:
        where = f"game {written.game}, roll {written.number}"
        if written.number == 1:  # the opening roll: its ties first, then one die each, the challenger's first
            while (tie := committed_roll(server_seed, seed0, seed1, k))[0] == tie[1]:
                result.lines.append(
                    f"Roll k={k} ({where}, opening): {tie[0]}-{tie[1]}, a tie, rolled again "
                    "(.mat files leave ties out)."
                )
                k += 1
            computed = committed_roll(server_seed, seed0, seed1, k)
            opener = 0 if computed[0] > computed[1] else 1
            expected = (max(computed), min(computed))
            label = (
                f"Roll k={k} ({where}, opening): the file says {_dice(written.dice)} for player "
                f"{written.player + 1}, the seeds give {computed[0]} (challenger) and {computed[1]} (acceptor)"
            )
            good = written.dice == expected and written.player == opener
        else:
            computed = committed_roll(server_seed, seed0, seed1, k)
            expected = (max(computed), min(computed))
            label = f"Roll k={k} ({where}): the file says {_dice(written.dice)}, the seeds give {_dice(computed)}"
            good = written.dice == expected
        if good:
            result.lines.append(f"{label}: ok.")
        else:
            result.fail(f"{label}: DOES NOT MATCH.")
        k += 1


def _dice(dice: tuple[int, int]) -> str:
    return f"{dice[0]}-{dice[1]}"
