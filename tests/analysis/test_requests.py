"""`/bg analyze` as a service (issue 31, item 3): an analysis is posted once, where the match was played; later
requests get its message, a deleted message is posted again once, a refused post becomes a private copy, and a
member asks at most once every 30 seconds. No worker: the analyses are stored ones."""

from __future__ import annotations

import asyncio

import pytest

from bot.analysis import MatchAnalysis
from bot.analysis.jobs import AnalysisJobs
from bot.analysis.requests import COOLDOWN_SECONDS, AnalysisRequests, Answer, Shown
from bot.service import GameService, ServiceError
from bot.store import analysis as analysis_store
from bot.store.backend import Connection, Database
from tests.service.helpers import start_match

ANALYSIS = MatchAnalysis("standard", ("Alice", "Bob"), 1, (), ())
CHANNEL = 10


class Channel:
    """A stand-in for the match's channel: numbered messages, some deleted, maybe refusing posts."""

    def __init__(self) -> None:
        self.posts: list[int] = []
        self.deleted: set[int] = set()
        self.refuses = False

    async def post(self, match_id: int, channel_id: int, analysis: MatchAnalysis) -> tuple[int, int]:
        await asyncio.sleep(0.01)  # a request arriving meanwhile finds it being sent
        if self.refuses:
            raise RuntimeError("Missing Access")
        self.posts.append(500 + len(self.posts))
        return channel_id, self.posts[-1]

    async def still_there(self, channel_id: int, message_id: int) -> bool:
        return message_id not in self.deleted

    async def find(self, match_id: int, channel_id: int) -> tuple[int, int] | None:
        """The one match's message if one was sent (the tests post one match's analysis per channel)."""
        return (channel_id, self.posts[-1]) if self.posts else None


async def done_analysis(service: GameService, db: Database, *, posted: bool = False) -> int:
    match_id = (await start_match(service, CHANNEL)).record.id

    async def work(c: Connection) -> None:
        await analysis_store.request(c, match_id, "standard", CHANNEL, 1.0)
        await analysis_store.finish(c, match_id, ANALYSIS.to_json(), (None, None), 2.0)
        if posted:
            await analysis_store.mark_posted(c, match_id)  # posted before migration 014: where is not known

    await db.write(work)
    return match_id


async def test_posted_once_then_linked_and_posted_again_once_when_deleted(service: GameService, db: Database) -> None:
    channel = Channel()
    requests = AnalysisRequests(AnalysisJobs(service, on_done=channel.post))
    match_id = await done_analysis(service, db)

    answers = await asyncio.gather(*(requests.ask(match_id, CHANNEL, channel.still_there) for _ in range(10)))
    assert channel.posts == [500]  # ten requests, one public post
    assert answers[0] == Answer(Shown.POSTED, CHANNEL, 500)
    assert set(answers[1:]) == {Answer(Shown.POSTED_BEFORE, CHANNEL, 500)}
    row = await db.read(lambda c: analysis_store.load(c, match_id))
    assert row is not None and row.posted and row.message == (CHANNEL, 500)

    channel.deleted.add(500)  # the message is gone: posted again, once
    answers = await asyncio.gather(*(requests.ask(match_id, CHANNEL, channel.still_there) for _ in range(5)))
    assert channel.posts == [500, 501]
    assert answers[0] == Answer(Shown.POSTED, CHANNEL, 501)
    assert set(answers[1:]) == {Answer(Shown.POSTED_BEFORE, CHANNEL, 501)}


async def test_an_analysis_posted_before_its_message_was_stored_is_posted_again_once(
    service: GameService, db: Database
) -> None:
    channel = Channel()
    requests = AnalysisRequests(AnalysisJobs(service, on_done=channel.post))
    match_id = await done_analysis(service, db, posted=True)
    first, second = await asyncio.gather(*(requests.ask(match_id, CHANNEL, channel.still_there) for _ in range(2)))
    assert channel.posts == [500]
    assert (first, second) == (Answer(Shown.POSTED, CHANNEL, 500), Answer(Shown.POSTED_BEFORE, CHANNEL, 500))


async def test_a_refused_post_is_a_private_copy_and_the_next_request_tries_again(
    service: GameService, db: Database
) -> None:
    channel = Channel()
    requests = AnalysisRequests(AnalysisJobs(service, on_done=channel.post))
    match_id = await done_analysis(service, db)
    channel.refuses = True  # the match's channel (a deleted thread, a lost permission)
    answer = await requests.ask(match_id, CHANNEL, channel.still_there)
    assert answer.shown is Shown.PRIVATE and answer.analysis == ANALYSIS and channel.posts == []
    channel.refuses = False
    assert await requests.ask(match_id, CHANNEL, channel.still_there) == Answer(Shown.POSTED, CHANNEL, 500)


async def test_the_automatic_post_stores_its_message(service: GameService, db: Database) -> None:
    channel = Channel()
    jobs = AnalysisJobs(service, on_done=channel.post)
    match_id = await done_analysis(service, db)  # finished, never posted: the start posts it
    assert await jobs.resume() == 1
    await jobs.settled()
    row = await db.read(lambda c: analysis_store.load(c, match_id))
    assert row is not None and row.message == (CHANNEL, 500)
    answer = await AnalysisRequests(jobs).ask(match_id, CHANNEL, channel.still_there)
    assert answer == Answer(Shown.POSTED_BEFORE, CHANNEL, 500) and channel.posts == [500]


def test_a_member_asks_once_every_thirty_seconds() -> None:
    now = [100.0]
    requests = AnalysisRequests(AnalysisJobs.__new__(AnalysisJobs), clock=lambda: now[0])
    assert COOLDOWN_SECONDS == 30
    requests.admit(1)
    requests.admit(2)  # another member
    now[0] += 12.5
    with pytest.raises(ServiceError, match=r"^You asked for an analysis a moment ago: try again in 18 seconds\.$"):
        requests.admit(1)
    now[0] += 17.5
    requests.admit(1)


async def test_a_message_sent_just_before_a_stop_is_adopted_by_a_request(service: GameService, db: Database) -> None:
    """Sent, then the bot stopped before storing its id, and /bg analyze comes before the start's own look: the
    request finds the message in the channel and links to it instead of posting it again."""
    channel = Channel()
    match_id = await done_analysis(service, db)
    await channel.post(match_id, CHANNEL, ANALYSIS)  # its id never stored
    requests = AnalysisRequests(AnalysisJobs(service, on_done=channel.post, find_post=channel.find))
    assert await requests.ask(match_id, CHANNEL, channel.still_there) == Answer(Shown.POSTED_BEFORE, CHANNEL, 500)
    assert channel.posts == [500]
    row = await db.read(lambda c: analysis_store.load(c, match_id))
    assert row is not None and row.posted and row.message == (CHANNEL, 500)
