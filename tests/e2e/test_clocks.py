"""Match clocks and rematch through the stand-in (issue 20): a blitz match timed out by one player, then a rematch.

The bot's service clock runs 20 times faster here (tests/e2e/site): a 1-point blitz match (8 s delay + 30 s)
runs out in about two seconds.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.e2e.conftest import seeded_env
from tests.e2e.quiet_counts import only_what_a_match_keeps
from tests.e2e.table import acknowledged_in_time, labels, offer_resignation, start_match
from tests.support.discord_standin import DiscordStandin, ScenarioUser, wait_until
from tests.support.discord_standin.pytest_plugin import LaunchBot

CLOCK_RATE = 20.0


async def test_a_blitz_match_timed_out_then_a_rematch(
    standin: DiscordStandin, launch_bot: LaunchBot, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    await launch_bot(**seeded_env(clock_rate=CLOCK_RATE))
    alice, bob = players
    table = await start_match(standin, alice, bob, length=1, clock="blitz")
    first = table.game
    assert f"Clock (blitz): {alice.name} 0:30 · {bob.name} 0:30" in first.content
    slow = table.to_act()
    assert slow is not None
    assert re.search(rf"{slow.name}'s time runs out <t:\d+:R>", first.content)
    winner = table.other(slow)

    # nobody acts: the reserve runs out, and the board becomes the final one in place (issue 33)
    await wait_until(first, lambda board: board.deleted or "ran out of time" in board.content, timeout=20)
    final = await table.after_edit(first)
    assert f"**{slow.name} ran out of time** and loses the match." in final.content
    assert f"**{winner.name} wins the match 1-0!**" in final.content
    assert labels(final) == ["Rematch"]
    assert final is first or first.deleted  # the timed-out board is the final one, or retired

    acknowledged_in_time(await winner.click(final, "Rematch"))
    asked = await table.next_other(timeout=10)
    assert asked.content.startswith(f"{slow.mention}, {winner.name} wants a rematch")
    assert labels(final) == ["Rematch"]  # still there for the other player

    acknowledged_in_time(await slow.click(final, "Rematch"))
    rematch = await table.next_board(timeout=10)
    assert "Clock (blitz)" in rematch.content and rematch.buttons  # the same options and clock, same channel
    await wait_until(final, lambda message: not message.buttons)  # the button has done its job


@pytest.mark.slow
async def test_a_restart_mid_turn_does_not_charge_the_downtime(
    standin: DiscordStandin, launch_bot: LaunchBot, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """In real time (a restarted fast test clock would start behind the old one): 10 s into a blitz turn (8 s of
    delay, 2 s of reserve), the bot is killed for 8 s; after the restart the channel is told, and the reserve
    left is about 28 s, not the 20 s that charging the downtime would leave. The note is on the board, gone with its
    next edit: the finished match leaves nothing of it."""
    process = await launch_bot(**seeded_env())
    alice, bob = players
    table = await start_match(standin, alice, bob, length=1, clock="blitz")
    slow = table.to_act()
    assert slow is not None
    await asyncio.sleep(10)
    await process.kill()
    await asyncio.sleep(8)
    await process.start()
    await process.wait_ready()
    # the board says so, edited in place (issue 33: no message of its own), its clock line below the note
    board = table.game
    await wait_until(board, lambda m: "> The bot was down for " in m.content, timeout=20)
    assert "was paused meanwhile and runs again now" in board.content and not board.deleted
    found = re.search(rf"{re.escape(slow.name)} 0:(\d\d)", board.content)
    assert found is not None, board.content
    assert 25 <= int(found.group(1)) <= 30  # the heartbeat comes every 2 s: up to 2 s more may be left
    assert table.to_act() is slow  # still their turn: nothing timed out

    # the note goes with the board's next edit, and the finished match leaves nothing of it (issue 33, item 1)
    offered = await offer_resignation(table, slow)
    assert "The bot was down" not in offered.content
    version = offered.version
    acknowledged_in_time(await table.other(slow).click(offered, "Accept resignation"))
    final = await table.updated(version)
    moves = await standin.wait_for_message(table.channel, timeout=10)
    result = await standin.wait_for_message(standin.general, timeout=10)
    assert only_what_a_match_keeps(standin, table.channel, moves, result) == [final]
    assert table.others == []
    assert not [m.content for m in standin.messages.values() if not m.deleted and "The bot was down" in m.content]
