"""Finished matches in a real database for the web pages' tests: committed dice with both players' seeds, played
to the end by the random legal player through the service, analysed by bgsage when asked."""

from __future__ import annotations

from unittest import mock

from bot.analysis import DecisionResult, MatchAnalysis, RollLuck, analyse
from bot.analysis.decisions import match_points
from bot.analysis.jobs import prs
from bot.engine.dice import new_server_seed
from bot.engine.match_log import MatchLog
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
    server_seed: bytes | None = None,
) -> MatchRecord:
    """A match played to the end by the random legal player (its choices from `seed`), on fresh dice, or on the
    dice of `server_seed` (the same match every time)."""
    service = GameService(db, on_match_finished=[rate_finished_match])  # rated, as the bot does
    with mock.patch("bot.service.challenges.new_server_seed", side_effect=lambda: server_seed or new_server_seed()):
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


async def store_analysis(db: Database, record: MatchRecord, made: MatchAnalysis | None = None) -> None:
    """The analysis as the bot stores it: `made`, or one made at bgsage's quick level."""
    result = made if made is not None else analyse(record.match.log, "quick")

    async def write(connection: Connection) -> None:
        await analysis_store.request(connection, record.id, "quick", record.channel_id, 0.0)
        await analysis_store.finish(connection, record.id, result.to_json(), prs(result), 1.0)

    await db.write(write)


#: The equities given to the decisions in turn (from the decider's side): clipped to -1..+1 on the chart.
EQUITIES = (1.5, -2.0, 0.0, 0.5, -0.25)


def result(index: int, player: int, loss: float, counted: bool = True) -> DecisionResult:
    """Decision `index`, its best equity taken from EQUITIES in turn."""
    return DecisionResult(
        index=index,
        game=1,
        player=player,
        kind="checker",
        chosen=f"made {index}",
        best=f"best {index}",
        loss=loss,
        counted=counted,
        forced=False,
        dice=(3, 1),
        board=(),
        viewer=player,
        cube=1,
        cube_owner="centered",
        away=(3, 3),
        crawford=False,
        chosen_equity=EQUITIES[index % len(EQUITIES)] - loss,
        best_equity=EQUITIES[index % len(EQUITIES)],
    )


def analysis_of(log: MatchLog, losses: dict[int, float], uncounted: set[int], *, dropped: int = -1) -> MatchAnalysis:
    """Every decision of the match, losing `losses`; every roll but the `dropped`-th, roll k's luck (k + 1) / 1000,
    negative for even k."""
    points = match_points(log)
    decisions = tuple(
        result(d.index, d.player, losses.get(d.index, 0.0), d.index not in uncounted) for d in points.decisions
    )
    rolls = tuple(
        RollLuck(r.game, r.player, r.dice, (k + 1) / 1000 * (1 if k % 2 else -1))
        for k, r in enumerate(points.rolls)
        if k != dropped
    )
    return MatchAnalysis("quick", log.names, log.options.length, decisions, rolls)


def app_for(db: Database, *, rate_limit: int = 10_000):  # type: ignore[no-untyped-def]
    return make_app(WebReads(db), SECRET, rate_limit=rate_limit)
