"""The daily position's use cases (bot.daily.service) on both databases: the setting, a post due once a day and
stored once, the position chosen from the server's analyses (else the shipped set), answers changed until the
reveal and refused after it, the reveal's figures, and each member's count and streak."""

from __future__ import annotations

import functools

import pytest

from bot.analysis import analyse
from bot.analysis.result import DecisionResult, MatchAnalysis
from bot.daily.puzzle import Candidate
from bot.daily.schedule import DAY, HOUR
from bot.daily.service import DailyClosedError, DailyService, MemberFigures
from bot.daily.shipped import shipped
from bot.service import GameService, ServiceError
from bot.sharding import ShardSet
from bot.store import analysis as analysis_store
from bot.store.backend import Connection
from tests.analysis.matches import deliberate_blunder
from tests.service.conftest import FakeClock
from tests.service.helpers import GUILD, start_match

EVERY = ShardSet.everything()
DAY0 = 20_000
CHANNEL = 55
RANKED = (Candidate("13/9", 0.1), Candidate("8/5 6/5", 0.3), Candidate("6/3 6/5", -0.1, played=True))


@functools.cache
def blunder() -> MatchAnalysis:
    return analyse(deliberate_blunder().log, "quick")


class FakeRank:
    """The worker's ranking, recorded (the real one: tests/daily/test_ranking.py)."""

    def __init__(self, fail: bool = False) -> None:
        self.asked: list[int] = []
        self.fail = fail

    async def __call__(self, decision: DecisionResult) -> tuple[Candidate, ...]:
        self.asked.append(decision.index)
        if self.fail:
            raise RuntimeError("the worker died")
        return RANKED


@pytest.fixture
def rank() -> FakeRank:
    return FakeRank()


@pytest.fixture
def daily(service: GameService, clock: FakeClock, rank: FakeRank) -> DailyService:
    clock.now = DAY0 * DAY + 10 * HOUR
    return DailyService.beside(service, rank)


async def analysed_match(service: GameService) -> int:
    match_id = (await start_match(service, 20)).record.id

    async def work(c: Connection) -> None:
        await analysis_store.request(c, match_id, "quick", 20, 1.0)
        await analysis_store.finish(c, match_id, blunder().to_json(), (5.0, 6.0), 2.0)

    await service.db.write(work)
    return match_id


async def test_the_setting_on_off_and_on_again_keeps_its_channel_and_hour(daily: DailyService) -> None:
    assert await daily.setting(GUILD) is None and await daily.turn_off(GUILD) is None
    with pytest.raises(ServiceError):
        await daily.turn_on(GUILD, CHANNEL, 24)
    await daily.turn_on(GUILD, CHANNEL, 9)
    await daily.turn_off(GUILD)
    found = await daily.setting(GUILD)
    assert found is not None and (found.channel_id, found.hour, found.enabled) == (CHANNEL, 9, False)
    assert await daily.due(EVERY) == []


async def test_a_day_is_due_from_its_hour_and_stored_once(daily: DailyService, clock: FakeClock) -> None:
    await daily.turn_on(GUILD, CHANNEL, 11)
    assert await daily.due(EVERY) == []  # 10:00
    clock.now += HOUR
    [(setting, day)] = await daily.due(EVERY)
    assert setting.guild_id == GUILD and day == DAY0
    assert await daily.due(ShardSet(2, frozenset({1 - (GUILD >> 22) % 2}))) == []  # another process's guild
    source, puzzle = await daily.next_position(GUILD)
    assert (source, puzzle) == shipped()[0]  # no analysed match here
    new = await daily.start_post(GUILD, day, CHANNEL, source, puzzle)
    assert new is not None and new.post.message_id is None and not new.post.revealed
    assert await daily.start_post(GUILD, day, CHANNEL, source, puzzle) is None  # never twice
    assert await daily.due(EVERY) == []
    assert [p.day for p in await daily.unsent(EVERY)] == [day]  # a stop here: the next pass sends or adopts it
    await daily.record_message(GUILD, day, 777)
    assert await daily.unsent(EVERY) == []
    clock.now += DAY
    assert [d for _, d in await daily.due(EVERY)] == [DAY0 + 1]


