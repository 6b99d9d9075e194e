"""The turn timer after a SIGKILL restart (R9.5): an overdue turn's claim offer is posted once (on the board,
issue 33), not again by the new process (whether it was offered is stored, not kept in memory), and the board the
new process knows still offers the claim.

The service clock runs 60 times faster (tests/e2e/site), so the 2-minute limit takes 2 seconds; a restarted
process's clock starts behind the old one by about the restart time, so the test waits well past that.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.e2e.conftest import seeded_env
from tests.e2e.quiet_counts import only_what_a_match_keeps
from tests.e2e.table import acknowledged_in_time, labels, start_match
from tests.support.discord_standin import DiscordStandin, ScenarioUser
from tests.support.discord_standin.pytest_plugin import LaunchBot

CLOCK_RATE = 60.0


@pytest.mark.slow
async def test_a_claim_offer_is_not_posted_again_after_a_restart(
    standin: DiscordStandin, launch_bot: LaunchBot, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    process = await launch_bot(**seeded_env(clock_rate=CLOCK_RATE))
    alice, bob = players
    acknowledged_in_time(await alice.slash("bgadmin turn-limit", duration="2m"))
    table = await start_match(standin, alice, bob, length=3)
    slow = table.to_act()
    assert slow is not None
    offer = await table.next_board(timeout=20)  # the reminder's board (unless both fell in one round of the timer)
    while "Claim win" not in labels(offer, extras=True):
        assert "reminder" in offer.content
        offer = await table.next_board(timeout=20)

    started = time.monotonic()
    await process.restart()
    restart_seconds = time.monotonic() - started
    # The new clock catches up with the old one after about the restart time; then the turn is overdue again
    # for the new process, and several timer ticks (every 2 s) pass.
    await asyncio.sleep(restart_seconds + 8)
    offers = [
        message
        for message in table.channel.messages
        if any(button.label == "Claim win" for button in message.history[0].buttons)
    ]
    assert offers == [offer] and not offer.deleted, [message.content for message in offers]
    # the one offer still works
    version = table.game.version
    acknowledged_in_time(await table.other(slow).click(offer, "Claim win"))
    final = await table.updated(version)
    assert final is offer and "claims the win" in final.content and labels(final) == ["Rematch"]
    moves = await standin.wait_for_message(table.channel, timeout=10)
    result = await standin.wait_for_message(standin.general, timeout=10)
    only_what_a_match_keeps(standin, table.channel, moves, result)  # nothing of the timer's own (issue 33)
