"""A migrated database with helpers that store finished matches the way the game service does."""

from __future__ import annotations

import itertools
import json
from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import pytest

from bot.ratings.records import FinishedMatch, PlayerTally
from bot.ratings.store import record_match
from bot.store import open_database
from bot.store.matches import MatchProgress, insert_match, update_progress
from bot.store.players import remember_player
from bot.store.transaction import transaction

GUILD = 100


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[aiosqlite.Connection]:
    async with open_database(tmp_path / "ratings.db") as connection:
        yield connection


_channels = itertools.count(1000)


async def store_match(
    db: aiosqlite.Connection,
    players: tuple[int, int],
    winner: int | None,
    length: int,
    *,
    guild_id: int = GUILD,
    status: str = "finished",
    finished_at: float = 1.0,
    scores: tuple[int, int] | None = None,
    result_kind: str | None = "single",
    tallies: tuple[PlayerTally, PlayerTally] = (PlayerTally(), PlayerTally()),
    rate: bool = True,
) -> int:
    """Create, finish and (for finished matches, unless `rate` is False) rate a match in one transaction,
    as the service and its match-finished hook do. Players are named "Player <id>" unless already stored."""
    async with transaction(db):
        for user_id in players:
            async with db.execute("SELECT 1 FROM players WHERE user_id = ?", (user_id,)) as cursor:
                if await cursor.fetchone() is None:
                    await remember_player(db, user_id, f"Player {user_id}", 0.0)
        match_id = await insert_match(
            db,
            guild_id=guild_id,
            channel_id=next(_channels),
            parent_channel_id=None,
            player_ids=players,
            length=length,
            options_json=json.dumps({"length": length}),
            log_header="{}",
            state_json="{}",
            now=0.0,
        )
        if scores is None:
            target = max(length, 1)
            scores = (target, 0) if winner == 0 else (0, target)
        await update_progress(
            db,
            match_id,
            MatchProgress(
                status=status,
                last_action_at=finished_at,
                turn_started_at=finished_at,
                reminded=False,
                finished_at=finished_at if status == "finished" else None,
                winner=winner if status == "finished" else None,
                score0=scores[0],
                score1=scores[1],
                result_kind=result_kind if status == "finished" else None,
            ),
        )
        if status == "finished" and rate and winner is not None:
            await record_match(db, FinishedMatch(match_id, guild_id, length, players, winner, tallies))
    return match_id
