"""A fake Discord for the cogs' tests, whose every wait can be held: a channel whose posts, and interactions whose
edits, wait at a `Gate` until released, and a computer pool whose thinking does too. `FakeBot` is what the
publisher, the board keeper and the computer seat use of the bot, and the fixture `bot` (`fake_bot`) runs them,
with the real game service, on it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.engine import actions
from bot.engine.actions import Action
from bot.engine.game import Phase
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.service import GameService, PlayerRef
from bot.store import Database
from bot.tournaments import TournamentService
from cogs import computer as computer_cog
from cogs.board_keeper import BoardKeeper
from cogs.computer import Computer
from cogs.ui import game_messages, publisher
from cogs.ui.publisher import GamePublisher
from tests.service.conftest import FakeClock
from tests.service.helpers import SeededDice
from tests.support.settings import bot_settings

ALICE, BOB, COMPUTER = PlayerRef(101, "Alice"), PlayerRef(202, "Bob"), PlayerRef(999, "Gammon")
GUILD, CHANNEL = 1, 50
#: Long enough for anything here to happen, short enough that a keeper stuck behind a held post fails quickly.
PATIENCE = 5.0


class Gate:
    """A fake Discord call held until released: `reached` once the caller waits at it."""

    def __init__(self, closed: bool = False) -> None:
        self.reached = asyncio.Event()
        self._open = asyncio.Event()
        if not closed:
            self._open.set()

    def close(self) -> None:
        self.reached.clear()
        self._open.clear()

    def release(self) -> None:
        self._open.set()

    async def passing(self) -> None:
        self.reached.set()
        await self._open.wait()

    async def until_reached(self) -> None:
        await asyncio.wait_for(self.reached.wait(), PATIENCE)


@dataclasses.dataclass
class FakeMessage:
    id: int
    content: str
    attachments: list[object]
    channel: discord.Object
    edits: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    deleted: bool = False

    async def edit(self, **fields: Any) -> FakeMessage:
        self.edits.append(fields)
        return self

    async def fetch(self) -> FakeMessage:
        return self

    async def delete(self) -> None:
        self.deleted = True


class FakeChannel:
    """The match's channel: every board posted, in order; `posting` holds the posts after the first `free_posts`
    while closed."""

    def __init__(self) -> None:
        self.posted: list[FakeMessage] = []
        self.posting = Gate()
        self.free_posts = 0
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
        if len(self.posted) >= self.free_posts:
            await self.posting.passing()
        message = FakeMessage(next(self._ids), content, [] if file is None else [file], discord.Object(id=CHANNEL))
        self.posted.append(message)
        return message

    def get_partial_message(self, message_id: int) -> FakeMessage:
        return next(message for message in self.posted if message.id == message_id)


class FakeBot:
    """What the publisher, the keeper and the computer seat use of the bot."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.db = service.db
        self.shard_set = None
        self.settings = bot_settings()
        self.sage_problem = ""  # the computer can play here
        self.user = SimpleNamespace(id=COMPUTER.user_id, display_name=COMPUTER.name)
        self.channel = FakeChannel()
        self.tournaments = TournamentService(service.db, service)  # as the real bot builds it
        self.publisher = GamePublisher(self)  # type: ignore[arg-type]
        self.computer = Computer(self, self.publisher)  # type: ignore[arg-type]
        self.keeper = BoardKeeper(self, self.publisher, self.computer)  # type: ignore[arg-type]

    def get_guild(self, guild_id: int) -> None:
        return None  # no guild cached: the server language is the one chosen, else English

    def get_partial_messageable(self, channel_id: int, *, guild_id: int | None = None) -> FakeChannel:
        return self.channel

    async def wait_until_ready(self) -> None:
        return None


class FakeInteraction:
    """A slash command or a button press by `user`; `editing` holds the edits of its original response."""

    def __init__(self, user: PlayerRef, message: object | None = None) -> None:
        self.id = 777_000 + user.user_id
        self.user = SimpleNamespace(id=user.user_id, display_name=user.name)
        self.guild = None
        self.guild_id = GUILD
        self.locale = discord.Locale.american_english  # its private answers in English
        self.channel_id = CHANNEL
        self.channel = None
        self.message = message
        self.editing = Gate()
        self.said: list[str] = []
        self.answered = False
        self.response = SimpleNamespace(defer=self._defer, edit_message=self._answer, is_done=lambda: self.answered)
        self.followup = SimpleNamespace(send=self._say)

    async def _defer(self, **_kwargs: Any) -> None:
        self.answered = True

    async def _answer(self, **_fields: Any) -> None:
        """The press answered with its message edited (cogs.ui.press_answer)."""
        await self.editing.passing()
        self.answered = True

    async def _say(self, content: str, **_kwargs: Any) -> None:
        self.said.append(content)

    async def edit_original_response(self, **_fields: Any) -> None:
        await self.editing.passing()


class FakePool:
    """The computer's thinking: the first listed play, Roll, or accepting a resignation; held while `thinking`
    is closed."""

    def __init__(self) -> None:
        self.thinking = Gate()

    async def choose(self, match: Match, level: str, *, deadline: float | None = None) -> Action:
        await self.thinking.passing()
        player = match.to_act
        assert player is not None
        if match.phase is Phase.RESIGNING:
            return actions.AcceptResignation(player)
        if match.phase is Phase.ROLLING:
            return actions.Roll(player)
        return actions.Move(player, match.legal_plays()[0])

    async def call(self, task: Any, *arguments: Any, timeout: float | None = None) -> dict[str, Any]:
        """The tutor's judgements (no match here is tutored: never asked)."""
        raise AssertionError("no tutored match here")


class ComputerOpens:
    """Dice whose opening roll is the computer's (6 against 1), then reproducible ones."""

    def __init__(self) -> None:
        self.first = [1, 6]
        self.then = SeededDice(16)

    def roll_die(self) -> int:
        return self.first.pop(0) if self.first else self.then.roll_die()


async def no_picture(*_args: Any, **_kwargs: Any) -> bytes:
    return b"png"


@pytest.fixture(name="bot")
async def fake_bot(db: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeBot]:
    """The fixture `bot`: the real publisher, board keeper and computer seat on a `FakeBot`, with the real game
    service; a module imports it as `fake_bot`, so that its tests' parameter `bot` shadows no import."""
    monkeypatch.setattr(game_messages, "draw_board", no_picture)
    monkeypatch.setattr(publisher, "draw_final_board", no_picture)
    pool = FakePool()
    monkeypatch.setattr(computer_cog, "ComputerPool", lambda workers, **_options: pool)
    fake = FakeBot(GameService(db, dice=ComputerOpens(), clock=clock))
    yield fake
    fake.channel.posting.release()
    pool.thinking.release()
    await asyncio.wait_for(fake.computer.idle(), PATIENCE)


async def play_the_computer(bot: FakeBot, interaction: FakeInteraction) -> None:
    """/bg computer level:beginner length:1, in the channel."""
    await bot.computer.start(interaction, "beginner", MatchOptions.match(1), thread=False)  # type: ignore[arg-type]


def pool_of(bot: FakeBot) -> FakePool:
    turns = bot.computer.turns()
    assert turns is not None
    assert isinstance(turns.pool, FakePool)
    return turns.pool
