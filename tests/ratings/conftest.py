"""A migrated database with helpers that store finished matches the way the game service does."""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, replace

from bot.engine.match import Match
from bot.ratings.hook import finished_match
from bot.ratings.records import PlayerTally
from bot.ratings.store import record_match
from bot.service.stored_forms import entry_text, log_header_text, snapshot_text
from bot.store import Connection, Database
from bot.store.match_log import MatchProgress, append_log, update_progress, update_snapshot
from bot.store.matches import insert_match
from bot.store.players import remember_player
from tests.ratings.matches import aborted_match, won_match

GUILD = 100


_channels = itertools.count(1000)


async def store_match(
    db: Database,
    players: tuple[int, int],
    winner: int | None,
    length: int,
    *,
    guild_id: int = GUILD,
    status: str = "finished",
    finished_at: float = 1.0,
    match: Match | None = None,
    tallies: tuple[PlayerTally, PlayerTally] | None = None,
    rate: bool = True,
) -> int:
    """Store a real engine match as the service does (row, action log, snapshot) and, unless `rate` is False,
    run the ratings' hook in the same transaction. Without `match`, one is made: `winner` wins every game, or
    for status "aborted" it is aborted at once. `tallies` replaces the counted ones (for query tests only).
    Players are named "Player <id>" unless already stored."""
    if match is None:
        match = aborted_match(length) if status == "aborted" else won_match(length, winner if winner is not None else 0)
    status = "aborted" if match.aborted else "finished" if match.finished else "active"

    async def work(connection: Connection) -> int:
        match_id = await store_as_the_service_does(connection, match, players, guild_id, status, finished_at)
        if rate:
            finished = finished_match(Record(match_id, guild_id, players, match))
            if finished is not None and tallies is not None:
                finished = replace(finished, tallies=tallies)
            if finished is not None:
                await record_match(connection, finished)
        return match_id

    match_id = await db.write(work)
    return match_id


async def store_as_the_service_does(
    connection: Connection,
    match: Match,
    players: tuple[int, int],
    guild_id: int,
    status: str,
    finished_at: float,
) -> int:
    """The match's row, action log, snapshot and progress, stored as the game service stores them; its players
    remembered as "Player <id>" unless already stored."""
    for user_id in players:
        if await connection.fetchone("SELECT 1 FROM players WHERE user_id = ?", (user_id,)) is None:
            await remember_player(connection, user_id, f"Player {user_id}", 0.0)
    match_id = await insert_match(
        connection,
        guild_id=guild_id,
        channel_id=next(_channels),
        parent_channel_id=None,
        player_ids=players,
        length=match.options.length,
        options_json=json.dumps(match.options.to_dict()),
        log_header=log_header_text(match),
        state_json=snapshot_text(match),
        now=0.0,
    )
    entries = [entry_text(match, index) for index in range(len(match.log.entries))]
    await append_log(connection, match_id, 1, entries, None, finished_at)
    assert await update_snapshot(connection, match_id, 0, len(entries), snapshot_text(match))
    done = status != "active"
    await update_progress(
        connection,
        match_id,
        MatchProgress(
            status=status,
            last_action_at=finished_at,
            turn_started_at=finished_at,
            reminded=False,
            finished_at=finished_at if done else None,
            winner=match.winner if status == "finished" else None,
            score0=match.score_tuple[0],
            score1=match.score_tuple[1],
            result_kind=match.outcomes[-1].kind.value if status == "finished" and match.outcomes else None,
        ),
    )
    return match_id


@dataclass(frozen=True)
class _Player:
    user_id: int


@dataclass(frozen=True)
class Record:
    """The fields of the service's MatchRecord that the hook reads."""

    id: int
    guild_id: int
    player_ids: tuple[int, int]
    match: Match

    @property
    def players(self) -> tuple[_Player, _Player]:
        return (_Player(self.player_ids[0]), _Player(self.player_ids[1]))
