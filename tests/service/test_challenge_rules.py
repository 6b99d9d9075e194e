"""Issue 15 rules around challenges: a thread is opened only for an accept that passes every check, and once;
the loser of a race hears who was first; limits on open challenges; matches of a deleted channel end."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine import actions as engine
from bot.engine.options import MatchOptions
from bot.ratings.hook import rate_finished_match
from bot.service import (
    Challenge,
    ChallengeStatus,
    GameService,
    GuildSettings,
    MatchStatus,
    PlayerRef,
    ServiceError,
)
from bot.service import commands as cmd
from bot.service.check import check_database
from bot.service.errors import AlreadyAcceptedError, ChallengeLimitError
from bot.service.records import CHALLENGE_SECONDS, MAX_OPEN_CHALLENGES
from bot.store import Database
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, BOB, CAROL, GUILD, SeededDice, accept_opening, start_match

MATCH3 = MatchOptions(3)
DAVE = PlayerRef(404, "Dave")


class ThreadOpener:
    """Stands for the front end opening a thread: records each call and returns a new channel id."""

    def __init__(self, delay: float = 0.0) -> None:
        self.calls: list[tuple[int, int]] = []
        self.delay = delay

    async def __call__(self, challenge: Challenge, acceptor: PlayerRef) -> int:
        self.calls.append((challenge.id, acceptor.user_id))
        await asyncio.sleep(self.delay)  # a Discord call takes a while: a second accept arrives meanwhile
        return 9000 + len(self.calls)


async def thread_challenge(service: GameService, opponent: PlayerRef | None) -> Challenge:
    return await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=opponent, options=MATCH3, in_thread=True
    )


async def test_a_refused_accept_opens_no_thread(service: GameService) -> None:
    challenge = await thread_challenge(service, BOB)
    opener = ThreadOpener()
    with pytest.raises(ServiceError, match="This challenge is for Bob"):
        await accept_opening(service, challenge.id, CAROL, opener)
    with pytest.raises(ServiceError, match="cannot accept your own"):
        await accept_opening(service, challenge.id, ALICE, opener)
    assert opener.calls == []
    record = (await accept_opening(service, challenge.id, BOB, opener)).record
    assert opener.calls == [(challenge.id, BOB.user_id)]
    assert record.channel_id == 9001 and record.parent_channel_id == 10


async def test_a_challenge_in_the_channel_itself_opens_nothing(service: GameService) -> None:
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MATCH3
    )
    opener = ThreadOpener()
    record = (await accept_opening(service, challenge.id, BOB, opener)).record
    assert opener.calls == [] and record.channel_id == 10 and record.parent_channel_id is None


async def test_two_accepts_at_once_open_one_thread_and_the_loser_hears_who_won(service: GameService) -> None:
    challenge = await thread_challenge(service, None)
    opener = ThreadOpener(delay=0.05)
    results = await asyncio.gather(
        accept_opening(service, challenge.id, BOB, opener),
        accept_opening(service, challenge.id, CAROL, opener),
        return_exceptions=True,
    )
    assert len(opener.calls) == 1
    (won,) = [r for r in results if not isinstance(r, BaseException)]
    (lost,) = [r for r in results if isinstance(r, BaseException)]
    assert isinstance(lost, AlreadyAcceptedError)
    winner = won.record.players[1]
    assert str(lost) == f"{winner.name} accepted first."
    assert lost.acceptor_id == winner.user_id and lost.channel_id == won.record.channel_id == 9001
    assert lost.match_id == won.record.id
    # the winner pressing again is told so in their own words
    with pytest.raises(AlreadyAcceptedError, match="You accepted this challenge already"):
        await accept_opening(service, challenge.id, winner, opener)
    assert len(opener.calls) == 1


async def test_an_expired_or_withdrawn_challenge_opens_nothing(service: GameService, db: Database) -> None:
    challenge = await thread_challenge(service, BOB)
    await service.challenges.cancel(challenge.id, ALICE.user_id)
    opener = ThreadOpener()
    with pytest.raises(ServiceError, match="already withdrawn"):
        await accept_opening(service, challenge.id, BOB, opener)
    assert opener.calls == [] and (await service.challenges.get(challenge.id)).status is ChallengeStatus.CANCELLED
    rows = list(await db.execute_fetchall("SELECT COUNT(*) FROM matches"))
    assert rows[0][0] == 0  # no match was made


async def test_one_open_challenge_to_the_same_opponent(service: GameService, clock: FakeClock) -> None:
    first = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MATCH3
    )
    await service.challenges.set_message(first.id, 10, 555)
    with pytest.raises(ChallengeLimitError, match="You have already challenged Bob") as refused:
        await service.challenges.create(guild_id=GUILD, channel_id=11, challenger=ALICE, opponent=BOB, options=MATCH3)
    error = refused.value
    assert (error.challenge_id, error.guild_id) == (first.id, GUILD)
    assert (error.message_channel_id, error.message_id) == (10, 555)
    # the other way round is another challenge; and once the first is answered, a new one may go out
    await service.challenges.create(guild_id=GUILD, channel_id=12, challenger=BOB, opponent=ALICE, options=MATCH3)
    await service.challenges.decline(first.id, BOB.user_id)
    await service.challenges.create(guild_id=GUILD, channel_id=11, challenger=ALICE, opponent=BOB, options=MATCH3)


async def test_at_most_three_open_challenges_per_member(service: GameService, db: Database, clock: FakeClock) -> None:
    made = [
        await service.challenges.create(
            guild_id=GUILD, channel_id=10 + i, challenger=ALICE, opponent=opponent, options=MATCH3
        )
        for i, opponent in enumerate((BOB, None, CAROL))
    ]
    assert MAX_OPEN_CHALLENGES == 3
    for opponent in (DAVE, None):
        with pytest.raises(ChallengeLimitError, match="You already have 3 open challenges") as refused:
            await service.challenges.create(
                guild_id=GUILD, channel_id=20, challenger=ALICE, opponent=opponent, options=MATCH3
            )
        assert refused.value.challenge_id == made[0].id and refused.value.message_id is None  # not posted yet
    rows = list(await db.execute_fetchall("SELECT COUNT(*) FROM challenges"))
    assert rows[0][0] == 3
    await service.challenges.cancel(made[1].id, ALICE.user_id)  # withdrawn: room for one more
    await service.challenges.create(guild_id=GUILD, channel_id=20, challenger=ALICE, opponent=DAVE, options=MATCH3)
    clock.now += CHALLENGE_SECONDS  # all expired (even before the expiry task marks them): room again
    await service.challenges.create(guild_id=GUILD, channel_id=21, challenger=ALICE, opponent=BOB, options=MATCH3)
    # other members are not limited by Alice's challenges
    await service.challenges.create(guild_id=GUILD, channel_id=22, challenger=CAROL, opponent=BOB, options=MATCH3)


async def test_matches_of_a_deleted_channel_end_aborted_and_unrated(db: Database, clock: FakeClock) -> None:
    service = GameService(db, dice=SeededDice(3), clock=clock, on_match_finished=[rate_finished_match])
    here = (await start_match(service, channel_id=10)).record
    elsewhere = (await start_match(service, channel_id=11, options=MatchOptions(3))).record  # same players
    assert await service.abort_matches_in_channel(999) == []
    (ended,) = await service.abort_matches_in_channel(10)
    assert ended.id == here.id and ended.status is MatchStatus.ABORTED and ended.to_act is None
    assert ended.version == here.version + 1 and ended.winner is None
    assert (await service.match(here.id)).status is MatchStatus.ABORTED
    assert await service.match_in_channel(10) is None
    assert [r.id for r in await service.active_matches(ALICE.user_id)] == [elsewhere.id]
    assert await service.abort_matches_in_channel(10) == []  # a second report of the deletion ends nothing
    rows = list(
        await db.execute_fetchall(
            "SELECT user_id FROM match_actions WHERE match_id = ? ORDER BY seq DESC LIMIT 1", (here.id,)
        )
    )
    assert rows[0][0] is None  # nobody asked for it
    rated = list(await db.execute_fetchall("SELECT COUNT(*) FROM rated_matches"))
    assert rated[0][0] == 0
    with pytest.raises(ServiceError, match="is over"):
        await service.act(here.id, ALICE.user_id, cmd.Ask(engine.Roll))
    report = await check_database(db)
    assert report.consistent, report.problems


async def test_deleting_a_thread_or_its_channel_ends_the_thread_match(service: GameService) -> None:
    opener = ThreadOpener()
    first = await thread_challenge(service, BOB)
    in_thread = (await accept_opening(service, first.id, BOB, opener)).record
    assert [r.id for r in await service.abort_matches_in_channel(in_thread.channel_id)] == [in_thread.id]
    second = await thread_challenge(service, BOB)
    in_other_thread = (await accept_opening(service, second.id, BOB, opener)).record
    assert in_other_thread.parent_channel_id == 10
    # the parent channel goes, and its threads with it
    assert [r.id for r in await service.abort_matches_in_channel(10)] == [in_other_thread.id]
    assert await service.active_matches(BOB.user_id) == []


async def test_a_guild_may_play_challenges_in_threads_by_default(service: GameService) -> None:
    assert (await service.settings.guild_settings(GUILD)).threads is True  # issue 33: threads unless told otherwise

    async def challenge(in_thread: bool | None, channel_id: int = 10) -> Challenge:
        made = await service.challenges.create(
            guild_id=GUILD, channel_id=channel_id, challenger=ALICE, opponent=None, options=MATCH3, in_thread=in_thread
        )
        await service.challenges.cancel(made.id, ALICE.user_id)  # keep within the open-challenge limit
        return made

    assert (await challenge(None)).in_thread is True  # the default: a thread
    assert (await service.settings.set_threads(GUILD, False)).threads is False
    assert (await challenge(None)).in_thread is False
    settings = await service.settings.set_threads(GUILD, True)
    assert settings.threads and settings.turn_limit_seconds == GuildSettings(GUILD).turn_limit_seconds
    assert (await service.settings.guild_settings(GUILD)).threads is True
    assert (await challenge(None)).in_thread is True
    assert (await challenge(False)).in_thread is False  # the challenger's word wins
    assert (await service.settings.set_turn_limit(GUILD, 3600)).threads is True  # other settings keep it
    assert (await service.settings.set_threads(GUILD + 1, False)).threads is False  # per guild
    assert (await service.settings.guild_settings(GUILD)).threads is True
    assert (await service.settings.set_threads(GUILD, False)).threads is False
    assert (await challenge(None)).in_thread is False
    assert (await challenge(True)).in_thread is True


async def test_a_guild_default_thread_challenge_is_not_refused_by_a_busy_channel(service: GameService) -> None:
    await start_match(service, channel_id=10)
    await service.settings.set_threads(GUILD, False)
    with pytest.raises(ServiceError, match="already a match in this channel"):
        await service.challenges.create(
            guild_id=GUILD, channel_id=10, challenger=CAROL, opponent=DAVE, options=MATCH3, in_thread=None
        )
    await service.settings.set_threads(GUILD, True)
    made = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=CAROL, opponent=DAVE, options=MATCH3, in_thread=None
    )
    assert made.in_thread
