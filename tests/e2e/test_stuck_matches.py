"""No match can get stuck (issue 15): the bot killed, or Discord failing, between storing an action and showing it.

Each kill happens while the bot's request is held at the stand-in (faults.Hold), so the moment is exact: after
Done before the new board is posted, while the pressed board is being retired, after a checker step is stored
before the press is answered with its board, after Double before Take / Drop are shown. After the restart the
stored state is shown with working controls, and a press on an old board links to the current one, never to
itself.

Every player counts as away here (AWAY_SECONDS 0, issue 33), so that each turn passing posts a new board and
deletes the old one: the path with a moment between the two. The matches are played in the channel (thread=False),
where the commands are typed. The scenarios share one bot, each in a channel of its own; a restarted bot shows
again what the earlier scenarios left, in their channels.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.waits import HEADING as WAITS_HEADING
from tests.e2e.conftest import one_bot_per_module, seeded_env
from tests.e2e.table import Table, acknowledged_in_time, finish_turn, labels, start_match, until_may_double
from tests.support.discord_standin import BotProcess, DiscordStandin, Message, ScenarioUser, wait_until
from tests.support.discord_standin.faults import Hold

pytestmark = [pytest.mark.slow, pytest.mark.asyncio(loop_scope="module")]
#: Every player counts as away: each turn passing posts a new board and deletes the old.
bot, standin = one_bot_per_module(seeded_env() | {"AWAY_SECONDS": "0"})


async def kill_at(bot: BotProcess, hold: Hold) -> None:
    """SIGKILL the bot while its request is held (the request is never carried out), then start it again."""
    await hold.wait_reached()
    await bot.kill()
    hold.release(carry_out=False)
    await bot.start()
    await bot.wait_ready()


async def steps_until_done(table: Table, rng: random.Random) -> ScenarioUser:
    """Enter checker steps for the player moving now until only Done (and Undo) are left; returns the player."""
    player = table.to_act()
    assert player is not None
    if "Roll" in labels(table.game):
        await table.click(player, "Roll")
    for _ in range(20):
        shown = labels(table.game)
        if "Done" in shown:
            return player
        await table.click(player, rng.choice([label for label in shown if label not in ("Undo", "Back")]))
    raise AssertionError("Done never came")


def game_versions(message: Message) -> set[str]:
    """The versions the message's game buttons carry (bg:<match>:<version>:...)."""
    return {b.custom_id.split(":")[2] for b in message.buttons if b.custom_id and b.custom_id.startswith("bg:")}


async def the_game_goes_on(table: Table, rng: random.Random, turns: int = 2) -> None:
    for _ in range(turns):
        player = table.to_act()
        if player is None:
            return
        if "Roll" in labels(table.game):
            await table.click(player, "Roll")
        if table.to_act() is player and any(label not in ("Roll", "Double") for label in labels(table.game)):
            await finish_turn(table, rng)


