"""When each player last acted is part of the stored match, so that whoever shows a board (any process, after any
restart) knows whether the player to act is away and so to be mentioned."""

from __future__ import annotations

from bot.engine.options import MatchOptions
from bot.service import GameService
from bot.service import commands as cmd
from bot.store import Database
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, BOB, GUILD, SeededDice


async def test_the_challenge_its_acceptance_and_each_action_are_stored_as_when_each_player_acted(
    db: Database, service: GameService, clock: FakeClock
) -> None:
    challenged_at = clock.now
    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=10, challenger=ALICE, opponent=BOB, options=MatchOptions(3)
    )
    clock.now += 30
    record = (await service.challenges.accept(challenge.id, BOB)).record
    assert record.acted_at == (challenged_at, challenged_at + 30)

    clock.now += 12
    seat = record.match.to_act
    assert seat is not None
    step = record.match.next_steps()[0]
    record = (await service.act(record.id, record.players[seat].user_id, cmd.Step(step.start, step.die))).record
    expected = [challenged_at, challenged_at + 30]
    expected[seat] = clock.now
    assert record.acted_at == tuple(expected)

    fresh = GameService(db, dice=SeededDice(7), clock=clock)  # nothing cached: read from the database
    assert (await fresh.match(record.id)).acted_at == tuple(expected)


async def test_a_match_nobody_asked_for_starts_with_nobody_having_acted(service: GameService) -> None:
    """A pairing the bot makes (a tournament's): both players are away until they act."""
    update = await service.start_match_directly(
        guild_id=GUILD, channel_id=11, players=(ALICE, BOB), options=MatchOptions(1)
    )
    assert update.record.acted_at == (None, None)
