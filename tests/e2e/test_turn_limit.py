"""The turn time limit (R9.5): set by an admin, a reminder at half time, then the opponent may claim.

The bot's service clock runs 60 times faster here (tests/e2e/site), so a 2-minute limit takes 2 seconds.
"""

from __future__ import annotations

import random

from tests.e2e.conftest import seeded_env
from tests.e2e.table import acknowledged_in_time, finish_turn, labels, start_match
from tests.support.discord_standin import DiscordStandin, ScenarioUser, wait_until
from tests.support.discord_standin.pytest_plugin import LaunchBot

CLOCK_RATE = 60.0


async def test_reminder_then_claim(
    standin: DiscordStandin, launch_bot: LaunchBot, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    await launch_bot(**seeded_env(clock_rate=CLOCK_RATE))
    alice, bob = players
    shown = acknowledged_in_time(await alice.slash("bgadmin turn-limit"))
    assert "24 hours" in (await shown.settled()).content or "1 day" in (await shown.settled()).content
    bad = acknowledged_in_time(await alice.slash("bgadmin turn-limit", duration="soon"))
    assert "24h" in (await bad.settled()).content
    changed = acknowledged_in_time(await alice.slash("bgadmin turn-limit", duration="2m"))
    assert "2 minutes" in (await changed.settled()).content

    table = await start_match(standin, alice, bob, length=5)
    slow = table.to_act()
    assert slow is not None
    claimant = table.other(slow)

    reminder = await table.next_other(timeout=20)
    assert reminder.content.startswith(f"{slow.mention}, reminder: it is your turn")
    offer = await table.next_other(timeout=20)
    assert offer.content.startswith(claimant.mention) and [b.label for b in offer.buttons] == ["Claim win"]

    own = acknowledged_in_time(await slow.click(offer, "Claim win"))
    assert "your turn" in (await own.next_followup(timeout=5)).content.lower()

    # the slow player moves after all: the offer now belongs to an older board
    await finish_turn(table, random.Random(2))
    late = acknowledged_in_time(await claimant.click(offer, "Claim win"))
    assert (await late.next_followup(timeout=5)).content.startswith("This board is out of date.")
    assert table.to_act() is claimant

    # now the claimant dawdles: reminded, then the other player claims the match
    while not (message := await table.next_other(timeout=20)).buttons:
        assert message.content.startswith(f"{claimant.mention}, reminder")
    assert message.content.startswith(slow.mention)
    version = table.game.version
    acknowledged_in_time(await slow.click(message, "Claim win"))
    final = await table.updated(version)  # the board, edited in place into the final one (issue 33)
    assert f"{slow.name} claims the win: {claimant.name} did not act in time." in final.content
    assert f"**{slow.name} wins the match" in final.content
    assert labels(final) == ["Rematch"]  # issue 20: a finished match offers a rematch
    await wait_until(message, lambda offer: not offer.buttons)  # retired once the final board is up (issue 15)
