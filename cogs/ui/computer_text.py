"""The computer opponent in words: what a match against it is called where it starts, and a player's
record against it for /stats player, in the reader's language: the announcement and the thread's first
line in the server's, the starter's own answer in the member's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.computer import LEVELS
from bot.engine.options import MatchOptions
from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from cogs.ui.event_text import escape_name
from cogs.ui.fairness_text import proof_line
from cogs.ui.number_text import number, signed

#: What is played, as the object of "plays ..." (`{level}` as /bg computer's choices name it).
_MATCH = N_("a {length}-point match against the computer ({level})")
_MONEY = N_("a money game against the computer ({level})")
_MONEY_RULES = N_("a money game ({rules}) against the computer ({level})")
_MATCH_AGAIN = N_("a {length}-point match against the computer ({level}) again")
_MONEY_AGAIN = N_("a money game against the computer ({level}) again")
_MONEY_RULES_AGAIN = N_("a money game ({rules}) against the computer ({level}) again")
#: A money game's rules, listed in brackets when they are on.
_RULES = (N_("Jacoby"), N_("beavers"), N_("automatic doubles"))


class LevelRecordLike(Protocol):
    """A player's record against one level (the service's `computer_records`)."""

    @property
    def level(self) -> str: ...

    @property
    def played(self) -> int: ...

    @property
    def won(self) -> int: ...

    @property
    def points_per_game(self) -> float: ...


def level_name(level: str, language: str = DEFAULT_LANGUAGE) -> str:
    """A level as the `level` option's choices show it in `language` ("intermediate", "Fortgeschritten")."""
    return translate(language, level, context="choice")


def what_is_played(options: MatchOptions, level: str, language: str = DEFAULT_LANGUAGE, again: bool = False) -> str:
    """`a 5-point match against the computer (expert)`, `a money game (Jacoby, beavers) against the computer
    (casual) again`."""
    name = level_name(level, language)
    if options.length:
        return translate(language, _MATCH_AGAIN if again else _MATCH, length=options.length, level=name)
    on = (options.jacoby, options.beavers, options.automatic_doubles)
    rules = [translate(language, rule) for rule, used in zip(_RULES, on, strict=True) if used]
    if not rules:
        return translate(language, _MONEY_AGAIN if again else _MONEY, level=name)
    listed = ", ".join(rules)
    return translate(language, _MONEY_RULES_AGAIN if again else _MONEY_RULES, rules=listed, level=name)


def plays_line(human: str, what: str, language: str = DEFAULT_LANGUAGE) -> str:
    """The first line of the thread a match is played in (public: the server's language)."""
    return translate(language, N_("{name} plays {what}."), name=escape_name(human), what=what)


def plays_in_line(human: str, what: str, place: str, language: str = DEFAULT_LANGUAGE) -> str:
    """That line once the thread is open, pointing to it."""
    return translate(language, N_("{name} plays {what} in {place}."), name=escape_name(human), what=what, place=place)


def good_luck(what: str, language: str = DEFAULT_LANGUAGE) -> str:
    """The private answer to the member who started a match in the channel itself."""
    return translate(language, N_("You play {what}. Good luck!"), what=what)


def announcement(human: str, what: str, language: str, commitment: str) -> str:
    """The announcement posted where the match is played, before its opening roll, with the dice's commitment: its
    id is the computer's seed (`/bg fairness` shows it)."""
    return f"{plays_line(human, what, language)}\n{proof_line(commitment, language)}"


def computer_record_lines(records: Sequence[LevelRecordLike], language: str = DEFAULT_LANGUAGE) -> str:
    """/stats: played, won and points per game against the computer, per level, weakest first."""
    order = {level.name: index for index, level in enumerate(LEVELS)}
    lines = []
    for record in sorted(records, key=lambda r: order.get(r.level, len(order))):
        lines.append(
            translate(
                language,
                N_("{level}: {played} played · {won} won · {points} points per game"),
                level=level_name(record.level, language),
                played=number(language, record.played),
                won=number(language, record.won),
                points=signed(language, record.points_per_game, 2),
            )
        )
    return "\n".join(lines)
