"""GamePublisher retiring boards (issue 16's leftover): every board loses its controls once a newer one is posted,
also when the update being shown was stored before the board now current was recorded as shown. Every player counts
as away here (`away_seconds` 0), so that each turn passing posts a new board and deletes the one before (issue 33)."""

from __future__ import annotations

import dataclasses
import itertools
import types
from typing import Any

import discord
import pytest

from bot.engine import actions
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.engine.position import WinKind
from bot.service import BoardChange, MatchRecord, MatchStatus, MatchUpdate, PlayerRef, TurnTimer
from cogs.ui import game_messages
from cogs.ui.publisher import GamePublisher

ALICE, BOB = PlayerRef(111, "Alice"), PlayerRef(222, "Bob")
CHANNEL = 2


@dataclasses.dataclass
class FakeMessage:
    """A posted message as discord.py hands it back, and the edits made to it since."""

    id: int
    content: str
    view: discord.ui.View | None
    attachments: list[object]
    channel: discord.Object
    edits: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    deletes: int = 0

    @property
    def live(self) -> bool:
        """Whether it still carries buttons (not deleted, and its last edit did not take them off)."""
        view = self.edits[-1].get("view", self.view) if self.edits else self.view
        return view is not None and not self.deletes

    async def edit(self, **fields: Any) -> FakeMessage:
        self.edits.append(fields)
        return self

    async def delete(self) -> None:
        self.deletes += 1

    @property
    def components(self) -> list[Any]:
        """Its controls as discord.py reads them from Discord: one action row of the last view's items."""
        view = self.edits[-1].get("view", self.view) if self.edits else self.view
        items = [getattr(child, "item", child) for child in (view.children if view else [])]
        children = [types.SimpleNamespace(custom_id=i.custom_id, disabled=i.disabled) for i in items]
        return [types.SimpleNamespace(children=children)] if children else []

    async def fetch(self) -> FakeMessage:
        if self.deletes:  # as Discord answers for a deleted message
            raise discord.NotFound(types.SimpleNamespace(status=404, reason="Not Found"), "Unknown Message")
        return self


class FakeChannel:
    def __init__(self, messages: dict[int, FakeMessage]) -> None:
        self.messages = messages
        self._ids = itertools.count(1000)

    async def send(
        self,
        content: str,
        *,
        file: discord.File | None = None,
        view: discord.ui.View | None = None,
        allowed_mentions: discord.AllowedMentions,
        silent: bool = False,
    ) -> FakeMessage:
        attached = [] if file is None else [file]
        message = FakeMessage(next(self._ids), content, view, attached, discord.Object(id=CHANNEL))
        self.messages[message.id] = message
        return message

    def get_partial_message(self, message_id: int) -> FakeMessage:
        return self.messages[message_id]


class FakeService:
    def __init__(self) -> None:
        self.shown: list[tuple[int, int]] = []  # (message id, version)
        self.boards = self  # the service's part that records the boards shown (set_shown, board changes)
        self.changes: dict[int, BoardChange] = {}  # match id -> its unfinished board change (issue 31)
        self.settings = self  # the server language (issue 35): none chosen

    async def guild_language(self, guild_id: int) -> str | None:
        return None

    def now(self) -> float:
        return 0.0

    async def set_shown(
        self, match_id: int, channel_id: int, message_id: int, version: int, finishing: BoardChange | None = None
    ) -> bool:
        self.shown.append((message_id, version))
        if finishing is not None:
            await self.finish_change(finishing)
        return True

    async def begin_change(self, change: BoardChange) -> None:
        self.changes.setdefault(change.match_id, change)

    async def change(self, match_id: int) -> BoardChange | None:
        return self.changes.get(match_id)

    async def finish_change(self, change: BoardChange) -> None:
        if self.changes.get(change.match_id) == change:
            del self.changes[change.match_id]


class FakeBot:
    def __init__(self) -> None:
        self.messages: dict[int, FakeMessage] = {}
        self.channel = FakeChannel(self.messages)
        self.service = FakeService()
        self.user = discord.Object(id=999)  # the bot, which plays no part here
        self.settings = types.SimpleNamespace(away_seconds=0.0)

    def get_partial_messageable(self, channel_id: int, *, guild_id: int | None = None) -> FakeChannel:
        return self.channel

    def get_guild(self, guild_id: int) -> None:
        return None  # no guild cached: the server language is the one chosen, else English


