"""The board keeper leaves a match alone while its board is on its way (issue 16's leftover; tournaments too).

Every action is stored before its board is posted. The keeper (cogs/board_keeper.py) shows again every match whose
stored version is not shown, unless the publisher says the match is being acted on (`GamePublisher.busy`). The
computer's start, its rematch, its turns and an accepted challenge were stored and posted outside
`publisher.acting`, so the keeper's start-up scan could show such a board itself first: the update's own post then
had nothing to add, and what it said (the computer's play, the dice commitment of a new match) never appeared.

Here the real game service (SQLite) and the real publisher, keeper and computer seat run against a fake Discord
whose posts and edits can be held, and a fake computer pool whose thinking can be held.
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
from bot.engine.position import WinKind
from bot.service import GameService, MatchUpdate, PlayerRef
from bot.service import commands as cmd
from bot.store import Database
from bot.tournaments import Pairing, TournamentService
from cogs import computer as computer_cog
from cogs.board_keeper import BoardKeeper
from cogs.challenges import Challenges
from cogs.computer import Computer
from cogs.tournaments import Tournaments
from cogs.ui import game_messages, publisher
from cogs.ui.custom_ids import ChallengeAction, ChallengeControl
from cogs.ui.fairness_text import proof_line
from cogs.ui.press_answer import PressAnswer
from cogs.ui.publisher import GamePublisher
from tests.service.conftest import FakeClock
from tests.service.helpers import SeededDice
from tests.support.settings import bot_settings
from tests.tournaments.helpers import ORGANISER, open_tournament

pytestmark = pytest.mark.parametrize("db", ["sqlite"], indirect=True)  # nothing here depends on the database

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


@pytest.fixture
async def bot(db: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeBot]:
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
