"""Between two people too, every board loses its controls once a newer one replaces it (issue 16's leftover): at the
end of a match only the final board can be pressed, and only for a Rematch (issue 20)."""

from __future__ import annotations

import random

import pytest
import pytest_asyncio

from tests.e2e.boards_left import hand_over_held, only_the_final_board_is_live, seat_to_act
from tests.e2e.conftest import seeded_env
from tests.e2e.table import acknowledged_in_time, finish_turn, labels, start_match
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser
from tests.support.discord_standin.pytest_plugin import LaunchBot

MATCHES_IN_A_ROW = 3
MAX_CLICKS = 2000


@pytest_asyncio.fixture
async def bot(launch_bot: LaunchBot) -> BotProcess:
    """Every player counts as away (issue 33): each turn passing posts a new board (the race these tests hold)."""
    return await launch_bot(**seeded_env(), AWAY_SECONDS="0")


@pytest_asyncio.fixture
async def present_bot(launch_bot: LaunchBot) -> BotProcess:
    """Players who keep playing (the default away time): each game's board is edited in place, as in most matches
    (with every player away, each turn would post a new board, about one a second within the channel's limit)."""
    return await launch_bot(**seeded_env())


async def test_an_action_typed_while_the_next_board_is_posted_leaves_no_live_board_behind(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """The same race as the computer's, with a typed command: Alice's turn ends and the board asking Bob to roll is
    still being posted (held at the stand-in) when Bob offers to resign with `/bg resign`. His offer was stored
    before that board was recorded as current, so its update names Alice's board; the board asking Bob to roll
    must lose its Roll button all the same when the offer's board follows it."""
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3, thread=False)  # 3 points: the cube is alive
    first = table.to_act()
    assert first is not None
    second = table.other(first)
    seats = {alice.id: 0, bob.id: 1}  # the challenger is player 0
    held = await hand_over_held(standin, table, first, new_board=True)
    offer = await second.slash("bg resign", kind="backgammon")  # 3 points: the match
    acknowledged_in_time(offer)
    await standin.eventually(
        lambda: seat_to_act(bot.database_path) == seats[first.id], timeout=15, what="the resignation offer stored"
    )
    held.release()
    asking_second = await table.next_board()
    assert "Roll" in [button.label for button in asking_second.history[0].buttons], asking_second.history[0].content
    offered = await table.next_board()
    assert "offers to resign" in offered.content and table.to_act() is first
    final = await table.click(first, "Accept resignation")
    assert "wins the match" in final.content, final.content
    await only_the_final_board_is_live(standin, table.channel, final)


@pytest.mark.slow
async def test_after_one_point_matches_by_clicks_only_the_final_board_is_live(
    standin: DiscordStandin, present_bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """Several 1-point matches played by clicks, one after the other (Rematch): after each, no message in the
    channel but its final board has game controls."""
    alice, bob = players
    table = await start_match(standin, alice, bob, length=1)
    rng = random.Random(16)
    for played in range(1, MATCHES_IN_A_ROW + 1):
        for _ in range(MAX_CLICKS):
            player = table.to_act()
            if player is None:
                break
            if "Roll" in labels(table.game):
                await table.click(player, "Roll")
            else:
                await finish_turn(table, rng)
        else:
            raise AssertionError(f"match {played} did not end")
        final = table.game
        assert "wins the match" in final.content, final.content
        await only_the_final_board_is_live(standin, table.channel, final)
        if played < MATCHES_IN_A_ROW:
            seen = len(table.channel.messages)
            acknowledged_in_time(await alice.click(final, "Rematch"))  # both press it (issue 20) ...
            await standin.eventually(  # ... Bob after Alice's request, which shows the dice's commitment (issue 31)
                lambda seen=seen: any("wants a rematch" in m.content for m in table.channel.messages[seen:]),
                timeout=10,
                what="the request for a rematch",
            )
            acknowledged_in_time(await bob.click(final, "Rematch"))
            await table.next_board()