def labels(message: FakeMessage) -> list[str]:
    """The labels of its buttons as last shown (a DynamicItem wraps the button as `.item`)."""
    view = message.edits[-1].get("view", message.view) if message.edits else message.view
    items = [getattr(child, "item", child) for child in (view.children if view else [])]
    return [str(getattr(item, "label", "")) for item in items]


async def no_picture(*_args: Any, **_kwargs: Any) -> bytes:
    return b"png"


def record(match: Match, version: int, message_id: int | None) -> MatchRecord:
    return MatchRecord(
        id=5,
        guild_id=1,
        channel_id=CHANNEL,
        parent_channel_id=None,
        players=(ALICE, BOB),
        match=match,
        version=version,
        status=MatchStatus.ACTIVE,
        created_at=0.0,
        last_action_at=0.0,
        finished_at=None,
        message_channel_id=CHANNEL if message_id else None,
        message_id=message_id,
        timer=TurnTimer(0.0, 86400, False),
    )


@pytest.fixture
def bot(monkeypatch: pytest.MonkeyPatch) -> FakeBot:
    monkeypatch.setattr(game_messages, "draw_board", no_picture)
    return FakeBot()


async def test_a_new_board_retires_the_board_shown_since_its_update_was_stored(bot: FakeBot) -> None:
    """The race: the computer's turn (resumed at start-up) was stored while the board asking it to roll was being
    posted, so its update still names the board before as the current one. The board asking it must lose its
    Roll button all the same."""
    publisher = GamePublisher(bot)  # type: ignore[arg-type]
    dice = FixedDice([3, 1, 6, 5, 4, 2])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)  # Bob's cube is alive
    await publisher.publish(MatchUpdate(record(match, 0, None), []))  # Alice to play her opening 3-1
    [opening] = bot.messages.values()
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    await publisher.publish(MatchUpdate(record(match, 1, opening.id), []))  # Bob to roll
    asking_bob = max(bot.messages)
    assert "Roll" in labels(bot.messages[asking_bob])
    match = match.apply(actions.Roll(1), dice).match
    match = match.apply(actions.Move(1, match.parse_play("13/7 13/8")), dice).match
    stale_read = record(match, 3, opening.id)  # read before `asking_bob` was recorded as shown
    await publisher.publish(MatchUpdate(stale_read, []))  # Alice to roll
    newest = max(bot.messages)
    assert [message.id for message in bot.messages.values() if message.live] == [newest]
    assert not bot.messages[asking_bob].live and bot.messages[asking_bob].deletes == 1
    assert opening.deletes == 1  # retired once, not again
    assert bot.service.shown == [(opening.id, 0), (asking_bob, 1), (newest, 3)]
    assert not bot.service.changes  # every board change finished (issue 31)


async def test_the_final_board_is_the_only_one_left_with_a_button(bot: FakeBot) -> None:
    """At the match's end the same holds, and the final board offers Rematch only (issue 20): the board asking Bob,
    edited in place (nobody is to act, so nobody is notified), then the move list (issue 33)."""
    publisher = GamePublisher(bot)  # type: ignore[arg-type]
    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    await publisher.publish(MatchUpdate(record(match, 0, None), []))
    [opening] = bot.messages.values()
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    await publisher.publish(MatchUpdate(record(match, 1, opening.id), []))  # Bob to roll
    asking_bob = max(bot.messages)
    match, events = match.apply(actions.Resign(1, WinKind.BACKGAMMON), dice)  # Bob offers to resign a backgammon ...
    match, more = match.apply(actions.AcceptResignation(0), dice)
    events += more
    over = dataclasses.replace(record(match, 3, opening.id), status=MatchStatus.FINISHED)
    await publisher.publish(MatchUpdate(over, events))
    *_, final, moves = bot.messages.values()  # the final board, then the match's move list (issue 33)
    assert moves.content.startswith("**Moves of match #5**") and moves.view is None
    assert [message.id for message in bot.messages.values() if message.live] == [final.id]
    assert final.id == asking_bob and not opening.live
    assert labels(final) == ["Rematch", "Moves"]