async def test_killed_after_done_before_the_new_board_the_board_is_posted_at_start_up(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    rng = random.Random(5)
    table = await start_match(standin, alice, bob, length=3, thread=False)
    mover = await steps_until_done(table, rng)
    old = table.game
    hold = standin.hold("POST", f"/channels/{table.channel.id}/messages")
    acknowledged_in_time(await mover.click(old, "Done"))
    await kill_at(bot, hold)

    board = await table.next_board(timeout=20)  # posted by the restarted bot, unasked
    assert table.to_act() is table.other(mover), board.content
    assert board.buttons and board.content.splitlines()[-1].startswith(table.other(mover).mention)
    await wait_until(old, lambda message: message.deleted, timeout=10)  # the old board is retired after
    await the_game_goes_on(table, rng)


async def test_killed_while_the_pressed_board_is_retired_the_new_board_follows_at_start_up(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """Done is stored and the bot, which retires the pressed board before posting the next one, is killed while
    that deletion is held: the old board keeps its (now stale) controls and no new board exists. Restarted, the
    bot retires the old board and posts the stored action's board; never two boards with live controls (the
    stand-in checks every change)."""
    alice, bob = players
    rng = random.Random(6)
    table = await start_match(standin, alice, bob, length=3, thread=False)
    mover = await steps_until_done(table, rng)
    old = table.game
    hold = standin.hold("DELETE", "/messages/@original")  # the pressed board deleted
    acknowledged_in_time(await mover.click(old, "Done"))
    await kill_at(bot, hold)

    new = await table.next_board(timeout=20)
    assert old.deleted and table.to_act() is table.other(mover), new.content
    await the_game_goes_on(table, rng)


async def test_killed_after_a_step_is_stored_before_its_answer_the_board_is_brought_up_to_date(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """The step is stored; the press's answer (its new board) is held and the bot killed: the press was never
    acknowledged (Discord tells the player it failed), but the step is not lost. Restarted, the bot edits the
    board to show it, with the same player's controls."""
    alice, bob = players
    rng = random.Random(7)
    table = await start_match(standin, alice, bob, length=3, thread=False)
    mover = table.to_act()
    assert mover is not None
    if "Roll" in labels(table.game):
        await table.click(mover, "Roll")
    message = table.game
    before = game_versions(message)
    hold = standin.hold("POST", "/callback")  # the press answered with the step's board
    steps = [label for label in labels(message) if "/" in label] or [
        label for label in labels(message) if label.startswith("From ")
    ]
    pressing = asyncio.create_task(mover.click(message, steps[0]))
    await kill_at(bot, hold)
    assert not (await pressing).acknowledged

    await wait_until(message, lambda m: game_versions(m) and game_versions(m) != before, timeout=20)
    assert table.game is message and message.buttons  # edited in place, for the same player
    await standin.eventually(lambda: standin.violations, timeout=5, what="the unanswered press noted")
    assert {violation.rule for violation in standin.take_violations()} == {"acknowledge within 3 s"}
    await finish_turn(table, rng)  # its buttons work
    await the_game_goes_on(table, rng)


async def test_killed_once_a_press_was_answered_the_restart_redraws_nothing(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """A step's board is recorded with the step itself, before the press is answered with it (one write per
    press): a restart cannot know the answer got out, so it looks at the board, finds it carrying the stored
    version's controls, and leaves it as it is."""
    alice, bob = players
    rng = random.Random(10)
    table = await start_match(standin, alice, bob, length=3, thread=False)
    mover = table.to_act()
    assert mover is not None
    if "Roll" in labels(table.game):
        await table.click(mover, "Roll")
    board = table.game
    step = next(label for label in labels(board) if label not in ("Undo", "Back", "Done", "Resign"))
    await table.click(mover, step)
    seen = board.version
    logged = bot.log_path.stat().st_size
    await bot.restart()
    await standin.eventually(
        lambda: b"already shows version" in bot.log_path.read_bytes()[logged:], timeout=15, what="the board looked at"
    )
    assert board.version == seen and table.game is board  # not redrawn
    await finish_turn(table, rng)  # its controls work
    await the_game_goes_on(table, rng)


async def test_killed_after_double_the_opponent_gets_take_and_drop(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    rng = random.Random(8)
    table = await start_match(standin, alice, bob, money=True, thread=False)
    await until_may_double(table, alice, rng)
    hold = standin.hold("POST", f"/channels/{table.channel.id}/messages")
    acknowledged_in_time(await alice.click(table.game, "Double"))
    await kill_at(bot, hold)

    await table.next_board(timeout=20)
    assert table.to_act() is bob and {"Take", "Drop"} <= set(labels(table.game))
    await table.click(bob, "Take")
    assert table.to_act() is alice


async def test_board_and_move_after_a_crash_show_the_current_controls(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """Even before the start-up showing gets to it, /bg board and /bg move bring the board up to date."""
    alice, bob = players
    rng = random.Random(9)
    table = await start_match(standin, alice, bob, length=3, thread=False)
    mover = await steps_until_done(table, rng)
    hold = standin.hold("POST", f"/channels/{table.channel.id}/messages")
    acknowledged_in_time(await mover.click(table.game, "Done"))
    await kill_at(bot, hold)
    other = table.other(mover)
    shown = await acknowledged_in_time(await other.slash("bg board")).settled(timeout=10)
    board = await table.next_board(timeout=20)
    assert f"/{table.channel.id}/{board.id}" in shown.content  # a link to the board with the controls
    assert table.to_act() is other and board.buttons
    assert "Roll" in labels(board)  # a 3-point match: the cube is available, so the turn starts with Roll
    # typing a move before rolling points to the Roll button (it used to say "there is no roll to play")
    typed = await acknowledged_in_time(await other.slash("bg move", play="13/7")).settled(timeout=10)
    assert typed.content.startswith("Roll first") and f"/{table.channel.id}/{board.id}" in typed.content


async def test_asked_what_it_waits_on_the_bot_names_the_request_a_match_is_stuck_on(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """SIGUSR1 (bot.waits): the bot's log says which await a stuck match's board is held in; the bot goes on."""
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3, thread=False)
    mover = await steps_until_done(table, random.Random(11))
    hold = standin.hold("POST", f"/channels/{table.channel.id}/messages")  # the next board never gets out
    acknowledged_in_time(await mover.click(table.game, "Done"))
    await hold.wait_reached()
    waits = await asyncio.to_thread(bot.log_waits)
    assert WAITS_HEADING in waits and "thread MainThread:" in waits
    tasks = waits.split("\nthread ")[0].split("\ntask ")[1:]  # each: its name, then its awaits, innermost last
    stuck = [task for task in tasks if "cogs/ui/publisher.py" in task and "discord/http.py" in task]
    assert stuck, waits  # the board's publishing, awaiting Discord's answer to the held request
    assert all(task.rstrip().splitlines()[-1].strip().startswith("waiting for") for task in stuck)
    hold.release(carry_out=True)
    board = await table.next_board(timeout=20)
    assert board.buttons and table.to_act() is table.other(mover)
