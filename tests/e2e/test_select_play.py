"""Fewer clicks a turn (issue 15), through the real bot: a whole play from the select menu, green whole-play
buttons and one button per step, auto-finish on and off (`/bg settings`), and a stale choice refused."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from tests.e2e.conftest import one_bot_per_module
from tests.e2e.table import (
    Table,
    acknowledged_in_time,
    choose_play,
    labels,
    plays_offered,
    start_match,
    whole_play_buttons,
)
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser, wait_for_edit

pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module()  # one bot for the module's scenarios


async def settings(user: ScenarioUser, **options: object) -> str:
    reply = acknowledged_in_time(await user.slash("bg settings", **options))
    shown = await reply.settled()
    assert shown.ephemeral and shown.visible_to == user.id
    return shown.content


async def to_a_turn_with_the_select(table: Table) -> ScenarioUser:
    """Play on (rolling, choosing the first whole play) until the player to act is offered the select."""
    for _ in range(30):
        player = table.to_act()
        assert player is not None, "the game ended first"
        if "Roll" in labels(table.game):
            await table.click(player, "Roll")
            continue
        if plays_offered(table.game):
            return player
        await table.click(player, next(label for label in labels(table.game) if label not in ("Undo", "Back")))
    raise AssertionError("no select in 30 actions")


async def test_a_turn_is_roll_and_one_choice_from_the_select(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3)
    opening = table.game
    mover = await to_a_turn_with_the_select(table)
    assert table.game is opening  # a non-double opening roll always has 25 plays or fewer
    assert not [label for label in labels(opening) if label.startswith("From ")]  # room for a button per step
    (menu,) = opening.selects  # a non-double roll has at most 25 plays from the start: one menu
    assert menu.placeholder and "ends your turn" in menu.placeholder
    play = plays_offered(opening)[-1]
    waiting = table.other(mover)
    before = (opening.version, opening.content)
    refused = acknowledged_in_time(await waiting.select(opening, play, custom_id=menu.custom_id))  # not their turn
    answer = await refused.private_answer(timeout=5)
    assert answer.ephemeral and answer.visible_to == waiting.id and "turn" in answer.content
    assert (opening.version, opening.content) == before
    board = await choose_play(table, mover, play)
    assert table.to_act() is table.other(mover)  # the turn passed at once
    assert board is opening or opening.deleted  # on the same board, or a new one for a player away (issue 33)
    assert f"played {play}" in opening.content + board.content
    other = table.other(mover)
    assert table.to_act() is other
    # The opponent's turn: Roll, then one choice (when the roll has at most 25 plays).
    clicks = 0
    if "Roll" in labels(table.game):
        await table.click(other, "Roll")
        clicks += 1
    offered = plays_offered(table.game)
    if offered:
        before = table.game
        await choose_play(table, other, offered[0])
        clicks += 1
        assert clicks <= 2 and table.to_act() is mover
        assert table.game is before or before.deleted  # one board with controls


async def test_one_click_steps_and_green_whole_plays(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=1)
    opening = table.game
    mover = table.to_act()
    assert mover is not None
    # A point with two possible dice shows both steps ("13/8" and "13/7"): one click, no "From 13" first.
    steps = [b for b in opening.buttons if b.custom_id and ":step:" in b.custom_id]
    starts = [(b.label or "").split("/")[0] for b in steps]
    twice = next(start for start in starts if starts.count(start) == 2)
    label = next(b.label for b in steps if (b.label or "").startswith(f"{twice}/"))
    assert label is not None
    after = await table.click(mover, label)
    assert after is opening and f"So far: {label}." in after.content  # moved at once, in place
    # Green buttons: a few whole plays at the start of a turn, each played (and the turn ended) by one click.
    for _ in range(400):
        player = table.to_act()
        assert player is not None, "the match ended before a turn with a few plays"
        green = whole_play_buttons(table.game)
        if green:
            before = table.game
            await table.click(player, green[0])
            assert table.to_act() is not player and (table.game is before or before.deleted or not before.buttons)
            assert f"played {green[0]}" in before.content + table.game.content
            return
        shown = labels(table.game)
        if "Roll" in shown:
            await table.click(player, "Roll")
        elif plays_offered(table.game):
            await choose_play(table, player, plays_offered(table.game)[0])
        else:
            await table.click(player, "Done" if "Done" in shown else next(x for x in shown if x != "Undo"))
    raise AssertionError("never offered green whole plays")


async def play_by_steps(table: Table, mover: ScenarioUser) -> list[list[str]]:
    """Enter a play by step buttons only (the first one each time); returns the labels seen after each step."""
    seen = []
    while table.to_act() is mover and "Done" not in labels(table.game):
        message = table.game
        step = next(b.label for b in message.buttons if b.custom_id and ":step:" in b.custom_id)
        assert step is not None
        await table.click(mover, step)
        seen.append(labels(table.game))
    return seen


async def test_auto_finish_on_ends_the_turn_at_the_last_step_and_off_asks_for_done(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    assert "Auto-finish is off" in await settings(alice)  # the default, shown with how to change it
    assert "Auto-finish is on" in await settings(alice, auto_done=True)
    assert "Auto-finish is on" in await settings(alice)  # remembered
    table = await start_match(standin, alice, bob, length=3)
    done_seen = {alice.id: False, bob.id: False}
    steps_turns = {alice.id: 0, bob.id: 0}
    for _ in range(40):
        mover = table.to_act()
        assert mover is not None
        if "Roll" in labels(table.game):
            await table.click(mover, "Roll")
            continue
        message = table.game
        await play_by_steps(table, mover)
        steps_turns[mover.id] += 1
        if "Done" in labels(table.game):  # the last step waits for Done
            done_seen[mover.id] = True
            assert mover is bob, "Alice has auto-finish on: her last step ends the turn"
            await table.click(mover, "Done")
        else:
            assert table.to_act() is not mover  # ended by the last step itself
            assert table.game is message or message.deleted
        if min(steps_turns.values()) >= 2 and done_seen[bob.id]:
            break
    assert steps_turns[alice.id] >= 2 and done_seen[bob.id] and not done_seen[alice.id]
    assert "Auto-finish is off" in await settings(alice, auto_done=False)


async def test_a_stale_choice_is_refused_as_out_of_date(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3)
    mover = await to_a_turn_with_the_select(table)
    message = table.game
    menu = message.selects[0]
    (_, first), (_, second) = menu.options[:2]
    # Two choices on the same board before the bot redraws it: the second was made on an older state.
    version = message.version
    replies = await asyncio.gather(*(mover.select(message, play, custom_id=menu.custom_id) for play in (first, second)))
    for reply in replies:
        acknowledged_in_time(reply)
    answers = []
    for reply in replies:
        with contextlib.suppress(TimeoutError):
            answers.append((await reply.private_answer(timeout=3)).content)
    assert len(answers) == 1 and "out of date" in answers[0], answers  # said privately, never applied
    await wait_for_edit(message, version, timeout=10)
    board = await table.after_edit(message)
    assert table.to_act() is table.other(mover)
    played = [play for play in (first, second) if f"played {play}" in message.content + board.content]
    assert len(played) == 1  # exactly one of the two plays was made
    # the board chosen on now offers the other player's turn, or was replaced (then deleted) by one that does
    assert board is message or message.deleted