async def test_the_costliest_analysed_decision_first_then_the_next_then_the_shipped_set(
    daily: DailyService, service: GameService, rank: FakeRank
) -> None:
    match_id = await analysed_match(service)
    source, puzzle = await daily.next_position(GUILD)
    assert source == f"match:{match_id}:0" and rank.asked == [0]  # 6/3 6/5, 0.39 lost: ranked in the worker
    assert puzzle.candidates == RANKED and puzzle.length == 5 and puzzle.dice == (3, 1)
    await daily.start_post(GUILD, DAY0, CHANNEL, source, puzzle)
    source, _ = await daily.next_position(GUILD)
    assert source == f"match:{match_id}:2"  # Bob's 13/11 6/5, 0.27 lost
    await daily.start_post(GUILD, DAY0 + 1, CHANNEL, source, puzzle)
    assert (await daily.next_position(GUILD))[0] == shipped()[0][0]  # nothing left over the error mark
    assert (await daily.next_position(GUILD + 1))[0] == shipped()[0][0]  # another server's matches are not its own


async def test_a_failed_ranking_posts_a_shipped_position(service: GameService, clock: FakeClock) -> None:
    await analysed_match(service)
    daily = DailyService.beside(service, FakeRank(fail=True))
    assert await daily.next_position(GUILD) == shipped()[0]


async def test_answers_until_the_reveal_and_the_figures(daily: DailyService) -> None:
    _, puzzle = shipped()[0]
    right = next(i for i in range(len(puzzle.candidates)) if puzzle.is_right(i))
    wrong = 1 - right
    await daily.start_post(GUILD, DAY0, CHANNEL, "a", puzzle)
    await daily.answer(GUILD, DAY0, 1, wrong)
    changed = await daily.answer(GUILD, DAY0, 1, right)  # changed before the reveal
    assert changed.choice == right and changed.puzzle == puzzle
    await daily.answer(GUILD, DAY0, 2, wrong)
    await daily.answer(GUILD, DAY0, 3, right)
    with pytest.raises(ServiceError):
        await daily.answer(GUILD, DAY0, 4, len(puzzle.candidates))
    assert (await daily.member_figures(GUILD, 1)).answered == 0  # counted once revealed

    await daily.start_post(GUILD, DAY0 + 1, CHANNEL, "b", puzzle)  # reveals the day before
    with pytest.raises(DailyClosedError):
        await daily.answer(GUILD, DAY0, 2, right)
    reveal = await daily.reveal_before(GUILD, DAY0 + 1)
    assert reveal is not None and reveal.post.day == DAY0 and reveal.post.revealed
    assert reveal.counts == {right: 2, wrong: 1} and reveal.right == (1, 3) and reveal.answered == 3
    assert await daily.reveal_before(GUILD, DAY0) is None  # the first post reveals nothing

    await daily.answer(GUILD, DAY0 + 1, 1, right)
    await daily.answer(GUILD, DAY0 + 1, 2, right)
    await daily.start_post(GUILD, DAY0 + 2, CHANNEL, "c", puzzle)  # member 3 missed day 1
    assert await daily.member_figures(GUILD, 1) == MemberFigures(answered=2, right=2, streak=2)
    two = await daily.member_figures(GUILD, 2)
    assert (two.answered, two.right, two.streak) == (2, 1, 1)
    three = await daily.member_figures(GUILD, 3)
    assert (three.answered, three.right, three.streak) == (1, 1, 0)  # a missed day ends the streak
    await daily.record_message(GUILD, DAY0 + 2, 0)  # its channel was gone: never shown, it breaks no streak
    await daily.start_post(GUILD, DAY0 + 3, CHANNEL, "d", puzzle)
    assert (await daily.member_figures(GUILD, 1)).streak == 2
    nobody = await daily.reveal_before(GUILD, DAY0 + 2)
    assert nobody is not None and nobody.right == (1, 2)
