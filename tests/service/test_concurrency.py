"""Concurrency: many requests at one match at once never both apply and never corrupt it.

Within one process the per-match lock serialises requests in arrival order; across processes (here: two
services on two connections to one file) the version check in the snapshot UPDATE refuses the loser.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.engine import actions as engine
from bot.engine.options import MatchOptions
from bot.service import GameService, MatchUpdate, ServiceError, StaleStateError
from bot.service import commands as cmd
from bot.service.check import check_database
from bot.store import Database, open_database
from bot.store import matches as match_store
from tests.service.helpers import CAROL, SeededDice, random_action, start_match

Attempt = Callable[[GameService], Awaitable[MatchUpdate]]


#: The requests other than a step, by the name the attempts draw.
COMMANDS: dict[str, cmd.Command] = {
    "undo": cmd.Ask(engine.Undo),
    "confirm": cmd.Ask(engine.Confirm),
    "roll": cmd.Ask(engine.Roll),
    "double": cmd.Ask(engine.Double),
    "take": cmd.Ask(engine.Take),
}


def random_attempts(rng: random.Random, match_id: int, users: list[int], version: int, n: int) -> list[Attempt]:
    """A mix of requests from both players and a stranger: legal ones, illegal ones, stale and typed ones."""
    attempts: list[Attempt] = []
    for _ in range(n):
        user = rng.choice(users)
        seen = rng.choice([None, None, version])
        kind = rng.choice(["step", "step", "step", "undo", "confirm", "roll", "double", "take"])
        start, die = rng.choice([25, 24, 13, 8, 6, 5, 4, 3]), rng.randint(1, 6)

        async def attempt(
            service: GameService,
            kind: str = kind,
            user: int = user,
            seen: int | None = seen,
            start: int = start,
            die: int = die,
        ) -> MatchUpdate:
            if kind == "step":
                return await service.act(match_id, user, cmd.Step(start, die), version=seen)
            return await service.act(match_id, user, COMMANDS[kind], version=seen)

        attempts.append(attempt)
    return attempts


def outcome(result: MatchUpdate | BaseException) -> str:
    if isinstance(result, BaseException):
        assert isinstance(result, ServiceError), repr(result)  # a refusal in words, never a crash
        return f"refused: {result}"
    return f"applied as version {result.record.version}"


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_fifty_concurrent_requests_apply_exactly_the_legal_ones(tmp_path: Path, seed: int) -> None:
    async with open_database(tmp_path / "live.db") as live_db, open_database(tmp_path / "reference.db") as ref_db:
        live = GameService(live_db, dice=SeededDice(seed))
        reference = GameService(ref_db, dice=SeededDice(seed))
        record = (await start_match(live, options=MatchOptions(3))).record
        ref_record = (await start_match(reference, options=MatchOptions(3))).record
        rng = random.Random(seed)
        applied = 0
        for _ in range(8):
            users = [record.players[0].user_id, record.players[1].user_id, CAROL.user_id]
            attempts = random_attempts(rng, record.id, users, record.version, 50)
            concurrent = await asyncio.gather(*(a(live) for a in attempts), return_exceptions=True)
            sequential = []
            for a in attempts:  # the same requests one after the other: the legal ones in this order
                try:
                    sequential.append(await a(reference))
                except ServiceError as error:
                    sequential.append(error)
            assert [outcome(r) for r in concurrent] == [outcome(r) for r in sequential]
            successes = [r for r in concurrent if not isinstance(r, BaseException)]
            assert sorted(r.record.version for r in successes) == list(
                range(record.version + 1, record.version + 1 + len(successes))
            )
            applied += len(successes)
            record = await live.match(record.id)
            ref_record = await reference.match(ref_record.id)
            assert record.match.snapshot() == ref_record.match.snapshot()
            if record.match.finished:
                break
            # move the game on a little so that later rounds see other phases (doubles, bear-offs ...)
            for _ in range(rng.randint(0, 12)):
                if record.match.finished:
                    break
                choice_seed = rng.random()
                record = (await random_action(live, record, random.Random(choice_seed))).record
                ref_record = (await random_action(reference, ref_record, random.Random(choice_seed))).record
                record, ref_record = await live.match(record.id), await reference.match(ref_record.id)
        assert applied > 0
        report = await check_database(live_db)
        assert report.consistent, report.problems
        assert len(live._ctx.locks) == 0  # no lock is kept once nobody waits


async def test_two_processes_racing_on_one_file_never_both_apply(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    async with open_database(path) as first_db, open_database(path) as second_db:
        first = GameService(first_db, dice=SeededDice(5))
        second = GameService(second_db, dice=SeededDice(6))
        record = (await start_match(first, options=MatchOptions(3))).record
        stale = 0
        for _ in range(30):
            if record.match.finished:
                break
            index = record.match.to_act
            assert index is not None
            user = record.players[index].user_id
            seen = record.version
            # Both processes load the same version and race to store their (different) next state.
            await second.match(record.id)
            rng_a, rng_b = random.Random(seen), random.Random(seen + 1000)
            results = await asyncio.gather(
                random_action(first, record, rng_a), random_action(second, record, rng_b), return_exceptions=True
            )
            wins = [r for r in results if isinstance(r, MatchUpdate)]
            losses = [r for r in results if isinstance(r, BaseException)]
            assert len(wins) >= 1
            for loss in losses:
                assert isinstance(loss, StaleStateError), repr(loss)
                assert "This board changed" in str(loss)
            stale += len(losses)
            assert all(w.record.version == seen + 1 for w in wins) and len(wins) == 1
            record = await first.match(record.id)
            assert record.version == seen + 1 and user in (p.user_id for p in record.players)
        assert stale > 0
        assert (await check_database(first_db)).consistent


async def test_a_match_read_just_before_another_action_is_stored_loads_as_it_was_read(db: Database) -> None:
    """A match is read in two steps, its row then its log: an action stored between them (by another process,
    such as the web server's live board) leaves the row read first loadable, at its own version, not corrupt."""
    writer, reader = GameService(db, dice=SeededDice(5)), GameService(db, dice=SeededDice(5))
    record = (await start_match(writer, options=MatchOptions(3))).record
    row = await reader._ctx.stored(record.id)
    after = (await random_action(writer, record, random.Random(1))).record
    assert after.version == row.version + 1
    assert (await reader._ctx.match_at(row)).snapshot() == record.match.snapshot()
    assert (await reader.match(record.id)).match.snapshot() == after.match.snapshot()


async def test_the_check_beside_a_playing_bot_reports_no_problem_and_still_finds_a_stray_entry(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The maintenance check reads a snapshot, then the log: an action stored between the two (the bot playing
    on beside the check) is no problem; a log entry beyond a snapshot that stays is one."""
    service = GameService(db, dice=SeededDice(6))
    record = (await start_match(service, options=MatchOptions(3))).record
    load_log = match_store.load_log
    played: list[int] = []

    async def action_stored_first(queries: Any, match_id: int, length: int | None = None) -> list[str]:
        if not played:  # once, on the check's first read of the log
            played.append((await random_action(service, record, random.Random(2))).record.version)
        return await load_log(queries, match_id, length)

    monkeypatch.setattr(match_store, "load_log", action_stored_first)
    report = await check_database(db)
    assert played == [record.version + 1]
    assert report.consistent and report.matches_checked == 1, report.problems
    monkeypatch.setattr(match_store, "load_log", load_log)
    stored = await match_store.load_match(db, record.id)
    assert stored is not None
    await db.execute(
        "INSERT INTO match_actions (match_id, seq, entry, user_id, created_at) VALUES (?, ?, ?, NULL, 0)",
        (record.id, stored.log_length + 1, '{"type": "roll", "player": 0, "dice": [3, 1]}'),
    )
    assert [problem.split(":")[0] for problem in (await check_database(db)).problems] == [f"match #{record.id}"]
