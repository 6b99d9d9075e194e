"""A match whose channel or thread is deleted ends, aborted and unrated, and `/bg matches` no longer lists it:
when Discord reports the deletion, and when the bot missed it (offline) and its next post answers 404
(issue 15). The players of a thread match are told in the channel the challenge was made in. The scenarios share
one bot, whose service clock runs 60 times faster (a 2-minute turn limit takes 2 seconds)."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.conftest import GLOBAL_COMMANDS, one_bot_per_module, seeded_env
from tests.e2e.table import Table, acknowledged_in_time, own_guild, start_match
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser

pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module(
    seeded_env(clock_rate=60.0) | GLOBAL_COMMANDS
)  # each scenario in a channel of its own

NO_MATCHES = "You have no active matches"


async def listed(user: ScenarioUser) -> str:
    """What `/bg matches` shows this user (run in their own channel)."""
    return (await acknowledged_in_time(await user.slash("bg matches")).settled()).content


async def until_not_listed(user: ScenarioUser, timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while NO_MATCHES not in await listed(user):
        assert asyncio.get_running_loop().time() < deadline, "the match is still listed"
        await asyncio.sleep(0.3)


async def ended_notice(standin: DiscordStandin, table: Table) -> str:
    """The message in the challenge's channel that tells both players their thread's match ended."""
    parent = standin.channels[table.channel.parent_id or 0]
    while True:
        message = await standin.wait_for_message(parent, timeout=10)
        if "ended without a result" in message.content:
            assert message.pinged == {player.id for player in table.players}
            return message.content


async def test_deleting_a_thread_ends_its_match_and_says_so_in_the_channel(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3, thread=True)
    assert "vs **Bob**" in await listed(alice)
    standin.delete_channel(table.channel)  # a moderator deletes the thread
    notice = await ended_notice(standin, table)
    assert "Alice vs Bob (3-point match #" in notice and "thread was deleted" in notice
    assert NO_MATCHES in await listed(alice) and NO_MATCHES in await listed(bob)
    # the players are free to play again, here or elsewhere
    again = await start_match(standin, alice, bob, length=1)
    assert again.to_act() is not None


async def test_deleting_a_channel_ends_its_match_and_those_of_its_threads(
    standin: DiscordStandin, bot: object, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    carol, dave = standin.add_user("Carol"), standin.add_user("Dave")
    games = standin.add_channel("games")
    for user in (alice, bob, carol, dave):
        user.channel = games
    await start_match(standin, alice, bob, length=3)  # in the channel itself
    await start_match(standin, carol, dave, money=True, thread=True)  # in a thread of it
    lobby = standin.add_channel("lobby")
    for user in (alice, bob, carol, dave):
        user.channel = lobby
        assert NO_MATCHES not in await listed(user)
    standin.delete_channel(games)
    for user in (alice, bob, carol, dave):
        await until_not_listed(user)


@pytest.mark.slow
async def test_a_deletion_missed_while_offline_ends_the_match_at_the_next_post(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    own_guild(standin, alice, bob)  # the turn limit is the server's: the other scenarios' matches keep theirs
    acknowledged_in_time(await alice.slash("bgadmin turn-limit", duration="2m"))  # a reminder after 1 s
    table = await start_match(standin, alice, bob, length=3, thread=True)
    await bot.kill()
    standin.delete_channel(table.channel)  # nobody is connected to hear it
    await bot.start()
    await bot.wait_ready()
    notice = await ended_notice(standin, table)  # the reminder met 404 Unknown Channel
    assert "thread was deleted" in notice
    assert NO_MATCHES in await listed(alice) and NO_MATCHES in await listed(bob)
