"""The Resign button and the move list beside the play controls (issue 33), pressed through the stand-in."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import one_bot_per_module
from tests.e2e.table import acknowledged_in_time, labels, start_match
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser

pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module()  # one bot for the module's scenarios


async def test_resign_button_asks_privately_then_offers_on_the_board(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3)
    mover = table.to_act()
    assert mover is not None
    other = table.other(mover)
    board = table.game
    assert labels(board, extras=True)[-2:] == ["Resign", "Moves"]

    spectator = standin.add_user("Carol")
    refused = await table.refused(spectator, "Resign")
    assert refused == "This game is between Alice and Bob."  # and the board is unchanged (checked by `refused`)

    reply = acknowledged_in_time(await mover.click(board, "Resign"))
    question = await reply.private_answer(timeout=10)
    assert question.ephemeral and question.visible_to == mover.id
    assert "What do you offer to resign?" in question.content
    assert [button.label for button in question.buttons] == [
        "Single game (1 point)",
        "Gammon (2 points)",
        "Backgammon (3 points)",
    ]
    assert table.game is board and table.to_act() is mover  # asking changed nothing yet

    version, board_version = question.version, board.version
    acknowledged_in_time(await mover.click(question, "Gammon (2 points)"))
    offer = await table.updated(board_version)  # both are here: the board is edited, or posted anew
    assert f"{mover.name} offers to resign a gammon (2 points)." in offer.content
    assert labels(offer) == ["Accept resignation", "Decline"] and other.mention in offer.content
    await standin.eventually(lambda: question.version > version, timeout=10, what="the private choice answered")
    assert question.content == "You offered to resign a gammon. It is on the board." and not question.buttons

    declined = await table.click(other, "Decline")
    assert f"{other.name} declines the resignation; play goes on." in declined.content


async def test_moves_button_answers_privately_with_the_match_so_far(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3)
    spectator = standin.add_user("Carol")
    board = table.game
    reply = acknowledged_in_time(await spectator.click(board, "Moves"))
    listed = await reply.private_answer(timeout=10)
    assert listed.ephemeral and listed.visible_to == spectator.id
    assert listed.content.startswith("```\nGame 1: Alice 0, Bob 0 (3-point match)\n")
    mover = table.to_act()
    assert mover is not None and f"{mover.name}  " in listed.content and "(to play)" in listed.content
    assert table.game is board and board.buttons  # nothing changed on the board
