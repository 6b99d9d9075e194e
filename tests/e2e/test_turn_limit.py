"""The turn time limit (R9.5): set by an admin, a reminder at half time, then the opponent may claim.

Neither is a message of its own (issue 33): the board is posted anew, the old one deleted, with the reminder (which
mentions the player to act) or the claim offer (which mentions the opponent too, and adds a Claim button beside the
controls of the player to act). So at any moment one message of the match has live controls, each player has at
most one unread mention from it, and the finished match leaves its final board, the move list, the challenge and
the result line only.

The bot's service clock runs 60 times faster here (tests/e2e/site), so a 6-minute limit takes 6 seconds: the
reminder is due 3 s before the claim, more than the timer's 2-second round, so that each gets a board of its own
(a turn due both at once, after a restart, gets the claim's board only).
"""

from __future__ import annotations

import random

from tests.e2e.conftest import seeded_env
from tests.e2e.quiet_counts import live_boards, only_what_a_match_keeps, unread_mentions
from tests.e2e.table import Table, acknowledged_in_time, finish_turn, labels, start_match
from tests.support.discord_standin import DiscordStandin, Message, ScenarioUser
from tests.support.discord_standin.pytest_plugin import LaunchBot

CLOCK_RATE = 60.0
CLAIM = "Claim win"
#: Real seconds without acting after which a player is away: less than the 6 s of a turn's limit here.
AWAY = 3.0


async def quiet(standin: DiscordStandin, table: Table) -> None:
    """One board with live controls (the one replaced is deleted right after the new one is up), and at most one
    unread mention from the match for each player."""
    thread = table.channel
    await standin.eventually(lambda: live_boards(thread) == 1, timeout=5, what="one board with live controls")
    for player in table.players:
        assert unread_mentions(standin, thread, player.id) <= 1, [(m.content, m.pinged) for m in thread.messages]


async def reminded(standin: DiscordStandin, table: Table, slow: ScenarioUser) -> Message:
    """At half the limit: the board posted anew, the reminder above its prompt, mentioning the player to act."""
    old = table.game
    board = await table.next_board(timeout=20)
    assert table.to_act() is slow and board.pinged == {slow.id}, (board.content, board.pinged)
    assert f"\n> {slow.mention}, reminder: it is your turn in " in board.content
    assert CLAIM not in labels(board, extras=True)
    await quiet(standin, table)
    assert old.deleted
    return board


async def offered(standin: DiscordStandin, table: Table, slow: ScenarioUser) -> Message:
    """When the limit runs out: the board posted anew, the offer (mentioning the opponent, and the player to act,
    whose reminder went with the old board) and the Claim button below the controls of the player to act."""
    claimant = table.other(slow)
    old = table.game
    board = await table.next_board(timeout=20)
    assert table.to_act() is slow and board.pinged == {slow.id, claimant.id}, board.pinged
    offer = f"> {claimant.mention}, {slow.name} has not acted for 6 minutes. You may claim the match, or keep waiting."
    assert offer in board.content.splitlines() and "reminder" not in board.content
    assert labels(board, extras=True)[-1] == CLAIM and labels(board)  # the player to act keeps their controls
    await quiet(standin, table)
    assert old.deleted
    return board


async def test_reminder_then_claim(
    standin: DiscordStandin, launch_bot: LaunchBot, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    await launch_bot(**seeded_env(clock_rate=CLOCK_RATE), AWAY_SECONDS=str(AWAY))
    alice, bob = players
    shown = acknowledged_in_time(await alice.slash("bgadmin turn-limit"))
    assert "24 hours" in (await shown.settled()).content or "1 day" in (await shown.settled()).content
    bad = acknowledged_in_time(await alice.slash("bgadmin turn-limit", duration="soon"))
    assert "24h" in (await bad.settled()).content
    changed = acknowledged_in_time(await alice.slash("bgadmin turn-limit", duration="6m"))
    assert "6 minutes" in (await changed.settled()).content

    table = await start_match(standin, alice, bob, length=5)
    slow = table.to_act()
    assert slow is not None
    claimant = table.other(slow)
    await reminded(standin, table, slow)
    board = await offered(standin, table, slow)
    assert "your turn" in (await table.refused(slow, CLAIM)).lower()  # not against oneself
    carol = standin.add_user("Carol")
    assert (await table.refused(carol, CLAIM)).startswith("This game is between")  # nor by anyone else

    # the slow player moves after all: a step edits the same board, which still offers the claim ...
    step = next(b.label for b in board.buttons if ":step:" in (b.custom_id or "") or ":pick:" in (b.custom_id or ""))
    assert await table.click(slow, step) is board and labels(board, extras=True)[-1] == CLAIM
    assert f"> {claimant.mention}, {slow.name} has not acted" in board.content
    # ... until the turn passes: the claimant has been away, so a new board mentions them, without the claim
    await finish_turn(table, random.Random(2))
    await quiet(standin, table)
    assert board.deleted and table.to_act() is claimant and CLAIM not in labels(table.game, extras=True)
    assert "has not acted" not in table.game.content

    # now the claimant dawdles: reminded, then the other player claims the match on the board
    await reminded(standin, table, claimant)
    board = await offered(standin, table, claimant)
    version = board.version
    acknowledged_in_time(await slow.click(board, CLAIM))
    final = await table.updated(version)  # the board, edited in place into the final one (issue 33)
    assert final is board
    assert f"{slow.name} claims the win: {claimant.name} did not act in time." in final.content
    assert f"**{slow.name} wins the match" in final.content and "has not acted" not in final.content
    assert labels(final, extras=True) == ["Rematch", "Moves"]  # issue 20: a finished match offers a rematch

    # issue 33, item 1: the thread keeps the final board and the move list, the channel the challenge and result
    moves = await standin.wait_for_message(table.channel, timeout=10)
    result = await standin.wait_for_message(standin.general, timeout=10)
    only_what_a_match_keeps(standin, table.channel, moves, result)
    assert table.others == [] and live_boards(table.channel) == 1  # the final board's Rematch
    assert unread_mentions(standin, table.channel, claimant.id) == 1  # the offer's board, now the final one
    assert unread_mentions(standin, table.channel, slow.id) == 0  # they claimed there: read
