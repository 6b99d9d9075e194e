"""The match-finished hook the game service calls inside the transaction that stores a match's result.

Registered with `GameService(..., on_match_finished=[rate_finished_match])`: the rating update is written in
the same transaction as the result, so either both are stored or neither is. Aborted matches and
money games are not rated; claimed wins are (R9.5). Matches against the computer are
not rated either: the ladder is for people.
"""

from __future__ import annotations

from typing import Protocol

from bot.engine.match import Match
from bot.ratings.records import FinishedMatch
from bot.ratings.store import record_match
from bot.ratings.tally import tally_match
from bot.store import computer as computer_store
from bot.store.backend import Queries


class _Player(Protocol):
    @property
    def user_id(self) -> int: ...


class FinishedRecord(Protocol):
    """What the hook reads of the service's MatchRecord."""

    @property
    def id(self) -> int: ...

    @property
    def guild_id(self) -> int: ...

    @property
    def players(self) -> tuple[_Player, _Player]: ...

    @property
    def match(self) -> Match: ...


def finished_match(record: FinishedRecord) -> FinishedMatch | None:
    """The ratings' view of a finished match; None while it is being played or when it was aborted."""
    match = record.match
    if not match.finished or match.aborted or match.winner is None:
        return None
    players = (record.players[0].user_id, record.players[1].user_id)
    return FinishedMatch(record.id, record.guild_id, match.options.length, players, match.winner, tally_match(match))


async def rate_finished_match(db: Queries, record: FinishedRecord) -> None:
    """Rate the match in the caller's open transaction (a no-op for aborted matches and money games)."""
    finished = finished_match(record)
    if finished is not None and not await _against_computer(db, record.id):
        await record_match(db, finished)


async def _against_computer(db: Queries, match_id: int) -> bool:
    return await computer_store.level_of(db, match_id) is not None
