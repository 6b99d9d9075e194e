"""Finished matches in a real database for the web pages' tests: committed dice with both players' seeds, played
to the end by the random legal player through the service, analysed by bgsage when asked."""

from __future__ import annotations

from bot.analysis import analyse
from bot.analysis.jobs import prs
from bot.engine.options import MatchOptions
from bot.ratings.hook import rate_finished_match
from bot.service import GameService, MatchRecord, PlayerRef
from bot.store import analysis as analysis_store
from bot.store.backend import Connection, Database
from bot.web.app import make_app
from bot.web.reads import WebReads
from tests.service.helpers import ALICE, BOB, GUILD, play_to_the_end, show

SECRET = "a-test-secret-of-more-than-32-characters"


async def finished_match(
    db: Database,
    *,
    length: int = 3,
    seed: int = 1,
    players: tuple[PlayerRef, PlayerRef] = (ALICE, BOB),
    analysed: bool = False,
    channel_id: int | None = None,
) -> MatchRecord:
    service = GameService(db, on_match_finished=[rate_finished_match])  # rated, as the bot does
    challenge = await service.challenges.create(
        guild_id=GUILD,
        channel_id=channel_id if channel_id is not None else 1000 + seed,
        challenger=players[0],
        opponent=players[1],
        options=MatchOptions.match(length),
        seed="challenger <seed>",
    )
    record = (await service.challenges.accept(challenge.id, players[1], seed="acceptor & seed")).record
    await show(service, record)
    record = await play_to_the_end(service, record, seed)
    if analysed:
        await store_analysis(db, record)
    return await service.match(record.id)


async def store_analysis(db: Database, record: MatchRecord) -> None:
    """The analysis as the bot stores it, made at bgsage's quick level."""
    result = analyse(record.match.log, "quick")

    async def write(connection: Connection) -> None:
        await analysis_store.request(connection, record.id, "quick", record.channel_id, 0.0)
        await analysis_store.finish(connection, record.id, result.to_json(), prs(result), 1.0)

    await db.write(write)


def app_for(db: Database, *, rate_limit: int = 10_000):  # type: ignore[no-untyped-def]
    return make_app(WebReads(db), SECRET, rate_limit=rate_limit)
