"""Game actions through the service: who may act, stale versions, finished matches, hooks, the log and snapshot."""

from __future__ import annotations

import pytest

from bot.engine import actions as engine
from bot.engine.actions import Double
from bot.engine.events import Doubled, GameWon, MatchWon, Played, ResignationAccepted, ResignationOffered
from bot.engine.options import MatchOptions
from bot.engine.position import WinKind
from bot.service import (
    CorruptMatchError,
    GameService,
    MatchRecord,
    MatchStatus,
    NotFoundError,
    ServiceError,
    StaleStateError,
)
from bot.service import commands as cmd
from bot.service.check import check_database
from bot.store import Connection, Database
from tests.service.helpers import CAROL, SeededDice, play_to_the_end, start_match


async def state_of(db: Database, match_id: int) -> tuple[object, ...]:
    """Everything stored about the match, to prove that a refused request changed nothing."""
    snapshot = list(await db.execute_fetchall("SELECT * FROM match_snapshots WHERE match_id = ?", (match_id,)))
    row = list(await db.execute_fetchall("SELECT * FROM matches WHERE id = ?", (match_id,)))
    log = list(await db.execute_fetchall("SELECT * FROM match_actions WHERE match_id = ?", (match_id,)))
    return tuple(tuple(r) for r in snapshot), tuple(tuple(r) for r in row), tuple(tuple(r) for r in log)


def waiting_and_other(record: MatchRecord) -> tuple[int, int]:
    index = record.match.to_act
    assert index is not None
    return record.players[index].user_id, record.players[1 - index].user_id


async def test_a_stranger_and_the_wrong_player_are_refused_in_words(service: GameService, db: Database) -> None:
    record = (await start_match(service)).record
    waiting, other = waiting_and_other(record)
    before = await state_of(db, record.id)
    with pytest.raises(ServiceError, match="This game is between Alice and Bob"):
        await service.act(record.id, CAROL.user_id, cmd.Ask(engine.Confirm))
    waiting_name = record.players[record.match.to_act or 0].name
    with pytest.raises(ServiceError, match=f"It is {waiting_name}'s turn"):
        await service.act(record.id, other, cmd.Step(24, 1))
    with pytest.raises(ServiceError):
        await service.act(record.id, other, cmd.Ask(engine.Confirm))
    with pytest.raises(ServiceError, match="No checker can move"):
        await service.act(record.id, waiting, cmd.Step(3, 6))
    with pytest.raises(NotFoundError, match="no match #999"):
        await service.act(999, waiting, cmd.Ask(engine.Roll))
    assert await state_of(db, record.id) == before
    assert (await service.match(record.id)).version == record.version


async def test_a_stale_version_is_refused_with_the_current_one(service: GameService, db: Database) -> None:
    record = (await start_match(service)).record
    await service.boards.set_message(record.id, 77, 8888)
    waiting, _ = waiting_and_other(record)
    step = record.match.next_steps()[0]
    moved = (await service.act(record.id, waiting, cmd.Step(step.start, step.die), version=record.version)).record
    assert moved.version == record.version + 1
    before = await state_of(db, record.id)
    with pytest.raises(StaleStateError, match="This board changed") as stale:
        await service.act(record.id, waiting, cmd.Ask(engine.Undo), version=record.version)
    assert stale.value.version == moved.version and stale.value.match_id == record.id
    assert (stale.value.message_channel_id, stale.value.message_id) == (77, 8888)
    assert await state_of(db, record.id) == before
    # The record handed out earlier still shows its own version's state.
    assert record.match.steps == () and moved.match.steps == (step,)


async def test_every_action_is_logged_and_the_log_replays_to_the_snapshot(service: GameService, db: Database) -> None:
    record = await play_to_the_end(service, (await start_match(service, options=MatchOptions(3))).record, seed=3)
    assert record.status is MatchStatus.FINISHED and record.finished_at is not None
    assert record.winner is not None
    rows = list(
        await db.execute_fetchall("SELECT winner, score0, score1, status FROM matches WHERE id = ?", (record.id,))
    )
    assert tuple(rows[0]) == (record.match.winner, *record.match.score_tuple, "finished")
    log_rows = list(
        await db.execute_fetchall("SELECT seq FROM match_actions WHERE match_id = ? ORDER BY seq", (record.id,))
    )
    assert [r[0] for r in log_rows] == list(range(1, len(record.match.log.entries) + 1))
    report = await check_database(db)
    assert report.consistent and report.matches_checked == 1
    # A fresh service (a restart) rebuilds the match from the log: the same state.
    fresh = await GameService(db).match(record.id)
    assert fresh.match.snapshot() == record.match.snapshot() and fresh.version == record.version


