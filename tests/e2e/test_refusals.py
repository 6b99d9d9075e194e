"""Who may act: a stranger pressing every control is refused privately and nothing changes; a stale button
from an older board is refused with a pointer to the current one; challenges refused where they make no sense."""

from __future__ import annotations

import asyncio
import contextlib
import random

import pytest

from tests.e2e.conftest import one_bot_per_module
from tests.e2e.table import EXTRA_LABELS, acknowledged_in_time, finish_turn, labels, start_match, until_may_double
from tests.support.discord_standin import BotProcess, DiscordStandin, ScenarioUser

pytestmark = pytest.mark.asyncio(loop_scope="module")
bot, standin = one_bot_per_module()  # one bot for the module's scenarios


async def test_a_stranger_and_the_waiting_player_are_refused_at_every_control(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    carol = standin.add_user("Carol")
    table = await start_match(standin, alice, bob, money=True, beavers=True)
    mover = table.to_act()
    assert mover is not None
    waiting = table.other(mover)
    rng = random.Random(1)

    async def everyone_else_refused() -> None:
        # Moves answers anyone, and either player may offer to resign (R7.4): test_resign_button.py
        for button in [button for button in table.game.buttons if button.label not in EXTRA_LABELS]:
            text = await table.refused(carol, custom_id=button.custom_id)
            assert "between Alice and Bob" in text
            text = await table.refused(table.other(table.to_act() or mover), custom_id=button.custom_id)
            assert text and "Sorry" not in text  # a reason in words ("It is Bob's turn."), not an apology

    await everyone_else_refused()  # the move menu (points and dice)
    await until_may_double(table, waiting, rng)
    await everyone_else_refused()  # Roll and Double
    await table.click(waiting, "Double")
    await everyone_else_refused()  # Take, Drop, Beaver
    assert labels(table.game) == ["Take", "Drop", "Beaver"]


async def test_a_button_from_an_older_board_is_out_of_date(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3)
    mover = table.to_act()
    assert mover is not None
    picks = [label for label in labels(table.game) if label.startswith("From ")]
    if picks:  # only when the rows are full: a point with two possible dice asks for the die first
        await table.click(mover, picks[0])
    steps = [b for b in table.game.buttons if b.custom_id and ":step:" in b.custom_id][:2]
    assert len(steps) == 2, labels(table.game)
    # Two clicks on the same board before the bot redraws it: the second button belongs to an older state.
    first, second = await asyncio.gather(
        mover.click(table.game, custom_id=steps[0].custom_id), mover.click(table.game, custom_id=steps[1].custom_id)
    )
    acknowledged_in_time(first)
    acknowledged_in_time(second)
    answers = []
    for reply in (first, second):
        with contextlib.suppress(TimeoutError):
            answers.append((await reply.private_answer(timeout=3)).content)
    assert len(answers) == 1, answers
    # The pressed board is the current one, brought up to date in place (issue 15: no link to itself).
    assert answers[0] == "This board was out of date; it now shows the current position."


async def test_challenges_that_make_no_sense_are_refused(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    alice, bob = players
    robot = standin.add_user("Robo", bot=True)
    carol = standin.add_user("Carol")
    for opponent, expected in ((alice, "cannot challenge yourself"), (robot, "is a bot")):
        reply = acknowledged_in_time(await alice.slash("bg challenge", opponent=opponent))
        assert reply.ephemeral and expected in reply.content
    money_only = acknowledged_in_time(await alice.slash("bg challenge", opponent=bob, beavers=True))
    assert money_only.ephemeral and "money games only" in money_only.content
    await start_match(standin, alice, bob, length=1, thread=False)  # a match in this channel, not in a thread
    # to be played in the channel too (in a thread of its own it would not be in the way: issue 33)
    busy = await acknowledged_in_time(await carol.slash("bg challenge", opponent=bob, thread=False)).settled()
    assert busy.ephemeral and "already a match in this channel" in busy.content


async def test_help_lists_the_commands(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """A quick start of about ten lines by default (issue 33); every command behind `topic: commands`."""
    alice, _ = players
    reply = acknowledged_in_time(await alice.slash("bg help"))
    assert reply.ephemeral and reply.message is not None
    (embed,) = reply.message.embeds
    assert len(embed["description"].splitlines()) <= 12
    for command in ("/bg challenge", "/bg computer", "/bg move", "/bg resign", "/bg board", "/bg matches"):
        assert command in embed["description"]
    reply = acknowledged_in_time(await alice.slash("bg help", topic="commands"))
    assert reply.ephemeral and reply.message is not None
    (embed,) = reply.message.embeds
    for command in ("/bg fairness", "/bg analyze", "/stats dice", "/tournament award", "/bgadmin turn-limit"):
        assert command in embed["description"]


async def test_a_second_press_on_a_control_just_used_is_ignored_silently(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """A double click (issue 15): the first press acts, the second on the same control gets no "out of date"."""
    alice, bob = players
    table = await start_match(standin, alice, bob, length=3)
    rng = random.Random(12)
    while "Roll" not in labels(table.game):
        await finish_turn(table, rng)
    player = table.to_act()
    assert player is not None
    roll = next(b.custom_id for b in table.game.buttons if b.label == "Roll")
    first, second = await asyncio.gather(
        player.click(table.game, custom_id=roll), player.click(table.game, custom_id=roll)
    )
    for reply in (first, second):
        acknowledged_in_time(reply)
        with pytest.raises(TimeoutError):
            await reply.private_answer(timeout=3)
    assert "Roll" not in labels(table.game) or table.to_act() is not player


async def test_a_duration_of_thousands_of_digits_is_refused_privately_and_changes_nothing(
    standin: DiscordStandin, bot: BotProcess, players: tuple[ScenarioUser, ScenarioUser]
) -> None:
    """Python turns at most 4,300 digits into a number: a longer duration gets a refusal in words, not the
    apology for an internal error, and the turn limit stays as it was; a tournament's start time likewise."""
    alice, _ = players
    before = await acknowledged_in_time(await alice.slash("bgadmin turn-limit")).settled()
    assert before.content.startswith("The turn time limit here is ")
    for duration in ("9" * 4301, "9" * 5000 + "d", "1h" + "5" * 4400 + "s", "366d"):
        reply = acknowledged_in_time(await alice.slash("bgadmin turn-limit", duration=duration))
        answer = await reply.settled()
        assert answer.ephemeral and answer.visible_to == alice.id
        assert answer.content.endswith("is too long: a duration may be at most 365 days."), answer.content[:300]
        assert len(answer.content) < 120
    after = await acknowledged_in_time(await alice.slash("bgadmin turn-limit")).settled()
    assert after.content == before.content
    for starts, said in (
        ("9" * 5000, "is too far ahead: a tournament starts within 365 days."),  # a Unix time: infinity as a float
        ("in " + "9" * 4400 + "h", "is too long: a duration may be at most 365 days."),
    ):
        reply = acknowledged_in_time(await alice.slash("tournament create", name="Far Cup", starts=starts))
        answer = await reply.settled()
        assert answer.ephemeral and answer.content.endswith(said), answer.content[:300]
    listed = await acknowledged_in_time(await alice.slash("tournament list")).settled()
    assert "Far Cup" not in listed.content
