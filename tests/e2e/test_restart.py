"""The bot process killed with SIGKILL mid-turn and started again: the same message's buttons carry on."""

from __future__ import annotations

import random

import pytest

from tests.e2e.conftest import BOTH_BACKENDS
from tests.e2e.table import acknowledged_in_time, finish_turn, labels, start_match
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser

pytestmark = BOTH_BACKENDS  # issue 19


async def board_png(user: ScenarioUser) -> bytes:
    reply = acknowledged_in_time(await user.slash("bg board"))
    shown = await reply.settled()
    return shown.attachments[0].data


@pytest.mark.slow
async def test_sigkill_mid_turn_then_the_same_buttons_continue(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    rng = random.Random(4)
    table = await start_match(standin, alice, bob, length=3, thread=False)  # /bg board typed in the channel
    await finish_turn(table, rng)
    mover = table.to_act()
    assert mover is not None
    if "Roll" in labels(table.game):
        await table.click(mover, "Roll")
    moves = [label for label in labels(table.game) if "/" in label]  # a step that moves at once
    if not moves:
        moves = [label for label in labels(table.game) if label.startswith("From ")]
    await table.click(mover, moves[0])
    before_kill = table.game
    buttons_before = [(b.label, b.custom_id) for b in before_kill.buttons]
    picture_before = await board_png(alice)
    bobs_view_before = await board_png(bob)
    assert bobs_view_before != picture_before  # a player's private /bg board is drawn from their own side

    await bot.restart()  # SIGKILL, start again on the same database, wait until it is connected

    # nothing was lost: the same board, steps entered included
    assert (await board_png(alice), await board_png(bob)) == (picture_before, bobs_view_before)
    assert [(b.label, b.custom_id) for b in before_kill.buttons] == buttons_before
    assert table.game is before_kill
    await finish_turn(table, rng)  # clicking the very buttons of the message posted before the kill
    assert table.to_act() is not mover  # the turn passed: on that board, or on a new one (the old deleted)
    assert table.game is before_kill or before_kill.deleted
    for _ in range(3):  # and the game goes on
        player = table.to_act()
        assert player is not None
        if "Roll" in labels(table.game):
            await table.click(player, "Roll")
        await finish_turn(table, rng)
