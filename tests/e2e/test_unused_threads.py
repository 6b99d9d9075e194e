"""A thread the bot opened for a match that then did not start is deleted, which needs Manage Threads in the
channel (the README's invite permissions). Where the bot lacks it, the thread stays, and the bot says so: in its
log, naming the permission, and in the thread, to whoever opens it. The match does not start because the
challenger withdraws the challenge while the thread is being opened for an Accept (the thread's creation held at
the stand-in)."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.conftest import one_bot_per_module
from tests.e2e.table import acknowledged_in_time, posted_challenge, threads_of
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser
from tests.support.discord_standin.model import MANAGE_THREADS, Channel

pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module()  # one bot for the module's scenarios, each in a channel of its own


async def refused_accept(standin: DiscordStandin, challenger: ScenarioUser, acceptor: ScenarioUser) -> Channel:
    """The thread opened for an Accept that the service refuses: the challenge was withdrawn meanwhile."""
    channel = challenger.channel
    challenge = await posted_challenge(standin, await challenger.slash("bg challenge", opponent=acceptor), challenger)
    before = {thread.id for thread in threads_of(standin, channel)}
    opening = standin.hold("POST", "/threads")
    accepting = asyncio.create_task(acceptor.click(challenge, "Accept"))
    await opening.wait_reached()
    acknowledged_in_time(await challenger.click(challenge, "Withdraw"))
    opening.release()
    refused = await acknowledged_in_time(await accepting).next_followup(timeout=15)
    assert refused.ephemeral and "withdrawn" in refused.content, refused.content
    opened = [
        thread
        for thread in (*standin.channels.values(), *standin.deleted_channels)
        if thread.is_thread and thread.parent_id == channel.id and thread.id not in before
    ]
    assert len(opened) == 1
    return opened[0]


async def test_the_unused_thread_of_a_refused_accept_is_deleted(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    thread = await refused_accept(standin, *players)
    await standin.eventually(lambda: thread in standin.deleted_channels, timeout=10, what="the thread deleted")


async def test_without_manage_threads_the_thread_stays_and_the_bot_says_why(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    standin.denied[players[0].channel.id] = MANAGE_THREADS
    thread = await refused_accept(standin, *players)

    def said() -> list[str]:
        return [message.content for message in thread.messages if not message.ephemeral]

    await standin.eventually(lambda: bool(said()), timeout=10, what="a word in the thread")
    assert said() == [
        "No match is played in this thread: the match it was opened for did not start. I may not delete it (I need "
        "the Manage Threads permission in this channel); a moderator can."
    ]
    assert thread not in standin.deleted_channels and thread.id in standin.channels
    assert f"Could not delete thread {thread.id} (a refused accept): the bot lacks the Manage Threads" in bot.log()
