"""After a crash, at most one message of a match shows live controls (issue 31); nor after a typed command racing
the post of the next board (issue 16's leftover).

The old board is retired before the new one is posted, so a match never has two boards with live controls (the
stand-in checks it after every message it changes). Killed the moment Discord creates the new board (the bot never
learns its id), the restarted bot adopts that board instead of posting another; killed before the post reached
Discord, it posts the board at the restart. Each kill happens while the bot's request is held at the stand-in
(faults.Hold), so the moment is exact, as is the moment of the typed command. The scenarios share one bot, each
in a channel of its own.
"""

from __future__ import annotations

import random
from functools import partial

import pytest

from tests.e2e.boards_left import hand_over_held, live_controls, match_of, only_the_final_board_is_live, seat_to_act
from tests.e2e.conftest import one_bot_per_module, seeded_env
from tests.e2e.table import acknowledged_in_time, start_match
from tests.e2e.test_stuck_matches import steps_until_done, the_game_goes_on
from tests.support.discord_standin import BotProcess, Channel, DiscordStandin, Message, ScenarioUser

pytestmark = pytest.mark.asyncio(loop_scope="module")
#: Every player counts as away (issue 33), so that each turn passing posts a new board and deletes the old: the
#: moment a crash, or a command typed meanwhile, can leave two boards.
bot, standin = one_bot_per_module(seeded_env() | {"AWAY_SECONDS": "0"})


def live_boards(channel: Channel) -> list[Message]:
    """The messages of the channel with game controls a member could still press."""
    return [m for m in channel.messages if not m.ephemeral and not m.deleted and live_controls(m)]


def one_live_board(channel: Channel) -> bool:
    return len(live_boards(channel)) == 1


async def only_one_stays_live(standin: DiscordStandin, channel: Channel, what: str) -> Message:
    try:
        await standin.eventually(partial(one_live_board, channel), timeout=10, what=what)
    except TimeoutError:
        left = [(message.id, message.content.rsplit("\n", 1)[-1]) for message in live_boards(channel)]
        raise AssertionError(f"boards left with live controls: {left}") from None
    return live_boards(channel)[0]


@pytest.mark.slow
async def test_killed_once_the_new_board_is_created_one_board_keeps_controls(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """Done is pressed; the bot is killed while its post of the next board is held, and then Discord creates that
    board all the same (the bot, dead, never learns its id). Restarted, the bot leaves one board with controls (it
    used to post a third beside it), and the game goes on from it."""
    alice, bob = players
    rng = random.Random(5)
    table = await start_match(standin, alice, bob, length=3, thread=False)
    mover = await steps_until_done(table, rng)
    old = table.game
    hold = standin.hold("POST", f"/channels/{table.channel.id}/messages")
    acknowledged_in_time(await mover.click(old, "Done"))
    await hold.wait_reached()
    await bot.kill()
    hold.release()  # carried out: Discord created the board, nobody heard the answer
    orphan = await table.next_board()
    assert old.deleted and orphan.buttons  # retired before the post: never two boards with controls

    logged = bot.log_path.stat().st_size  # the restarted bot's lines follow
    await bot.start()
    await bot.wait_ready()
    live = await only_one_stays_live(standin, table.channel, "one board of the match left with controls")
    await standin.eventually(
        lambda: b"were stored but not shown" in bot.log_path.read_bytes()[logged:], timeout=10, what="the keeper's scan"
    )
    assert live is orphan  # adopted: the board Discord created is made the current one, no other is posted
    table.current = live
    assert table.to_act() is table.other(mover), live.content
    await the_game_goes_on(table, rng)
    assert one_live_board(table.channel), [m.content for m in live_boards(table.channel)]


@pytest.mark.slow
async def test_killed_between_retiring_the_old_board_and_posting_the_new_the_board_is_posted_at_start_up(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """The old board is retired first; the bot is killed while its post of the new board is held, and the post
    never reaches Discord. For that moment the match has no board with controls (never two). Restarted, the bot
    posts the board of the stored action (tests/e2e/test_stuck_matches.py plays on from there)."""
    alice, bob = players
    rng = random.Random(6)
    table = await start_match(standin, alice, bob, length=3, thread=False)
    mover = await steps_until_done(table, rng)
    old = table.game
    hold = standin.hold("POST", f"/channels/{table.channel.id}/messages")
    acknowledged_in_time(await mover.click(old, "Done"))
    await hold.wait_reached()
    await bot.kill()
    hold.release(carry_out=False)
    assert old.deleted and not live_boards(table.channel)

    await bot.start()
    await bot.wait_ready()
    new = await only_one_stays_live(standin, table.channel, "the stored action's board posted")
    assert new.content.splitlines()[-1].startswith(table.other(mover).mention), new.content


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
    seats, match = {alice.id: 0, bob.id: 1}, match_of(table.game)  # the challenger is player 0
    held = await hand_over_held(standin, table, first, new_board=True)
    offer = await second.slash("bg resign", kind="backgammon")  # 3 points: the match
    acknowledged_in_time(offer)
    await standin.eventually(
        lambda: seat_to_act(bot.database_path, match) == seats[first.id], timeout=15, what="the resignation offer"
    )
    held.release()
    asking_second = await table.next_board()
    assert "Roll" in [button.label for button in asking_second.history[0].buttons], asking_second.history[0].content
    offered = await table.next_board()
    assert "offers to resign" in offered.content and table.to_act() is first
    final = await table.click(first, "Accept resignation")
    assert "wins the match" in final.content, final.content
    await only_the_final_board_is_live(standin, table.channel, final)
