"""The cube through the real bot: double and take, redouble, beaver accepted, double and drop (R6, R7.3)."""

from __future__ import annotations

import random

import pytest

from tests.e2e.conftest import one_bot_per_module
from tests.e2e.table import labels, start_match, until_may_double
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser

pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module()  # one bot for the module's scenarios


async def test_double_take_redouble_beaver_and_drop_in_a_money_game(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    rng = random.Random(3)
    table = await start_match(standin, alice, bob, money=True, beavers=True)
    first = table.to_act()
    assert first is not None
    second = table.other(first)

    # double and take (R6.2): the taker owns the cube at 2; the doubler then plays on
    await until_may_double(table, second, rng)
    offer = await table.click(second, "Double")
    assert labels(offer) == ["Take", "Drop", "Beaver"] and first.mention in offer.content
    assert f"{second.name} doubles to 2." in offer.content
    taken = await table.click(first, "Take")
    assert f"{first.name} takes; the cube is at 2." in taken.content
    assert table.to_act() is second and "Double" not in labels(taken)  # the cube is the taker's now (R6.1)

    # redouble by the owner, answered with a beaver (R6.4) that the doubler accepts: 8, owned by the beaverer
    await until_may_double(table, first, rng)
    redouble = await table.click(first, "Double")
    assert f"{first.name} doubles to 4." in redouble.content
    beaver = await table.click(second, "Beaver")
    assert labels(beaver) == ["Accept beaver", "Refuse beaver"] and first.mention in beaver.content
    accepted = await table.click(first, "Accept beaver")
    assert f"{first.name} accepts the beaver; the cube is at 8." in accepted.content

    # the beaverer owns the cube: their double to 16 is dropped, losing the 8 at stake (R6.2)
    await until_may_double(table, second, rng)
    last = await table.click(second, "Double")
    assert "Beaver" in labels(last)
    dropped = await table.click(first, "Drop")
    assert labels(dropped) == ["Rematch"]  # issue 20
    assert f"**{second.name} wins game 1 as {first.name} refused the cube, worth 8 points.**" in dropped.content
    assert f"**{second.name} wins the money game.**" in dropped.content


async def test_beaver_refused_loses_the_value_before_the_beaver(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    rng = random.Random(5)
    table = await start_match(standin, alice, bob, money=True, beavers=True)
    first = table.to_act()
    assert first is not None
    second = table.other(first)
    await until_may_double(table, second, rng)
    await table.click(second, "Double")
    await table.click(first, "Beaver")
    refused = await table.click(second, "Refuse beaver")
    assert f"{second.name} refuses the beaver." in refused.content
    assert f"**{first.name} wins game 1 as {second.name} refused the cube, worth 2 points.**" in refused.content


async def test_no_beaver_in_a_match_and_drop_ends_the_game(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    rng = random.Random(9)
    table = await start_match(standin, alice, bob, length=5)
    first = table.to_act()
    assert first is not None
    second = table.other(first)
    await until_may_double(table, second, rng)
    offer = await table.click(second, "Double")
    assert labels(offer) == ["Take", "Drop"]  # beavers are for money games only (R8.3)
    opening = await table.click(first, "Drop")
    result = table.boards[-2]  # the finished game's final board, with the result and no controls
    assert result.content.startswith(f"{first.name} drops.\n**{second.name} wins game 1 as {first.name} refused the")
    assert "Score: Alice" in result.content and not result.buttons and result.attachments[0].is_png
    assert "Opening roll" in opening.content and "<@" not in result.content
    assert table.to_act() is not None  # the next game started with its opening roll
