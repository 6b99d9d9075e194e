"""Resignations (R7.4): offered with /bg resign, declined (play goes on) or accepted (the game ends)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import one_bot_per_module
from tests.e2e.table import acknowledged_in_time, labels, start_match
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser

pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module()  # one bot for the module's scenarios


async def test_resignation_declined_then_accepted(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3)
    mover = table.to_act()
    assert mover is not None
    resigner = table.other(mover)

    version = table.game.version
    reply = acknowledged_in_time(await resigner.slash("bg resign", kind="gammon", in_channel=table.channel))
    assert reply.ephemeral
    offer = await table.updated(version)
    assert f"{resigner.name} offers to resign a gammon (2 points)." in offer.content
    assert labels(offer) == ["Accept resignation", "Decline"] and mover.mention in offer.content

    declined = await table.click(mover, "Decline")
    assert f"{mover.name} declines the resignation; play goes on." in declined.content
    assert table.to_act() is mover  # back to the mover's turn, as before the offer

    version = table.game.version
    acknowledged_in_time(await resigner.slash("bg resign", in_channel=table.channel))
    await table.updated(version)
    opening = await table.click(mover, "Accept resignation")
    result = table.boards[-2]  # the final board of game 1 (the board offered on), then game 2's opening
    assert f"**{mover.name} wins game 1 as {resigner.name} resigned, worth 1 point.**" in result.content
    assert f"Score: Alice {1 if mover is alice else 0}, Bob {1 if mover is bob else 0} (match to 3)." in (
        result.content
    )
    assert "Opening roll" in opening.content and table.to_act() is not None


async def test_resigning_a_money_game_ends_it(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, money=True)
    mover = table.to_act()
    assert mover is not None
    version = table.game.version
    acknowledged_in_time(await mover.slash("bg resign", kind="backgammon", in_channel=table.channel))
    await table.updated(version)
    other = table.other(mover)
    accepted = await table.click(other, "Accept resignation")
    # Jacoby (on by default in money games, R7.3): no double was taken, so the backgammon counts single
    assert f"**{other.name} wins game 1 as {mover.name} resigned, worth 1 point.**" in accepted.content
    assert f"**{other.name} wins the money game.**" in accepted.content
    assert labels(accepted) == ["Rematch"]  # issue 20