async def test_a_finished_match_refuses_more_actions(service: GameService, db: Database) -> None:
    record = await play_to_the_end(service, (await start_match(service)).record, seed=4)
    before = await state_of(db, record.id)
    for user in (record.players[0].user_id, record.players[1].user_id):
        with pytest.raises(ServiceError, match="is over"):
            await service.act(record.id, user, cmd.Ask(engine.Roll))
    assert await state_of(db, record.id) == before
    assert await service.match_in_channel(record.channel_id) is None
    assert await service.active_matches(record.players[0].user_id) == []
    # The finished match stays stored, and the channel is free for the next one.
    assert (await service.match(record.id)).status is MatchStatus.FINISHED
    await start_match(service)


async def test_the_cache_keeps_running_matches_and_lets_finished_ones_go(service: GameService) -> None:
    """A busy bot finishes thousands of matches a day: kept in the cache, they would push the running ones out."""
    running = (await start_match(service)).record
    assert service._ctx.cached(running.id, running.version) is running.match
    finished = await play_to_the_end(service, (await start_match(service, channel_id=11)).record, seed=4)
    assert service._ctx.cached(finished.id, finished.version) is None
    # read again (the final board, an export): replayed from the log, and still not kept
    assert (await service.match(finished.id)).match.finished
    assert service._ctx.cached(finished.id, finished.version) is None
    assert service._ctx.cached(running.id, running.version) is not None


async def test_a_corrupt_snapshot_row_is_a_clear_error_and_nothing_changes(service: GameService, db: Database) -> None:
    record = (await start_match(service)).record
    waiting, _ = waiting_and_other(record)
    await db.execute("UPDATE match_snapshots SET state = '{\"broken\": true' WHERE match_id = ?", (record.id,))
    before = await state_of(db, record.id)
    step = record.match.next_steps()[0]
    with pytest.raises(CorruptMatchError, match=f"Match #{record.id} cannot be loaded"):
        await service.act(record.id, waiting, cmd.Step(step.start, step.die))
    with pytest.raises(CorruptMatchError):
        await GameService(db).match(record.id)
    assert await state_of(db, record.id) == before
    assert not (await check_database(db)).consistent


async def test_a_tampered_log_is_found_by_the_check(service: GameService, db: Database) -> None:
    record = await play_to_the_end(service, (await start_match(service)).record, seed=5)
    on_table = " ON match_actions" if db.dialect == "postgresql" else ""
    await db.execute(f"DROP TRIGGER match_actions_no_update{on_table}")
    await db.execute(
        'UPDATE match_actions SET entry = \'{"type":"roll"}\' WHERE match_id = ? AND seq = 1', (record.id,)
    )
    report = await check_database(db)
    assert len(report.problems) == 1 and f"match #{record.id}" in report.problems[0]
    with pytest.raises(CorruptMatchError):
        await GameService(db).match(record.id)


async def test_hooks_run_in_the_result_transaction(db: Database) -> None:
    seen: list[tuple[int, str, MatchStatus]] = []

    async def hook(connection: Connection, record: MatchRecord) -> None:
        # the final action's own write, not committed yet, is what the hook's connection reads
        row = await connection.fetchone("SELECT status FROM matches WHERE id = ?", (record.id,))
        assert row is not None
        seen.append((record.id, str(row[0]), record.status))

    service = GameService(db, dice=SeededDice(11), on_match_finished=[hook])
    record = await play_to_the_end(service, (await start_match(service)).record, seed=6)
    assert seen == [(record.id, "finished", MatchStatus.FINISHED)]


