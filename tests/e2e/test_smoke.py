"""The shortest path through the real bot: a challenge accepted gives a board with controls; a step redraws it;
Discord's rate limits are waited out. Both scenarios share one bot per database, each in a channel of its own."""

from __future__ import annotations

import random

import pytest

from tests.e2e.conftest import BACKENDS, one_bot_per_module
from tests.e2e.table import finish_turn, labels, start_match
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser

pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module(backends=BACKENDS)  # issue 19: on SQLite, then on PostgreSQL


async def test_first_board_after_accepting_and_each_step_redraws_it(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3)
    game = table.game
    assert game.attachments[0].is_png and game.attachments[0].size[0] >= 400
    assert "Opening roll" in game.content
    mover = table.to_act()
    assert mover is not None and game.content.splitlines()[-1].startswith(mover.mention)
    picture = game.attachments[0].data
    step = next(label for label in labels(game) if "/" in label or label.startswith("From "))
    after = await table.click(mover, step)
    if step.startswith("From "):  # the die is asked for: the picture stays until a checker moves
        assert after.attachments[0].data == picture
        after = await table.click(mover, next(label for label in labels(after) if "/" in label))
    assert after is game  # the same message, edited in place
    assert after.attachments[0].data != picture and "So far:" in after.content
    assert "Undo" in labels(after)
    # The bot identified with the guilds intent only (bot.app.gateway_intents), so none of its boards came back
    # to it as MESSAGE_CREATE or MESSAGE_UPDATE events, and yet it played: nothing needs them.
    assert standin.session is not None and standin.session.intents == 1 << 0


async def test_a_rate_limited_answer_is_retried_and_the_turn_passes(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3)
    mover = table.to_act()
    assert mover is not None
    limited = standin.rate_limited  # (the module's earlier scenarios' too)
    standin.rate_limit("/callback", count=2, retry_after=0.3)  # Discord answers 429 twice: discord.py waits
    await finish_turn(table, random.Random(6))
    assert standin.rate_limited - limited == 2
    assert table.to_act() is table.other(mover)
    assert table.game.attachments[0].is_png
