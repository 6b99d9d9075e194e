"""Discord refusing the next board (issue 15): the action is stored, the player is told the truth, and the board
is shown once Discord lets it through; the turn clock (R9.5) does not run for a player who has no board. The
scenarios share one bot, whose service clock runs 60 times faster (it times turn limits only: the retries of a board
follow the real clock)."""

from __future__ import annotations

import random
import time

import pytest

from tests.e2e.conftest import GLOBAL_COMMANDS, one_bot_per_module, seeded_env
from tests.e2e.table import Table, acknowledged_in_time, labels, own_guild, start_match
from tests.e2e.test_stuck_matches import steps_until_done
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser
from tests.support.discord_standin.faults import MISSING_PERMISSIONS

pytestmark = pytest.mark.asyncio(loop_scope="module")
#: One bot for the module's scenarios, each in a channel of its own: a 2-minute turn limit takes 2 seconds. Every
#: player counts as away (issue 33), so that the turn passing posts the next board (the request Discord refuses)
#: whoever moves first: the shared bot's dice go on from one scenario to the next.
bot, standin = one_bot_per_module(seeded_env(clock_rate=60.0) | GLOBAL_COMMANDS | {"AWAY_SECONDS": "0"})

SAVED = "Your action was saved, but the new board could not be shown"


async def done_refused(standin: DiscordStandin, table: Table, mover: ScenarioUser) -> str:
    """Press Done while Discord refuses the next board; returns what the player is told privately."""
    reply = acknowledged_in_time(await mover.click(table.game, "Done"))
    answer = await reply.private_answer(timeout=40)
    assert answer.ephemeral and answer.visible_to == mover.id
    return answer.content


async def test_a_503_on_the_next_board_is_told_truthfully_and_the_board_follows(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3)
    mover = await steps_until_done(table, random.Random(3))
    standin.fail("POST", f"/channels/{table.channel.id}/messages", status=503, count=1)
    told = await done_refused(standin, table, mover)
    assert told.startswith(SAVED) and "Discord is having trouble" in told and "nothing was changed" not in told
    await table.next_board(timeout=15)  # tried again a moment later
    assert table.to_act() is table.other(mover) and table.game.buttons


@pytest.mark.slow
async def test_a_30_second_outage_of_502s_then_the_board_is_shown(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3)
    mover = await steps_until_done(table, random.Random(4))
    started = time.monotonic()
    standin.fail("POST", f"/channels/{table.channel.id}/messages", status=502, seconds=30)
    told = await done_refused(standin, table, mover)  # discord.py retries 502s for about 25 s, then gives up
    assert told.startswith(SAVED)
    await table.next_board(timeout=60)
    assert time.monotonic() - started >= 30  # not before Discord was back
    assert table.to_act() is table.other(mover) and table.game.buttons


async def test_a_lost_attach_files_permission_stops_the_turn_clock_until_the_board_is_shown(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    own_guild(standin, alice, bob)  # the turn limit is the server's: the other scenarios' matches keep theirs
    table = await start_match(standin, alice, bob, length=3)
    mover = await steps_until_done(table, random.Random(5))
    waiting = table.other(mover)
    standin.fail(
        "POST",
        "/messages",
        status=403,
        code=MISSING_PERMISSIONS,
        message="Missing Permissions",
        seconds=6,
        with_files=True,
    )
    told = await done_refused(standin, table, mover)
    assert told.startswith(SAVED) and "Attach Files" in told
    # The limit from now on, the mover's turn over (set before, its reminder could replace the board being played:
    # the timer looks every 2 seconds, and half a limit is 1 second); Discord refuses the board for 5 seconds more.
    acknowledged_in_time(await alice.slash("bgadmin turn-limit", duration="2m"))
    board = await table.next_board(timeout=30)  # once the permission is back
    shown_at = time.monotonic()
    assert table.to_act() is waiting and board.buttons
    # Turn limits passed while the board could not be shown: no reminder, no claim offer went out for them.
    assert "reminder" not in board.content and "Claim win" not in labels(board, extras=True)
    offer = await table.next_board(timeout=20)  # the reminder's board first, unless one round of the timer had both
    while "Claim win" not in labels(offer, extras=True):
        assert f"\n> {waiting.mention}, reminder" in offer.content
        offer = await table.next_board(timeout=20)
    assert time.monotonic() - shown_at >= 1.5 and table.to_act() is waiting and labels(offer)
