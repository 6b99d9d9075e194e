"""A match against the computer has committed dice (issue 18; the computer's seed is the id of the message that
showed their commitment, issue 31 item 7) and the clock chosen, or the server's default (issue 20)."""

from __future__ import annotations

from bot.engine.options import MatchOptions
from bot.fairness.check import check_mat, read_tags
from bot.records import match_to_mat
from bot.service import GameService
from bot.service.clocks import ClockPreset
from bot.store import Database
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, GUILD, PlayerRef, announce, discord_id, play_to_the_end

COMPUTER = PlayerRef(999, "Gammon")


async def test_the_humans_seed_and_the_announcements_id_make_the_dice_and_the_export_checks(
    db: Database, clock: FakeClock
) -> None:
    """Issue 31 item 7: the server seed is drawn and its commitment shown before the match exists; the computer's
    seed is the id Discord gave that message (it used to be empty, so only the bot's seeds made the dice)."""
    service = GameService(db, clock=clock)  # the bot's own committed dice
    shown: list[str] = []
    message_id = discord_id()

    async def show_commitment(commitment: str) -> int:
        assert await db.execute_fetchall("SELECT id FROM matches") == []  # no match, no roll yet
        shown.append(commitment)
        return message_id

    update = await service.computer.start_match(
        guild_id=GUILD,
        channel_id=10,
        human=ALICE,
        computer=COMPUTER,
        options=MatchOptions(1),
        level="beginner",
        announce=show_commitment,
        clock=ClockPreset.BLITZ,
        seed="lucky",
    )
    record = update.record
    assert record.fairness is not None and record.fairness.server_seed is None
    assert [record.fairness.commitment] == shown
    assert (record.fairness.challenger_seed, record.fairness.acceptor_seed) == ("lucky", str(message_id))
    assert record.clock is not None and record.clock.preset is ClockPreset.BLITZ

    played = await play_to_the_end(service, record, 7)  # both seats by random legal actions
    finished = await service.match(played.id)
    assert finished.fairness is not None and finished.fairness.server_seed
    exported = match_to_mat(finished.match.log, fairness=finished.fairness)
    assert read_tags(exported)["Acceptor seed"] == str(message_id)
    result = check_mat(exported)
    assert result.ok, "\n".join(result.lines)


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
            announce=announce,
        )
    ).record
    assert record.clock is not None and record.clock.preset is ClockPreset.STANDARD
