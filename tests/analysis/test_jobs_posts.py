"""A finished analysis is posted exactly once whatever the moment of a stop: it is recorded posted only with its
message's id, so a stop before the message went out leaves it to the next start, which posts it; a stop after the
message went out but before its id was stored leaves it to the next start too, which finds the message in the
channel and adopts it instead of posting it again. The "stop" is a job whose sender never returns (the process is
gone), and the next start is a new AnalysisJobs over the same database."""

from __future__ import annotations

import asyncio
from typing import cast

from bot.analysis import MatchAnalysis
from bot.analysis.jobs import AnalysisJobs
from bot.computer.pool import ComputerPool
from bot.engine import MatchOptions
from bot.service import GameService
from bot.store.backend import Database
from tests.analysis.test_jobs import short_match, stored
from tests.analysis.workers import HeldPool


class Channel:
    """The match's channel: the messages sent to it, each as (match id, message id). `dies` holds a sender where
    the process stops: "before" the message is sent (its pictures being drawn), or "after" it is sent."""

    def __init__(self, dies: str | None = None) -> None:
        self.messages: list[tuple[int, int]] = []
        self.dies = dies
        self.reached = asyncio.Event()
        self.gone = asyncio.Event()  # never set while the test looks: the stopped process does nothing more

    async def post(self, match_id: int, channel_id: int, analysis: MatchAnalysis) -> tuple[int, int]:
        if self.dies == "before":
            self.reached.set()
            await self.gone.wait()
        self.messages.append((match_id, 900 + len(self.messages)))
        if self.dies == "after":
            self.reached.set()
            await self.gone.wait()
        return channel_id, self.messages[-1][1]

    async def find(self, match_id: int, channel_id: int) -> tuple[int, int] | None:
        return next(((channel_id, message) for match, message in self.messages if match == match_id), None)


async def stop_in_the_gap(service: GameService, channel: Channel, number: int) -> tuple[int, AnalysisJobs]:
    """An automatic analysis that finishes, then the process stops where the channel says."""
    held = HeldPool()
    held.release.set()
    before = AnalysisJobs(service, pool=cast(ComputerPool, held), on_done=channel.post, find_post=channel.find)
    service.add_match_finished_hook(before.on_match_finished)
    match_id = await short_match(service, number, MatchOptions(1), seed=3)
    await asyncio.wait_for(channel.reached.wait(), 30)
    return match_id, before


async def next_start(service: GameService, channel: Channel) -> AnalysisJobs:
    channel.dies = None
    after = AnalysisJobs(service, pool=cast(ComputerPool, HeldPool()), on_done=channel.post, find_post=channel.find)
    assert await after.resume() == 1
    return after


async def test_a_stop_before_the_message_is_sent_leaves_it_to_the_next_start(
    service: GameService, db: Database
) -> None:
    channel = Channel(dies="before")
    match_id, before = await stop_in_the_gap(service, channel, 60)
    row = await stored(db, match_id)
    assert row is not None and (row.status, row.posted, row.message) == ("done", False, None)
    await next_start(service, channel)
    assert channel.messages == [(match_id, 900)]
    row = await stored(db, match_id)
    assert row is not None and (row.posted, row.message) == (True, (60, 900))
    assert await AnalysisJobs(service, pool=cast(ComputerPool, HeldPool())).resume() == 0  # and then nothing
    channel.gone.set()
    await before.settled()


async def test_a_stop_after_the_message_is_sent_adopts_it_at_the_next_start(service: GameService, db: Database) -> None:
    channel = Channel(dies="after")
    match_id, before = await stop_in_the_gap(service, channel, 61)
    row = await stored(db, match_id)
    assert row is not None and (row.posted, row.message) == (False, None)
    await next_start(service, channel)
    assert channel.messages == [(match_id, 900)]  # not sent again
    row = await stored(db, match_id)
    assert row is not None and (row.posted, row.message) == (True, (61, 900))
    channel.gone.set()
    await before.settled()


async def test_a_message_that_could_not_be_sent_is_sent_at_the_next_start(service: GameService, db: Database) -> None:
    held = HeldPool()
    held.release.set()

    async def refused(match_id: int, channel_id: int, analysis: MatchAnalysis) -> tuple[int, int]:
        raise RuntimeError("Discord is down")

    before = AnalysisJobs(service, pool=cast(ComputerPool, held), on_done=refused)
    service.add_match_finished_hook(before.on_match_finished)
    match_id = await short_match(service, 62, MatchOptions(1), seed=3)
    await before.settled()
    row = await stored(db, match_id)
    assert row is not None and (row.status, row.posted) == ("done", False)
    channel = Channel()
    await next_start(service, channel)
    assert channel.messages == [(match_id, 900)]
