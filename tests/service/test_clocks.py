"""Match clocks (issue 20) with a fake clock: a reserve running out at every kind of decision, the delay, the grace
second, the bot's downtime, and how a timeout scores and is rated; the stored log replays to the same end."""

from __future__ import annotations

import pytest

from bot.engine import actions as engine
from bot.engine.events import GameWon, MatchWon, TimedOut
from bot.engine.game import Phase
from bot.engine.options import MatchOptions
from bot.engine.outcome import OutcomeKind
from bot.engine.position import WinKind
from bot.ratings.hook import rate_finished_match
from bot.service import GameService, MatchRecord, MatchStatus, MatchUpdate
from bot.service import commands as cmd
from bot.service.check import check_database
from bot.service.clocks import GRACE_SECONDS, PRESETS, ClockPreset, preset_text
from bot.store import Database
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, BOB, GUILD, SeededDice, show

BLITZ = PRESETS[ClockPreset.BLITZ]  # 8 s delay + 30 s per point
DELAY = BLITZ.delay_seconds


async def start_clocked(
    service: GameService, options: MatchOptions, clock: ClockPreset = ClockPreset.BLITZ, channel_id: int = 10
) -> MatchRecord:
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=channel_id, challenger=ALICE, opponent=BOB, options=options, clock=clock
    )
    record = (await service.challenges.accept(challenge.id, BOB)).record
    await show(service, record)
    return await service.match(record.id)


def user(record: MatchRecord) -> int:
    assert record.to_act is not None
    return record.to_act.user_id


async def finish_turn(service: GameService, record: MatchRecord, clock: FakeClock) -> MatchRecord:
    """Play the checker steps of the turn the player to act is moving in, and Done (a moment after the board
    was shown: the time of a turn runs from its showing)."""
    clock.now += 0.25
    assert record.match.phase is Phase.MOVING
    mover = record.match.to_act
    while record.match.to_act == mover and record.match.phase is Phase.MOVING:
        steps = record.match.next_steps()
        if steps:
            record = (await service.act(record.id, user(record), cmd.Step(steps[0].start, steps[0].die))).record
        else:
            record = (await service.act(record.id, user(record), cmd.Ask(engine.Confirm))).record
    return record


async def handed_over(service: GameService, clock: FakeClock, update: MatchUpdate) -> MatchRecord:
    """The next player's board is shown a moment later (their time starts then), and they act a moment after."""
    clock.now += 0.5
    await show(service, update.record)
    clock.now += 0.25
    return await service.match(update.record.id)


async def time_out(service: GameService, clock: FakeClock, record: MatchRecord) -> MatchUpdate:
    """Let the player to act spend their whole reserve and the grace second; the timer task ends the match."""
    runs_out_at = (await service.match(record.id)).runs_out_at
    assert runs_out_at is not None and runs_out_at > clock.now
    clock.now = runs_out_at + GRACE_SECONDS - 0.01
    assert await service.timers.time_out_due() == []  # still within the grace second
    clock.now += 0.02
    updates = await service.timers.time_out_due()
    assert [u.record.id for u in updates] == [record.id]
    return updates[0]


def assert_timed_out(update: MatchUpdate, loser: int) -> None:
    assert isinstance(update.events[0], TimedOut) and update.events[0].player == loser
    assert any(isinstance(e, MatchWon) and e.winner == 1 - loser for e in update.events)
    assert update.record.status is MatchStatus.FINISHED
    assert update.record.match.outcomes[-1].kind is OutcomeKind.TIMEOUT


async def test_timeout_while_playing_a_roll(service: GameService, clock: FakeClock, db: Database) -> None:
    record = await start_clocked(service, MatchOptions(3))
    assert record.clock is not None and record.clock.reserve == 90
    mover = record.match.to_act
    assert record.match.phase is Phase.MOVING and mover is not None
    update = await time_out(service, clock, record)
    assert_timed_out(update, mover)
    assert update.record.match.scores[1 - mover] == 3  # a match: the whole match (R9.5)
    report = await check_database(db)  # the timeout is in the log: a replay ends the same way
    assert report.consistent and report.matches_checked == 1, report.problems


