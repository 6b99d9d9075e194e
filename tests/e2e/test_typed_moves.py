"""A 1-point match played to the end through `/bg move` with autocomplete, and typed mistakes refused privately."""

from __future__ import annotations

import random

import pytest

from tests.e2e.conftest import one_bot_per_module
from tests.e2e.table import acknowledged_in_time, is_game_result, labels, start_match
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser

pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module()  # one bot for the module's scenarios

MAX_TURNS = 400


@pytest.mark.slow
async def test_one_point_match_by_typed_moves(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=1, thread=False)  # commands typed in the channel
    rng = random.Random(11)
    turns = 0
    while (player := table.to_act()) is not None:
        assert turns < MAX_TURNS, "the match did not end"
        if "Roll" in labels(table.game):
            await table.click(player, "Roll")
            continue
        other = table.other(player)
        assert await other.autocomplete("bg move", "play", "") == []  # not their turn: nothing offered
        choices = await player.autocomplete("bg move", "play", "")
        assert 1 <= len(choices) <= 25
        play = rng.choice(choices)["value"]
        if turns % 7 == 0:
            prefix = play[:3]
            narrowed = await player.autocomplete("bg move", "play", prefix)
            assert narrowed and all(prefix in choice["value"] for choice in narrowed)
            assert narrowed[0]["value"].startswith(prefix)
        old, content, version = table.game, table.game.content, table.game.version
        reply = acknowledged_in_time(await player.slash("bg move", play=play))  # answered once stored and shown
        assert reply.ephemeral
        board = await table.updated(version)
        # the play is shown on the same board (issue 33), or on a new one for a player who was away, posted before
        # the old one is deleted (issue 15: never a moment with no controls)
        assert board is old or old.deleted or is_game_result(old)
        assert board is not old or board.content != content  # the play shown
        turns += 1
    assert "wins the match 1-0!" in table.game.content


async def test_illegal_and_out_of_turn_typed_moves_are_refused_privately(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=1, thread=False)  # commands typed in the channel
    player = table.to_act()
    assert player is not None
    if "Roll" in labels(table.game):
        await table.click(player, "Roll")
    other = table.other(player)
    before = (table.game.version, table.game.content)

    refused = acknowledged_in_time(await player.slash("bg move", play="24/1"))
    answer = await refused.settled(timeout=10)  # the deferred private answer becomes the explanation
    assert answer.ephemeral and answer.visible_to == player.id
    assert answer.content and not answer.content.startswith("Sorry"), answer.content  # the engine's reason

    garbled = acknowledged_in_time(await player.slash("bg move", play="hello"))
    assert "hello" in (await garbled.settled(timeout=10)).content

    wrong_turn = acknowledged_in_time(await other.slash("bg move", play="24/18 13/11"))
    assert f"It is {player.name}'s turn" in (await wrong_turn.settled(timeout=10)).content

    stranger = standin.add_user("Carol")
    none_here = acknowledged_in_time(await stranger.slash("bg move", play="24/18", in_channel=table.channel))
    assert "between Alice and Bob" in (await none_here.settled(timeout=10)).content
    assert (table.game.version, table.game.content) == before
    public = [message for message in table.channel.messages if not message.ephemeral]
    assert public[-1] is table.game  # nothing was posted for anyone else to see
