"""A challenge nobody answers expires, and says so, also across a restart: the scenarios share one bot, whose service
clock runs fast."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.conftest import one_bot_per_module, seeded_env
from tests.e2e.table import posted_challenge
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser, wait_until

#: The service clock runs this much faster in the expiry test: the 10 minutes pass in 6 seconds.
CLOCK_RATE = 100.0

pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module(seeded_env(clock_rate=CLOCK_RATE))  # each scenario in a channel of its own


@pytest.mark.slow
async def test_a_challenge_nobody_answers_expires_and_its_buttons_say_so(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    challenge = await posted_challenge(standin, await alice.slash("bg challenge", opponent=bob), alice)
    await wait_until(challenge, lambda m: "expired" in m.content, timeout=20)
    assert [(b.label, b.disabled) for b in challenge.buttons] == [("Expired", True)]


@pytest.mark.slow
async def test_after_a_restart_an_expired_challenge_still_says_so_by_itself(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    challenge = await posted_challenge(standin, await alice.slash("bg challenge", opponent=bob), alice)
    await asyncio.sleep(1)  # the bot stores where the message is right after posting it
    await bot.restart()  # the new process finds the challenge's message in the database
    assert [b.label for b in challenge.buttons] == ["Accept", "Accept with my seed", "Decline", "Withdraw"]
    await wait_until(challenge, lambda m: "expired" in m.content, timeout=20)  # nobody clicked
    assert [(b.label, b.disabled) for b in challenge.buttons] == [("Expired", True)]