async def test_timeout_before_rolling(service: GameService, clock: FakeClock) -> None:
    record = await start_clocked(service, MatchOptions(3))
    first = record.match.to_act
    record = await finish_turn(service, record, clock)
    record = await handed_over(service, clock, MatchUpdate(record, []))
    assert record.match.phase is Phase.ROLLING and record.match.to_act == 1 - (first or 0)
    assert_timed_out(await time_out(service, clock, record), 1 - (first or 0))


async def test_timeout_answering_a_double(service: GameService, clock: FakeClock) -> None:
    record = await start_clocked(service, MatchOptions(3))
    first = record.match.to_act or 0
    record = await handed_over(service, clock, MatchUpdate(await finish_turn(service, record, clock), []))
    doubled = await service.act(record.id, user(record), cmd.Ask(engine.Double))
    record = await handed_over(service, clock, doubled)
    assert record.match.phase is Phase.DOUBLED and record.match.to_act == first
    assert_timed_out(await time_out(service, clock, record), first)


async def test_timeout_answering_a_resignation(service: GameService, clock: FakeClock) -> None:
    record = await start_clocked(service, MatchOptions(3))
    mover = record.match.to_act or 0
    offer = await service.act(record.id, user(record), cmd.Resign(WinKind.SINGLE))
    record = await handed_over(service, clock, offer)
    assert record.match.phase is Phase.RESIGNING and record.match.to_act == 1 - mover
    assert_timed_out(await time_out(service, clock, record), 1 - mover)


async def test_the_delay_is_free_and_only_time_after_it_is_charged(service: GameService, clock: FakeClock) -> None:
    record = await start_clocked(service, MatchOptions(3))
    mover = record.match.to_act or 0
    clock.now += DELAY - 1  # inside the delay
    record = await handed_over(service, clock, MatchUpdate(await finish_turn(service, record, clock), []))
    assert record.clock is not None and record.clock.used == (0.0, 0.0)
    assert record.clock_left(mover, clock.now) == 90
    other = record.match.to_act or 0
    assert record.clock_left(other, clock.now) == 90  # acting at once, 0.25 s after the board was shown
    clock.now += DELAY + 10 - 0.25  # ten seconds past the delay
    assert record.clock_left(other, clock.now) == pytest.approx(80)
    record = await service.match((await service.act(record.id, user(record), cmd.Ask(engine.Roll))).record.id)
    record = await finish_turn(service, record, clock)
    assert record.clock is not None and record.clock.used[other] == pytest.approx(10.25)  # Done came 0.25 s later
    assert record.clock.used[mover] == 0


async def test_the_grace_second_lets_a_late_press_count(service: GameService, clock: FakeClock) -> None:
    record = await start_clocked(service, MatchOptions(1))  # 30 s reserve
    mover = record.match.to_act or 0
    clock.now += DELAY + 30 + GRACE_SECONDS - 0.5  # the reserve is spent, the grace is not
    record = await finish_turn(service, record, clock)
    assert record.status is MatchStatus.ACTIVE and record.match.to_act == 1 - mover
    assert record.clock is not None and record.clock.used[mover] == 30  # nothing left, but not below zero
    assert await service.timers.time_out_due() == []


async def test_a_press_after_the_grace_is_the_timeout(service: GameService, clock: FakeClock) -> None:
    record = await start_clocked(service, MatchOptions(1))
    mover = record.match.to_act or 0
    steps = record.match.next_steps()
    clock.now += DELAY + 30 + GRACE_SECONDS + 0.2  # too late, and the timer task has not looked yet
    update = await service.act(record.id, user(record), cmd.Step(steps[0].start, steps[0].die))
    assert_timed_out(update, mover)


async def test_a_restart_does_not_charge_the_downtime(db: Database, clock: FakeClock) -> None:
    service = GameService(db, dice=SeededDice(7), clock=clock)
    assert (await service.timers.resume_clocks()).downtime == 0  # a first start: nothing to pause
    record = await start_clocked(service, MatchOptions(1))
    mover = record.match.to_act or 0
    clock.now += DELAY + 10
    await service.timers.heartbeat()  # the bot is up: 10 s of the reserve are spent
    clock.now += 1000  # the bot is down (killed right after the heartbeat) ...
    restarted = GameService(db, dice=SeededDice(8), clock=clock)  # ... and starts again
    resumed = await restarted.timers.resume_clocks()
    assert resumed.downtime == pytest.approx(1000)
    assert [r.id for r in resumed.paused] == [record.id]
    assert await restarted.timers.time_out_due() == []
    after = await restarted.match(record.id)
    assert after.clock_left(mover, clock.now) == pytest.approx(20)
    clock.now += 20 + GRACE_SECONDS + 0.1  # then it runs again from where it stopped
    assert_timed_out((await restarted.timers.time_out_due())[0], mover)