async def test_a_failing_hook_rolls_the_final_action_back(db: Database) -> None:
    async def broken(connection: Connection, record: MatchRecord) -> None:
        await connection.execute("UPDATE matches SET channel_id = 0")
        raise RuntimeError("ratings down")

    service = GameService(db, dice=SeededDice(12), on_match_finished=[broken])
    record = (await start_match(service)).record
    with pytest.raises(RuntimeError):
        await play_to_the_end(service, record, seed=7)
    latest = await service.match(record.id)
    assert latest.status is MatchStatus.ACTIVE and latest.channel_id == record.channel_id
    assert (await check_database(db)).consistent


async def test_resign_and_accept_ends_the_game(service: GameService) -> None:
    record = (await start_match(service, options=MatchOptions(1))).record
    waiting, other = waiting_and_other(record)
    offered = await service.act(record.id, waiting, cmd.Resign(WinKind.GAMMON))
    assert any(isinstance(e, ResignationOffered) and e.kind is WinKind.GAMMON for e in offered.events)
    done = await service.act(record.id, other, cmd.Ask(engine.AcceptResignation), version=offered.record.version)
    assert any(isinstance(e, ResignationAccepted) for e in done.events)
    won = [e for e in done.events if isinstance(e, GameWon)]
    assert won and won[0].outcome.points == 2  # a gammon at cube 1 (R7.2, R7.4)
    assert any(isinstance(e, MatchWon) for e in done.events)
    assert done.record.status is MatchStatus.FINISHED and done.record.winner is not None
    assert done.record.winner.user_id == other


async def test_abort_stores_no_result(service: GameService, db: Database) -> None:
    record = (await start_match(service)).record
    aborted = (await service.act(record.id, record.players[1].user_id, cmd.Ask(engine.Abort))).record
    assert aborted.status is MatchStatus.ABORTED and aborted.winner is None
    rows = list(await db.execute_fetchall("SELECT status, winner FROM matches WHERE id = ?", (record.id,)))
    assert tuple(rows[0]) == ("aborted", None)
    assert (await check_database(db)).consistent


async def test_double_is_announced(service: GameService) -> None:
    record = (await start_match(service, options=MatchOptions(5))).record
    for _ in range(200):  # play on until someone may double at the start of a turn
        index = record.match.to_act
        assert index is not None
        if Double in record.match.allowed(index):
            update = await service.act(
                record.id, record.players[index].user_id, cmd.Ask(engine.Double), version=record.version
            )
            assert any(isinstance(e, Doubled) and e.cube == 2 for e in update.events)
            return
        step = record.match.next_steps()[0] if record.match.next_steps() else None
        user = record.players[index].user_id
        if step is None:
            record = (await service.act(record.id, user, cmd.Ask(engine.Confirm))).record
        else:
            record = (await service.act(record.id, user, cmd.Step(step.start, step.die))).record
    raise AssertionError("no double became possible")


async def test_a_typed_play_is_applied_and_bad_text_changes_nothing(service: GameService, db: Database) -> None:
    record = (await start_match(service)).record
    waiting, _ = waiting_and_other(record)
    before = await state_of(db, record.id)
    with pytest.raises(ServiceError, match="read"):
        await service.act(record.id, waiting, cmd.PlayText("13/banana"))
    assert await state_of(db, record.id) == before
    play = next(p for p in record.match.legal_plays() if "*" not in str(p))  # the opening position has no blots
    update = await service.act(record.id, waiting, cmd.PlayText(str(play)))
    played = [e for e in update.events if isinstance(e, Played)]
    assert played and played[0].play == play and not played[0].automatic
    assert update.record.version == record.version + 1


async def test_a_damaged_match_does_not_hide_the_others_in_lists(
    service: GameService, db: Database, caplog: pytest.LogCaptureFixture
) -> None:
    healthy = (await start_match(service, channel_id=1)).record
    damaged = (await start_match(service, channel_id=2)).record
    await db.execute("UPDATE match_snapshots SET state = 'garbage' WHERE match_id = ?", (damaged.id,))
    fresh = GameService(db)
    assert [r.id for r in await fresh.active_matches(healthy.players[0].user_id)] == [healthy.id]
    assert f"Match #{damaged.id} cannot be loaded" in caplog.text
    with pytest.raises(CorruptMatchError):
        await fresh.match(damaged.id)
