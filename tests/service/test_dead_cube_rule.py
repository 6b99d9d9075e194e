"""Every new match plays by today's dead-cube rule (R6.1), even when its options were stored before the rule: a
challenge left open across the upgrade, or the rematch of a match played before it."""

from __future__ import annotations

import json

from bot.engine import actions as engine
from bot.engine.game import Phase
from bot.engine.options import MatchOptions
from bot.service import GameService
from bot.service import commands as cmd
from bot.store import Database
from tests.service.helpers import ALICE, BOB, GUILD, both_ask_for_a_rematch, start_match

#: A 1-point match's options as stored before the rule: no `dead_cube_doubles` key.
OLD_OPTIONS = json.dumps({k: v for k, v in MatchOptions(1).to_dict().items() if k != "dead_cube_doubles"})


async def _stored_options(db: Database, match_id: int) -> dict[str, object]:
    row = await db.fetchone("SELECT options FROM matches WHERE id = ?", (match_id,))
    assert row is not None
    loaded: dict[str, object] = json.loads(row[0])
    return loaded


async def test_a_challenge_stored_before_the_rule_starts_a_match_under_it(service: GameService, db: Database) -> None:
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MatchOptions(1)
    )
    await db.execute("UPDATE challenges SET options = ? WHERE id = ?", (OLD_OPTIONS, challenge.id))
    assert (await service.challenges.get(challenge.id)).options.dead_cube_doubles  # read as the old rule
    update = await service.challenges.accept(challenge.id, BOB)
    assert not update.record.options.dead_cube_doubles
    assert (await _stored_options(db, update.record.id))["dead_cube_doubles"] is False
    assert update.record.match.phase is Phase.MOVING  # nobody may double in a 1-point match: rolled at once


async def test_the_rematch_of_a_match_played_before_the_rule_is_played_under_it(
    service: GameService, db: Database
) -> None:
    record = (await start_match(service, options=MatchOptions(1))).record
    await db.execute("UPDATE matches SET options = ? WHERE id = ?", (OLD_OPTIONS, record.id))
    player = record.to_act
    assert player is not None
    await service.act(record.id, player.user_id, cmd.Resign())
    opponent = record.players[1 - record.players.index(player)]
    await service.act(record.id, opponent.user_id, cmd.Ask(engine.AcceptResignation))
    started = await both_ask_for_a_rematch(service, record.id)
    assert started.started is not None
    assert not started.started.record.options.dead_cube_doubles
    assert (await _stored_options(db, started.started.record.id))["dead_cube_doubles"] is False
