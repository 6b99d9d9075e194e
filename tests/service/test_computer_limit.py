"""Issue 31, item 4: a member plays at most COMPUTER_MATCHES_PER_MEMBER matches against the computer at a time;
the next start is refused in the transaction that would store it, says the limit and how to free a slot, and
names the running ones. Ending one frees its slot; other members are not counted."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine import MatchOptions
from bot.service import GameService, MatchUpdate, PlayerRef
from bot.service.computer import COMPUTER_MATCHES_PER_MEMBER
from bot.service.errors import ComputerLimitError
from bot.store import Database
from tests.service.helpers import ALICE, BOB, GUILD, SeededDice, announce, discord_id

COMPUTER = PlayerRef(999, "Gammon")


async def start(service: GameService, human: PlayerRef, channel_id: int) -> MatchUpdate:
    return await service.computer.start_match(
        guild_id=GUILD,
        channel_id=channel_id,
        human=human,
        computer=COMPUTER,
        options=MatchOptions(1),
        level="expert",
        announce=announce,
    )


async def stored_matches(db: Database) -> int:
    row = await db.fetchone("SELECT COUNT(*) FROM matches")
    assert row is not None
    return int(row[0])


async def test_a_member_plays_at_most_two_computer_matches_at_a_time(service: GameService, db: Database) -> None:
    assert COMPUTER_MATCHES_PER_MEMBER == 2
    first = await start(service, ALICE, 100)
    second = await start(service, ALICE, 101)
    with pytest.raises(ComputerLimitError) as refused:
        await start(service, ALICE, 102)
    assert str(refused.value) == (
        "You already play 2 matches against the computer, and one member may play 2 at a time: finish or resign "
        "one of them first."
    )
    assert refused.value.running == [(first.record.id, GUILD, 100), (second.record.id, GUILD, 101)]
    assert await stored_matches(db) == 2  # nothing stored for the refused start
    shown: list[str] = []

    async def show_commitment(commitment: str) -> int:
        shown.append(commitment)
        return discord_id()

    with pytest.raises(ComputerLimitError):
        await service.computer.start_match(
            guild_id=GUILD,
            channel_id=102,
            human=ALICE,
            computer=COMPUTER,
            options=MatchOptions(1),
            level="expert",
            announce=show_commitment,
        )
    assert shown == []  # refused before its dice's commitment is posted (issue 31 item 7)
    await start(service, BOB, 102)  # another member has slots of their own

    await service.abort_matches_in_channel(100)  # ended: its slot is free again
    third = await start(service, ALICE, 103)
    assert third.record.players[0] == ALICE


async def test_starts_at_once_never_pass_the_limit(db: Database, clock: object) -> None:
    service = GameService(db, dice=SeededDice(7), computer_matches_per_member=1)
    results = await asyncio.gather(*(start(service, ALICE, 200 + n) for n in range(4)), return_exceptions=True)
    started = [r for r in results if isinstance(r, MatchUpdate)]
    refused = [r for r in results if isinstance(r, ComputerLimitError)]
    assert len(started) == 1 and len(refused) == 3, results
    assert "one member may play 1 at a time" in str(refused[0])
