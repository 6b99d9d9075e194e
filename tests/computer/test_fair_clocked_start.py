"""A match against the computer has committed dice (issue 18: the computer's seed is the empty string) and the
clock chosen, or the server's default (issue 20)."""

from __future__ import annotations

from bot.engine.options import MatchOptions
from bot.service import GameService
from bot.service.clocks import ClockPreset
from bot.store import Database
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, GUILD, PlayerRef

COMPUTER = PlayerRef(999, "Gammon")


async def test_the_human_seed_and_the_computers_empty_seed_make_the_dice(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock)  # the bot's own committed dice
    update = await service.computer.start_match(
        guild_id=GUILD,
        channel_id=10,
        human=ALICE,
        computer=COMPUTER,
        options=MatchOptions(3),
        level="beginner",
        clock=ClockPreset.BLITZ,
        seed="lucky",
    )
    record = update.record
    assert record.fairness is not None and record.fairness.server_seed is None
    assert (record.fairness.challenger_seed, record.fairness.acceptor_seed) == ("lucky", "")
    assert record.clock is not None and record.clock.preset is ClockPreset.BLITZ


async def test_without_a_clock_the_servers_default_is_used(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock)
    await service.settings.set_clock(GUILD, ClockPreset.STANDARD)
    record = (
        await service.computer.start_match(
            guild_id=GUILD,
            channel_id=11,
            human=ALICE,
            computer=COMPUTER,
            options=MatchOptions.money(),
            level="expert",
        )
    ).record
    assert record.clock is not None and record.clock.preset is ClockPreset.STANDARD
