"""Analyses as jobs (issue 17): asked for in the match-finished transaction, run in a worker process, stored,
shown again without recomputing, and finished after a restart."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator

import pytest

from bot.analysis import MatchAnalysis
from bot.analysis.decisions import match_points
from bot.analysis.jobs import AnalysisJobs, analyse_in_worker
from bot.computer import sage
from bot.computer.pool import ComputerPool
from bot.engine import MatchOptions, WinKind
from bot.engine import actions as engine
from bot.engine.actions import Resign
from bot.service import GameService
from bot.service import commands as cmd
from bot.store import analysis as analysis_store
from bot.store.backend import Database
from tests.service.helpers import ALICE, GUILD, play_to_the_end, random_action, start_match

pytestmark = pytest.mark.skipif(not sage.available(), reason="bgsage is not installed")


@pytest.fixture(scope="module")
def pool() -> Iterator[ComputerPool]:
    analysis_pool = ComputerPool(1, timeout=300, retries=1, task=analyse_in_worker)
    yield analysis_pool
    analysis_pool.close()


class Posts:
    def __init__(self) -> None:
        self.posted: list[tuple[int, int, MatchAnalysis]] = []

    async def __call__(self, match_id: int, channel_id: int, analysis: MatchAnalysis) -> tuple[int, int]:
        self.posted.append((match_id, channel_id, analysis))
        return channel_id, 500 + len(self.posted)  # where the message went


async def stored(db: Database, match_id: int) -> analysis_store.StoredAnalysis | None:
    return await db.read(lambda c: analysis_store.load(c, match_id))


async def finished_match(service: GameService, channel: int, options: MatchOptions, seed: int) -> int:
    update = await start_match(service, channel, options)
    record = await play_to_the_end(service, update.record, seed)
    return record.id


async def short_match(service: GameService, channel: int, options: MatchOptions, seed: int, actions: int = 30) -> int:
    """A match of a few random actions that the player to act then resigns as a backgammon (R7.4): enough to end
    a match of up to 3 points, and a short analysis for the tests of the jobs' bookkeeping (a whole match of random
    play takes the analysis tens of seconds)."""
    update = await start_match(service, channel, options)
    record, rng = update.record, random.Random(seed)
    for _ in range(actions):
        record = (await random_action(service, record, rng)).record
    assert not record.match.finished, "pick another seed: the match ended before the resignation"
    while Resign not in record.match.allowed(record.match.to_act or 0):
        record = (await random_action(service, record, rng)).record
    loser = record.players[record.match.to_act or 0].user_id
    record = (await service.act(record.id, loser, cmd.Resign(WinKind.BACKGAMMON))).record
    winner = record.players[record.match.to_act or 0].user_id
    record = (await service.act(record.id, winner, cmd.Ask(engine.AcceptResignation))).record
    assert record.match.finished
    return record.id


async def test_a_finished_match_is_analysed_stored_and_posted(
    service: GameService, db: Database, pool: ComputerPool
) -> None:
    posts = Posts()
    jobs = AnalysisJobs(service, pool=pool, on_done=posts)
    service.add_match_finished_hook(jobs.on_match_finished)
    match_id = await short_match(service, 10, MatchOptions(1), seed=3)
    await asyncio.wait_for(jobs.settled(), 120)
    assert [(m, c) for m, c, _ in posts.posted] == [(match_id, 10)]
    row = await stored(db, match_id)
    assert row is not None and row.status == "done" and row.posted
    analysis = posts.posted[0][2]
    record = await service.match(match_id)
    assert analysis.names == record.match.log.names and analysis.decisions
    # the whole log, the match's last action included (the job waits for the finishing transaction)
    assert len(analysis.decisions) == len(match_points(record.match.log).decisions)
    # Asked again: the stored result, not a new analysis (the worker is not used).
    again = await jobs.result(match_id, 10)
    assert again == analysis and jobs.running() == [] and jobs.posting(match_id) is None
    prs = await db.read(lambda c: analysis_store.recent_prs(c, ALICE.user_id, GUILD))
    assert [p.match_id for p in prs] == [match_id]


async def test_the_server_setting_and_money_games_ask_for_nothing(
    service: GameService, db: Database, pool: ComputerPool
) -> None:
    jobs = AnalysisJobs(service, pool=pool)
    service.add_match_finished_hook(jobs.on_match_finished)
    await db.write(lambda c: analysis_store.set_auto_length(c, GUILD, 0))
    off = await finished_match(service, 11, MatchOptions(1), seed=4)
    await db.write(lambda c: analysis_store.set_auto_length(c, GUILD, 11))
    money = await finished_match(service, 12, MatchOptions.money(), seed=5)
    assert await stored(db, off) is None and await stored(db, money) is None


async def test_the_bots_setting_holds_until_a_server_chooses(
    service: GameService, db: Database, pool: ComputerPool
) -> None:
    """ANALYSIS_AUTO_LENGTH (here 0: none) for a server without its own choice; `/bgadmin analysis` then wins."""
    jobs = AnalysisJobs(service, pool=pool, auto_length=0)
    assert await jobs.auto_length(GUILD) == 0 and await AnalysisJobs(service, pool=pool).auto_length(GUILD) == 11
    record = await service.match(await finished_match(service, 14, MatchOptions(1), seed=4))
    # The match-finished hook, called as the service calls it; its answer (what to start once committed) is not
    # called: only whether an analysis is asked for matters here.
    assert await db.write(lambda c: jobs.on_match_finished(c, record)) is None
    assert await stored(db, record.id) is None
    assert await jobs.auto_length(GUILD, 3) == 3
    assert callable(await db.write(lambda c: jobs.on_match_finished(c, record)))
    row = await stored(db, record.id)
    assert row is not None and row.status == "pending"


async def test_an_analysis_cut_by_a_restart_is_finished_after_it(
    service: GameService, db: Database, pool: ComputerPool
) -> None:
    before = AnalysisJobs(service, pool=pool)
    service.add_match_finished_hook(before.on_match_finished)
    match_id = await short_match(service, 13, MatchOptions(3), seed=6)
    assert before.running() == [match_id] and before.posting(match_id) is not None  # /bg analyze waits for it
    before.close()  # the bot stops: the job is cut, its row stays pending
    await asyncio.sleep(0)
    row = await stored(db, match_id)
    assert row is not None and row.status == "pending"
    posts = Posts()
    after = AnalysisJobs(service, pool=pool, on_done=posts)
    assert await after.resume() == 1
    await asyncio.wait_for(after.settled(), 300)
    row = await stored(db, match_id)
    assert row is not None and row.status == "done" and row.posted
    assert posts.posted[0][:2] == (match_id, 13)


async def test_stopping_the_bot_does_not_wait_for_a_running_analysis(service: GameService, db: Database) -> None:
    jobs = AnalysisJobs(service)  # its own pool, as in the bot
    service.add_match_finished_hook(jobs.on_match_finished)
    match_id = await finished_match(service, 14, MatchOptions(5), seed=9)
    await asyncio.sleep(1.0)  # the worker starts and begins
    started = time.monotonic()
    jobs.close()
    assert time.monotonic() - started < 2.0
    await asyncio.sleep(0.1)
    row = await stored(db, match_id)
    assert row is not None and row.status == "pending"  # finished at the next start
