"""The board keeper's start-up scan leaves alone a match whose first board is on its way (issue 16's leftover).

Once ready, the bot shows again every match whose stored version is not shown (cogs/board_keeper.py). A match
accepted a moment before is stored before its first board is posted; its accept used to run outside
`publisher.acting`, so the scan could post the board itself, without what the accept's board says (the opening
roll), and the accept's own post then had nothing to add.
"""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.conftest import seeded_env
from tests.e2e.table import Table, posted_challenge
from tests.support.discord_standin import DiscordStandin, ScenarioUser, wait_until
from tests.support.discord_standin.pytest_plugin import LaunchBot

#: What the bot logs once ready (on_ready); the keeper's scan comes after it.
READY = "Logged in as"
#: What the keeper logs when its scan found matches stored but not shown.
SCANNED = "were stored but not shown"


@pytest.mark.slow
async def test_a_match_accepted_while_the_bot_starts_gets_the_accepts_own_first_board(
    standin: DiscordStandin, launch_bot: LaunchBot, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """Bob accepts before the bot is ready; the accept's answer (the challenge marked accepted) is held at the
    stand-in, so the match is stored and its first board not yet posted when the keeper scans. The only board
    posted is the accept's: it carries the dice commitment."""
    bot = await launch_bot(**seeded_env(race_window=True))
    alice, bob = players
    challenged = await alice.slash("bg challenge", opponent=bob, length=1, thread=False)
    challenge = await posted_challenge(standin, challenged, alice)
    channel = standin.channels[challenge.channel_id]
    held = standin.hold("POST", "/callback")  # the press's answer: the challenge marked accepted
    pressing = asyncio.ensure_future(bob.click(challenge, "Accept"))
    await held.wait_reached(timeout=15)
    assert READY not in bot.log(), "the bot was ready before the match was stored: no race to show"
    try:
        await standin.eventually(
            lambda: SCANNED in bot.log(),
            timeout=30,
            what="the keeper's start-up scan, which finds the accepted match not shown yet",
        )
    finally:
        held.release()
    table = Table(standin, channel, (alice, bob))
    first = await table.next_board(timeout=20)
    assert "Opening roll" in first.content, first.content  # the match's first board
    posted = [message for message in channel.messages if message is not challenge and not message.ephemeral]
    assert posted == [first], [message.content for message in posted]  # the keeper posted no board of its own
    await pressing  # held past Discord's 3 s, the answer came too late: the challenge was edited by its id instead
    await wait_until(challenge, lambda message: "accepted" in message.content, timeout=10)
    assert {violation.rule for violation in standin.take_violations()} <= {"acknowledge within 3 s"}
