"""The board keeper leaves a match alone while its board is on its way (issue 16's leftover; tournaments too).

Every action is stored before its board is posted. The keeper (cogs/board_keeper.py) shows again every match whose
stored version is not shown, unless the publisher says the match is being acted on (`GamePublisher.busy`). The
computer's start, its rematch, its turns and an accepted challenge were stored and posted outside
`publisher.acting`, so the keeper's start-up scan could show such a board itself first: the update's own post then
had nothing to add, and what it said (the computer's play, the dice commitment of a new match) never appeared.

Here the real game service (SQLite) and the real publisher, keeper and computer seat run against a fake Discord
whose posts and edits can be held, and a fake computer pool whose thinking can be held (tests/cogs/fake_discord.py).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.engine.options import MatchOptions
from bot.engine.position import WinKind
from bot.service import MatchUpdate
from bot.service import commands as cmd
from bot.tournaments import Pairing
from cogs.challenges import Challenges
from cogs.tournaments import Tournaments
from cogs.ui.custom_ids import ChallengeAction, ChallengeControl
from cogs.ui.fairness_text import proof_line
from cogs.ui.press_answer import PressAnswer
from tests.cogs.fake_discord import (  # noqa: F401  # `fake_bot`: the fixture `bot`
    ALICE,
    BOB,
    CHANNEL,
    COMPUTER,
    GUILD,
    PATIENCE,
    FakeBot,
    FakeInteraction,
    fake_bot,
    play_the_computer,
    pool_of,
)
from tests.tournaments.helpers import ORGANISER, open_tournament

pytestmark = pytest.mark.parametrize("db", ["sqlite"], indirect=True)  # nothing here depends on the database


async def test_the_computers_turns_get_the_settings_time(bot: FakeBot) -> None:
    """COMPUTER_TURN_SECONDS reaches the computer's turns (issue 36 item 4); 0 means no limit."""
    bot.settings.computer_turn_seconds = 1.5
    turns = bot.computer.turns()
    assert turns is not None and turns.turn_seconds == 1.5
    bot.computer._turns = None
    bot.settings.computer_turn_seconds = 0.0
    turns = bot.computer.turns()
    assert turns is not None and turns.turn_seconds is None


async def keeper_leaves_it_alone(bot: FakeBot, match_id: int) -> None:
    """The keeper's start-up scan finds the match stored but not shown, and its round leaves it for later."""
    await bot.keeper.queue_unshown()
    assert match_id in bot.publisher.repairs
    posted = len(bot.channel.posted)
    await asyncio.wait_for(bot.keeper.show_due(), PATIENCE)
    assert match_id in bot.publisher.repairs and match_id in bot.publisher.repairs.due()  # looked at next round
    assert len(bot.channel.posted) == posted


async def keeper_finds_it_shown(bot: FakeBot, match_id: int) -> None:
    """Once the board is up, the keeper's next round has nothing to show."""
    posted = len(bot.channel.posted)
    await asyncio.wait_for(bot.keeper.show_due(), PATIENCE)
    assert match_id not in bot.publisher.repairs
    assert len(bot.channel.posted) == posted


async def test_a_computer_match_being_posted_is_left_to_its_start(bot: FakeBot) -> None:
    """/bg computer: while its first board is being posted, the match is acting and the keeper skips it; the
    board then posted is the start's own, with the opening roll."""
    pool = pool_of(bot)
    pool.thinking.close()  # the computer opens: its move waits, so only the first board matters here
    bot.channel.free_posts = 1  # the announcement goes out: the match is stored after it (its id seeds the dice)
    bot.channel.posting.close()
    interaction = FakeInteraction(ALICE)
    starting = asyncio.create_task(play_the_computer(bot, interaction))
    await bot.channel.posting.until_reached()
    (match_id,) = [record.id for record in await bot.service.boards.matches_to_show()]
    assert bot.publisher.busy(match_id)
    await keeper_leaves_it_alone(bot, match_id)
    bot.channel.posting.release()
    await asyncio.wait_for(starting, PATIENCE)
    announcement, first = bot.channel.posted
    record = await bot.service.match(match_id)
    assert record.fairness is not None and proof_line(record.fairness.commitment) in announcement.content
    assert record.fairness.acceptor_seed == str(announcement.id)  # the computer's seed (issue 31 item 7)
    assert "Opening roll" in first.content  # the match's first board
    assert [text.endswith("Good luck!") for text in interaction.said] == [True]  # answered once the board is up
    pool.thinking.release()
    await asyncio.wait_for(bot.computer.idle(), PATIENCE)
    await keeper_finds_it_shown(bot, match_id)