async def test_downtime_before_the_turn_was_shown_pauses_nothing(db: Database, clock: FakeClock) -> None:
    service = GameService(db, dice=SeededDice(7), clock=clock)
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MatchOptions(1), clock=ClockPreset.BLITZ
    )
    record = (await service.challenges.accept(challenge.id, BOB)).record  # its board never got out
    await service.timers.heartbeat()
    clock.now += 500
    resumed = await GameService(db, clock=clock).timers.resume_clocks()
    assert resumed.paused == [] and resumed.downtime == pytest.approx(500)
    assert await service.timers.time_out_due() == []
    assert (await service.match(record.id)).clock_left(record.match.to_act or 0, clock.now) == 30


async def test_a_money_game_timeout_costs_the_game_at_the_cube(service: GameService, clock: FakeClock) -> None:
    record = await start_clocked(service, MatchOptions.money(), ClockPreset.STANDARD)
    assert record.clock is not None and record.clock.reserve == 90  # per game
    first = record.match.to_act or 0
    record = await handed_over(service, clock, MatchUpdate(await finish_turn(service, record, clock), []))
    record = await handed_over(service, clock, await service.act(record.id, user(record), cmd.Ask(engine.Double)))
    record = await handed_over(service, clock, await service.act(record.id, user(record), cmd.Ask(engine.Take)))
    assert record.match.cube == 2 and record.match.to_act == 1 - first
    update = await time_out(service, clock, record)
    assert_timed_out(update, 1 - first)
    won = next(e for e in update.events if isinstance(e, GameWon))
    assert won.outcome.points == 2 and update.record.match.scores[first] == 2


async def test_a_timed_out_match_is_rated_like_a_claim(db: Database, clock: FakeClock) -> None:
    service = GameService(db, dice=SeededDice(7), clock=clock, on_match_finished=[rate_finished_match])
    record = await start_clocked(service, MatchOptions(3))
    loser = record.match.to_act or 0
    await time_out(service, clock, record)
    rows = await db.execute_fetchall("SELECT user_id, won FROM rated_matches WHERE match_id = ?", (record.id,))
    assert sorted((int(r[0]), int(r[1])) for r in rows) == sorted(
        [(record.players[loser].user_id, 0), (record.players[1 - loser].user_id, 1)]
    )
    kind = await db.execute_fetchall("SELECT result_kind FROM matches WHERE id = ?", (record.id,))
    assert [str(r[0]) for r in kind] == ["timeout"]


async def test_matches_without_a_clock_never_time_out(service: GameService, clock: FakeClock) -> None:
    record = await start_clocked(service, MatchOptions(3), ClockPreset.NONE)
    assert record.clock is None and record.runs_out_at is None
    clock.now += 3600
    assert await service.timers.time_out_due() == []


async def test_the_guild_default_clock_is_used_when_the_challenger_does_not_choose(service: GameService) -> None:
    assert (await service.settings.guild_settings(GUILD)).clock is ClockPreset.NONE
    await service.settings.set_clock(GUILD, ClockPreset.RELAXED)
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=11, challenger=ALICE, opponent=BOB, options=MatchOptions(2), clock=None
    )
    assert challenge.clock is ClockPreset.RELAXED
    record = (await service.challenges.accept(challenge.id, BOB)).record
    assert record.clock is not None and record.clock.preset is ClockPreset.RELAXED and record.clock.reserve == 360


async def test_runs_out_at_is_when_the_reserve_is_spent(service: GameService, clock: FakeClock) -> None:
    record = await start_clocked(service, MatchOptions(2))
    assert record.runs_out_at == pytest.approx(record.timer.controls_at + DELAY + 60)  # type: ignore[operator]


def test_the_presets_in_words() -> None:
    assert preset_text(ClockPreset.RELAXED) == "relaxed clock (30 s delay + 3 min per point)"
    assert preset_text(ClockPreset.STANDARD) == "standard clock (12 s delay + 90 s per point)"
    assert preset_text(ClockPreset.BLITZ) == "blitz clock (8 s delay + 30 s per point)"
    assert preset_text(ClockPreset.NONE) == "no clock"
