"""After a kill mid-publish, showing the match again leaves exactly one board with live controls (issue 31).

The publisher stores a board change, retires the old board, then posts the new one (cogs.ui.board_sweep). Here the
"kill" is an exception from recording the new board as shown (or from its post), and a fresh publisher (the
restarted bot) shows the match again: it adopts the board Discord created, or posts one, and retires every other
live board of the match.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.engine import actions
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.service import BoardChange, MatchRecord, MatchUpdate, TurnTimer
from bot.service.boards import first_board
from cogs.ui import game_messages
from cogs.ui.board_sweep import CLOCK_MARGIN, change_for, controls_version
from cogs.ui.publisher import GamePublisher
from tests.cogs.test_publisher_retire import FakeBot, FakeChannel, FakeMessage, FakeService, labels, no_picture, record

BOT_USER = 999


class Killed(Exception):
    """The bot died here."""


def components(message: FakeMessage) -> list[Any]:
    """Its controls as discord.py reads them from Discord (an action row of components), as last edited."""
    view = message.edits[-1].get("view", message.view) if message.edits else message.view
    items = [getattr(child, "item", child) for child in (view.children if view else [])]
    return [SimpleNamespace(children=[SimpleNamespace(custom_id=i.custom_id, disabled=i.disabled) for i in items])]


class Channel(FakeChannel):
    async def history(
        self, *, limit: int, after: discord.abc.Snowflake, oldest_first: bool
    ) -> AsyncIterator[SimpleNamespace]:
        assert oldest_first
        for message in sorted(self.messages.values(), key=lambda m: m.id)[:limit]:
            if message.id > after.id and not message.deletes:  # a deleted message is not in the history
                yield SimpleNamespace(
                    id=message.id,
                    content=message.edits[-1].get("content", message.content) if message.edits else message.content,
                    attachments=message.attachments,
                    channel=message.channel,
                    author=SimpleNamespace(id=BOT_USER),
                    components=components(message),
                    edit=message.edit,
                    delete=message.delete,
                )


class Service(FakeService):
    """Keeps the match record as the database would: the board recorded as shown, or the bot killed first."""

    def __init__(self) -> None:
        super().__init__()
        self.record: MatchRecord | None = None
        self.killed = False

    async def match(self, match_id: int) -> MatchRecord:
        assert self.record is not None
        return self.record

    async def set_shown(
        self, match_id: int, channel_id: int, message_id: int, version: int, finishing: BoardChange | None = None
    ) -> bool:
        if self.killed:
            raise Killed
        assert self.record is not None
        self.record = dataclasses.replace(self.record, message_id=message_id, message_version=version)
        return await super().set_shown(match_id, channel_id, message_id, version, finishing)


class Bot(FakeBot):
    def __init__(self) -> None:
        super().__init__()
        self.channel = Channel(self.messages)
        self.service = Service()
        self.user = SimpleNamespace(id=BOT_USER)


@pytest.fixture
def bot(monkeypatch: pytest.MonkeyPatch) -> Bot:
    monkeypatch.setattr(game_messages, "draw_board", no_picture)
    return Bot()


async def opening_then_killed_at_the_next_post(bot: Bot) -> tuple[Match, FakeMessage, FakeMessage]:
    """Alice's opening board is shown; her move is stored, its board posted, and the bot dies before recording it."""
    dice = FixedDice([3, 1, 6, 5, 4, 2])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)  # a live cube: Roll asked
    bot.service.record = record(match, 0, None)
    await GamePublisher(bot).publish(MatchUpdate(bot.service.record, []))  # type: ignore[arg-type]
    [opening] = bot.messages.values()
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    bot.service.record = dataclasses.replace(bot.service.record, match=match, version=1)
    bot.service.killed = True
    with pytest.raises(Killed):
        await GamePublisher(bot).publish(MatchUpdate(bot.service.record, []))  # type: ignore[arg-type]
    bot.service.killed = False
    orphan = bot.messages[max(bot.messages)]
    assert opening.deletes == 1 and orphan.live and bot.service.changes  # retired before the post; the change stays
    return match, opening, orphan


async def test_the_board_posted_before_the_kill_is_adopted_and_the_old_one_retired(bot: Bot) -> None:
    _, opening, orphan = await opening_then_killed_at_the_next_post(bot)
    shown = await GamePublisher(bot).show_again(5)  # type: ignore[arg-type]
    assert [message.id for message in bot.messages.values() if message.live] == [orphan.id]
    assert not opening.live and len(bot.messages) == 2  # nothing posted: the board Discord created is the current one
    assert shown.message_id == orphan.id and shown.shown and "Roll" in labels(orphan)
    assert not bot.service.changes


async def test_a_new_matchs_first_board_posted_before_the_kill_is_adopted(bot: Bot) -> None:
    """A new match's first board begins no change of its own: the one stored with the match (in the write that
    started it) is where the restarted bot looks, and finds the board Discord created."""
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), FixedDice([3, 1]))
    bot.service.record = record(match, 0, None)
    stored = first_board(bot.service.record)
    assert stored is not None
    bot.service.changes[5] = stored
    begun: list[BoardChange] = []
    bot.service.begin_change = begun.append  # type: ignore[method-assign,assignment]
    bot.service.killed = True
    with pytest.raises(Killed):
        await GamePublisher(bot).publish(MatchUpdate(bot.service.record, []))  # type: ignore[arg-type]
    bot.service.killed = False
    [orphan] = bot.messages.values()
    assert orphan.live and bot.service.changes == {5: stored} and begun == []
    shown = await GamePublisher(bot).show_again(5)  # type: ignore[arg-type]
    assert len(bot.messages) == 1 and shown.message_id == orphan.id and orphan.live
    assert not bot.service.changes


