"""Committed dice through the game service (issue 18): the seeds stored with the match, the stored rolls equal to an
independent copy of the formula, the server seed revealed only once the match is over (however it ends), a match
loaded again going on with the next committed roll, and matches from before the migration keeping their dice."""

from __future__ import annotations

import hashlib
import random

import pytest

from bot.engine import actions as engine
from bot.engine.options import MatchOptions
from bot.engine.position import WinKind
from bot.service import GameService, MatchRecord, MatchStatus, ServiceError
from bot.service import commands as cmd
from bot.store import Database
from tests.fairness.helpers import all_dice, issue_roll
from tests.service.helpers import ALICE, BOB, GUILD, play_to_the_end, random_action, show


def committed(db: Database) -> GameService:
    """The service as the bot builds it: no dice source given, so every match rolls its committed dice."""
    return GameService(db)


async def start(
    service: GameService,
    *,
    channel: int = 10,
    length: int = 3,
    challenger_seed: str | None = "c-seed",
    acceptor_seed: str | None = "a-seed",
) -> MatchRecord:
    challenge = await service.challenges.create(
        guild_id=GUILD,
        channel_id=channel,
        challenger=ALICE,
        opponent=BOB,
        options=MatchOptions.match(length),
        seed=challenger_seed,
    )
    assert challenge.commitment is not None and len(challenge.commitment) == 64
    record = (await service.challenges.accept(challenge.id, BOB, seed=acceptor_seed)).record
    await show(service, record)
    assert record.fairness is not None and record.fairness.commitment == challenge.commitment
    return record


async def stored_server_seed(db: Database, match_id: int) -> bytes:
    [(hex_seed,)] = await db.execute_fetchall("SELECT server_seed FROM matches WHERE id = ?", (match_id,))
    return bytes.fromhex(hex_seed)


def assert_formula(record: MatchRecord, server_seed: bytes, challenger: str, acceptor: str) -> None:
    dice = all_dice(record.match)
    rolls = [(dice[i], dice[i + 1]) for i in range(0, len(dice), 2)]
    assert rolls == [issue_roll(server_seed, challenger, acceptor, k) for k in range(len(rolls))]


async def test_a_finished_matchs_stored_rolls_are_the_formulas(db: Database) -> None:
    service = committed(db)
    record = await start(service)
    assert record.fairness is not None and record.fairness.server_seed is None  # secret while it runs
    commitment = record.fairness.commitment
    record = await play_to_the_end(service, record, 4)
    server_seed = await stored_server_seed(db, record.id)
    assert record.fairness is not None and record.fairness.server_seed == server_seed.hex()
    assert hashlib.sha256(server_seed).hexdigest() == commitment
    loaded = await GameService(db).match(record.id)  # the stored log, replayed by a fresh service
    assert_formula(loaded, server_seed, "c-seed", "a-seed")
    assert loaded.fairness == record.fairness


async def test_a_match_loaded_again_goes_on_with_the_next_committed_roll(db: Database) -> None:
    record = await start(committed(db), length=5)
    rng = random.Random(2)
    for _ in range(30):
        service = committed(db)  # a restart between every few actions: nothing is cached
        record = await service.match(record.id)
        for _ in range(3):
            if record.match.finished:
                break
            record = (await random_action(service, record, rng)).record
        if record.match.finished:
            break
    assert_formula(record, await stored_server_seed(db, record.id), "c-seed", "a-seed")


@pytest.mark.parametrize("ending", ["resign", "abort", "claim", "deleted"])
async def test_the_seed_is_revealed_however_the_match_ends(db: Database, ending: str) -> None:
    now = [1_700_000_000.0]
    service = GameService(db, clock=lambda: now[0])
    record = await start(service, length=1)
    waiting = record.players[record.match.to_act or 0].user_id
    other = record.players[1 - (record.match.to_act or 0)].user_id
    if ending == "resign":
        record = (await service.act(record.id, waiting, cmd.Resign(WinKind.SINGLE))).record
        assert record.fairness is not None and record.fairness.server_seed is None  # only offered
        record = (await service.act(record.id, other, cmd.Ask(engine.AcceptResignation))).record
    elif ending == "abort":
        record = (await service.act(record.id, waiting, cmd.Ask(engine.Abort))).record
    elif ending == "claim":
        now[0] += 3 * 24 * 3600
        record = (await service.act(record.id, other, cmd.Ask(engine.Claim))).record
    else:
        [record] = await service.abort_matches_in_channel(record.channel_id)
    assert record.status is not MatchStatus.ACTIVE
    server_seed = await stored_server_seed(db, record.id)
    assert record.fairness is not None and record.fairness.server_seed == server_seed.hex()
    assert (await service.match(record.id)).fairness == record.fairness


async def test_the_players_seeds_are_stored_and_change_the_dice(db: Database) -> None:
    service = committed(db)
    first = await start(service, channel=11, challenger_seed="mine", acceptor_seed="yours")
    second = await start(service, channel=12, challenger_seed=None, acceptor_seed=None)
    rows = await db.execute_fetchall("SELECT seed0, seed1 FROM matches ORDER BY id")
    assert [tuple(row) for row in rows] == [("mine", "yours"), ("", "")]
    assert first.fairness is not None and (first.fairness.challenger_seed, first.fairness.acceptor_seed) == (
        "mine",
        "yours",
    )
    seed = await stored_server_seed(db, first.id)
    assert first.match.log.start_dice[:2] == issue_roll(seed, "mine", "yours", 0)
    other = await stored_server_seed(db, second.id)
    assert second.match.log.start_dice[:2] == issue_roll(other, "", "", 0)


async def test_a_bad_seed_is_refused_and_changes_nothing(db: Database) -> None:
    service = committed(db)
    with pytest.raises(ServiceError, match="at most 64 characters"):
        await service.challenges.create(
            guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MatchOptions.match(1), seed="x" * 65
        )
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MatchOptions.match(1)
    )
    with pytest.raises(ServiceError, match="line breaks"):
        await service.challenges.accept(challenge.id, BOB, seed="two\nlines")
    assert [tuple(r) for r in await db.execute_fetchall("SELECT status FROM challenges")] == [("open",)]
    assert list(await db.execute_fetchall("SELECT id FROM matches")) == []


async def test_a_tournament_match_rolls_committed_dice(db: Database) -> None:
    service = committed(db)
    update = await service.start_match_directly(
        guild_id=GUILD, channel_id=30, players=(ALICE, BOB), options=MatchOptions.match(1)
    )
    record = await play_to_the_end(service, update.record, 9)
    assert record.fairness is not None and record.fairness.challenger_seed == record.fairness.acceptor_seed == ""
    assert_formula(record, await stored_server_seed(db, record.id), "", "")


async def test_a_match_from_before_the_migration_keeps_its_dice_and_goes_on(db: Database) -> None:
    """Migration 011: a match stored without seeds (as every match before it) loads, shows no proof, and is
    played on with the CSPRNG."""
    service = committed(db)
    record = await start(service, length=5)
    await db.execute("UPDATE matches SET server_seed = NULL, seed0 = NULL, seed1 = NULL")
    fresh = committed(db)
    old = await fresh.match(record.id)
    assert old.fairness is None and old.match.log == record.match.log
    finished = await play_to_the_end(fresh, old, 6)
    assert finished.status is MatchStatus.FINISHED and finished.fairness is None