async def test_the_computers_turn_stored_but_not_yet_posted_is_left_to_it(
    bot: FakeBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reported race: the computer's play is stored, its board not yet posted, when the keeper's scan runs.
    The keeper used to show that version itself (a board with no line of what the computer did), and the
    computer's own post then had nothing to add. Now the match is acting from the computer's first decision until
    its board is up: the board, edited, says what the computer played."""
    pool = pool_of(bot)
    pool.thinking.close()
    await play_the_computer(bot, FakeInteraction(ALICE))
    _announcement, first = bot.channel.posted
    match_id = (await bot.service.match_in_channel(CHANNEL)).id  # type: ignore[union-attr]
    await pool.thinking.until_reached()
    busy_while_thinking = bot.publisher.busy(match_id)
    stored = asyncio.Event()
    go_on = asyncio.Event()
    act = bot.service.act

    async def stored_then_held(*args: Any, **kwargs: Any) -> MatchUpdate:
        update = await act(*args, **kwargs)
        stored.set()
        await go_on.wait()  # stored, and not announced yet
        return update

    monkeypatch.setattr(bot.service, "act", stored_then_held)
    pool.thinking.release()
    try:
        await asyncio.wait_for(stored.wait(), PATIENCE)
        await keeper_leaves_it_alone(bot, match_id)  # before the fix: the keeper posted the bare board here
        assert bot.publisher.busy(match_id)
    finally:
        go_on.set()
    await asyncio.wait_for(bot.computer.idle(), PATIENCE)
    assert not bot.publisher.busy(match_id)
    record = await bot.service.match(match_id)
    assert record.to_act == ALICE and record.shown
    assert bot.channel.posted[2:] == [] and record.message_id == first.id  # Alice started it: no new board for her
    turn = first.edits[-1]["content"]
    assert f"\n{COMPUTER.name} rolled 6-1 and played " in turn, turn  # what the computer did
    await keeper_finds_it_shown(bot, match_id)
    assert busy_while_thinking


async def finished_computer_match(bot: FakeBot) -> int:
    """A 1-point match against the computer, resigned by Alice on her first turn (the computer accepts)."""
    await play_the_computer(bot, FakeInteraction(ALICE))
    await bot.computer.idle()  # the computer's opening move
    record = await bot.service.match_in_channel(CHANNEL)
    assert record is not None and record.to_act == ALICE
    with bot.publisher.acting(record.id):
        update = await bot.service.act(record.id, ALICE.user_id, cmd.Resign(WinKind.SINGLE))
        await bot.publisher.publish(update)
    bot.computer.after(update)
    await bot.computer.idle()
    assert (await bot.service.match(record.id)).to_act is None
    return record.id


async def test_a_computer_rematch_being_started_is_left_to_it(bot: FakeBot) -> None:
    """Rematch against the computer: stored, then the old board's button taken off, then the new board posted;
    the keeper skips the new match all along (the press's edit is held here)."""
    old = await finished_computer_match(bot)
    posted = len(bot.channel.posted)
    pool = pool_of(bot)
    pool.thinking.close()
    pressed = FakeInteraction(ALICE, message=bot.channel.posted[-1])
    pressed.editing.close()
    rematch = asyncio.create_task(bot.computer.rematch(pressed, old))  # type: ignore[arg-type]
    await pressed.editing.until_reached()
    (new,) = [record.id for record in await bot.service.boards.matches_to_show()]
    try:
        await keeper_leaves_it_alone(bot, new)  # before the fix: the keeper posted the new board, no opening roll
        assert bot.publisher.busy(new)
    finally:
        bot.channel.posting.close()  # next, the new board's post is held
        pressed.editing.release()
    await bot.channel.posting.until_reached()
    assert bot.publisher.busy(new)
    await keeper_leaves_it_alone(bot, new)
    bot.channel.posting.release()
    assert await asyncio.wait_for(rematch, PATIENCE)
    announcement, first = bot.channel.posted[posted:]
    record = await bot.service.match(new)
    assert record.fairness is not None and proof_line(record.fairness.commitment) in announcement.content
    assert record.fairness.acceptor_seed == str(announcement.id)
    assert "Opening roll" in first.content  # the match's first board
    pool.thinking.release()
    await asyncio.wait_for(bot.computer.idle(), PATIENCE)
    await keeper_finds_it_shown(bot, new)


async def test_an_accepted_challenge_is_left_to_its_accept(bot: FakeBot) -> None:
    """Two people: the accepted challenge's match is stored, the challenge message edited, then the first board
    posted; the keeper skips the match until then."""
    challenge = await bot.service.challenges.create(
        guild_id=GUILD, channel_id=CHANNEL, challenger=ALICE, opponent=BOB, options=MatchOptions.match(1)
    )
    pressed = FakeInteraction(BOB)
    pressed.editing.close()
    cog = Challenges(bot, bot.publisher, bot.computer)  # type: ignore[arg-type]
    control = ChallengeControl(challenge.id, ChallengeAction.ACCEPT)
    accepting = asyncio.create_task(cog.accept(PressAnswer(pressed), control))  # type: ignore[arg-type]
    await pressed.editing.until_reached()
    (match_id,) = [record.id for record in await bot.service.boards.matches_to_show()]
    try:
        await keeper_leaves_it_alone(bot, match_id)  # before the fix: the keeper posted the board, no opening roll
        assert bot.publisher.busy(match_id)
    finally:
        pressed.editing.release()
    await asyncio.wait_for(accepting, PATIENCE)
    [first] = bot.channel.posted
    assert "Opening roll" in first.content  # the match\'s first board
    await keeper_finds_it_shown(bot, match_id)


async def a_tournament_pairing(bot: FakeBot) -> tuple[Tournaments, Pairing]:
    """Alice and Bob's 1-point tournament match, drawn and given its thread, not yet started."""
    cog = Tournaments(bot, bot.publisher)  # type: ignore[arg-type]
    tournament = await open_tournament(cog.service, [ALICE, BOB])
    await cog.service.start(tournament.id, ORGANISER.user_id, may_organise=True)
    [pairing] = await cog.service.pairings()
    await cog.service.set_thread(pairing, CHANNEL)
    [pairing] = await cog.service.pairings()
    return cog, pairing


async def test_a_tournament_match_being_started_is_left_to_its_start(bot: FakeBot) -> None:
    """A pairing's announcement (the line mentioning both players, with the dice commitment) is sent, then its
    match stored, then its first board posted: the keeper skips the match until then (it used to post a bare board
    while the match's start was on its way)."""
    cog, pairing = await a_tournament_pairing(bot)
    bot.channel.free_posts = 1  # the announcement goes out: the match is stored after it (its id seeds the dice)
    bot.channel.posting.close()
    opening = asyncio.create_task(cog.open_pairing(pairing))
    await bot.channel.posting.until_reached()  # the first board is being sent
    (match_id,) = [record.id for record in await bot.service.boards.matches_to_show()]
    try:
        await keeper_leaves_it_alone(bot, match_id)
        assert bot.publisher.busy(match_id)
    finally:
        bot.channel.posting.release()
    await asyncio.wait_for(opening, PATIENCE)
    line, first = bot.channel.posted
    assert f"<@{ALICE.user_id}>" in line.content and not line.attachments
    assert "Opening roll" in first.content  # the match\'s first board
    await keeper_finds_it_shown(bot, match_id)