async def test_a_board_posted_for_an_older_version_is_retired_too(bot: Bot) -> None:
    """The computer (or a timer) stored another action before the restart: the board posted before the kill shows
    an older version, so a new board is posted and both older ones are retired."""
    match, opening, orphan = await opening_then_killed_at_the_next_post(bot)
    match = match.apply(actions.Roll(1), FixedDice([6, 5, 4, 2])).match  # the dice after the opening's
    assert bot.service.record is not None
    bot.service.record = dataclasses.replace(bot.service.record, match=match, version=2)
    shown = await GamePublisher(bot).show_again(5)  # type: ignore[arg-type]
    newest = max(bot.messages)
    assert [message.id for message in bot.messages.values() if message.live] == [newest]
    assert newest not in (opening.id, orphan.id) and shown.message_id == newest
    assert not bot.service.changes


async def claim_offered_then_killed(bot: Bot, *, before_the_post: bool) -> tuple[FakeMessage, FakeMessage | None]:
    """Alice's opening board is shown; her turn limit runs out, the offer is stored (R9.5) and the turn timer posts
    the board anew (the same version, issue 33), the old one retired first. The bot dies before recording it, or
    `before_the_post` got out."""
    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    bot.service.record = record(match, 0, None)
    await GamePublisher(bot).publish(MatchUpdate(bot.service.record, []))  # type: ignore[arg-type]
    [opening] = bot.messages.values()
    assert bot.service.record.shown and "Claim win" not in labels(opening)
    bot.service.record = dataclasses.replace(bot.service.record, timer=TurnTimer(0.0, 60, True, 0.0, 0.0))
    bot.service.killed = True
    sent = bot.channel.send

    async def killed_first(*_args: Any, **_kwargs: Any) -> FakeMessage:
        raise Killed

    bot.channel.send = killed_first if before_the_post else sent  # type: ignore[method-assign]
    with pytest.raises(Killed):
        await GamePublisher(bot).show_anew(bot.service.record, ())  # type: ignore[arg-type]
    bot.service.killed = False
    bot.channel.send = sent  # type: ignore[method-assign]
    offer = None if before_the_post else bot.messages[max(bot.messages)]
    assert bot.service.changes and opening.deletes == 1 and (offer is None or "Claim win" in labels(offer))
    return opening, offer


async def test_the_claim_offers_board_posted_before_the_kill_is_adopted(bot: Bot) -> None:
    """The new board shows the version already recorded as shown: it is adopted all the same (it is the newer
    one, with the offer and its button), and the board before is retired."""
    opening, offer = await claim_offered_then_killed(bot, before_the_post=False)
    assert offer is not None
    shown = await GamePublisher(bot).show_again(5)  # type: ignore[arg-type]
    assert [message.id for message in bot.messages.values() if message.live] == [offer.id]
    assert opening.deletes == 1 and len(bot.messages) == 2 and shown.message_id == offer.id
    assert not bot.service.changes


async def test_a_claim_offer_whose_board_never_got_out_is_posted_at_the_restart(bot: Bot) -> None:
    """Killed between the old board's retirement and the post: for that moment no board has controls. The
    restarted bot posts the board, with the claim offered (R9.5)."""
    opening, _ = await claim_offered_then_killed(bot, before_the_post=True)
    assert not [message for message in bot.messages.values() if message.live]
    shown = await GamePublisher(bot).show_again(5)  # type: ignore[arg-type]
    newest = max(bot.messages)
    assert [message.id for message in bot.messages.values() if message.live] == [newest] != [opening.id]
    assert labels(bot.messages[newest])[-1] == "Claim win" and shown.message_id == newest
    assert not bot.service.changes


def test_a_change_starts_at_the_oldest_board_that_may_be_live() -> None:
    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    now = datetime.datetime(2026, 11, 25, tzinfo=datetime.UTC)
    assert change_for(record(match, 0, 7), 7, None, 3, now=now) == BoardChange(5, 2, 3)
    first = change_for(record(match, 0, None), None, now=now)  # a match's first board: from just before now
    assert first.since_id == discord.utils.time_snowflake(now - CLOCK_MARGIN)


def test_a_board_of_the_match_is_told_by_its_enabled_controls() -> None:
    def message(*controls: tuple[str, bool]) -> Any:
        row = SimpleNamespace(children=[SimpleNamespace(custom_id=i, disabled=d) for i, d in controls])
        return SimpleNamespace(components=[row])

    assert controls_version(message(("bg:5:12:roll", False)), 5) == 12
    assert controls_version(message(("bg:5:12:plays", False)), 5) == 12
    assert controls_version(message(("bg:6:12:roll", False)), 5) is None
    assert controls_version(message(("bg:5:12:roll", True)), 5) is None
    assert controls_version(message(("bgc:5:accept", False)), 5) is None
    assert controls_version(message(("bg:5:12:claim", False)), 5) is None  # a claim offer stays beside the board
    assert controls_version(message(("bg:5:12:rematch", False)), 5) == 12  # a finished match's final board
