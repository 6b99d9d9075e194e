"""What a match posts by itself, in the server's language, and what a button answers, in the member's (issue 35).

The real game service (SQLite), the real cogs (turn timer, play, publisher) and the real end-of-match and deleted
thread handlers run against a fake Discord that records every post: the reminders, claim offers and the clock note
after a restart (on the boards), the move list and result line at the end, and the ended-thread notice follow the
language the server's admin chose (German, Turkish, Greek); the Moves and Resign buttons answer in the language of
whoever pressed.
"""

# ruff: noqa: RUF001  # Turkish and Greek letters are what these tests are about
from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.engine import actions as engine
from bot.engine.options import MatchOptions
from bot.i18n import N_, translate
from bot.service import GameService, MatchRecord, MatchUpdate, PlayerRef
from bot.service import commands as cmd
from bot.service.clocks import ClockPreset
from bot.service.records import Challenge
from bot.store import Database
from cogs.play import Play
from cogs.turn_timer import TurnTimer
from cogs.ui import game_messages, publisher
from cogs.ui.channel_gone import channel_gone
from cogs.ui.custom_ids import GameAction, GameControl
from cogs.ui.publisher import GamePublisher
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, BOB, GUILD, SeededDice, accept_opening, start_match
from tests.support.settings import bot_settings

pytestmark = pytest.mark.parametrize("db", ["sqlite"], indirect=True)
HOUR = 3600
CHANNEL, THREAD = 10, 9001


def labels(view: discord.ui.View | None) -> list[str]:
    """The labels of a view's buttons (game buttons are DynamicItems around a Button)."""
    items = view.children if view is not None else []
    return [str(getattr(getattr(item, "item", item), "label", "")) for item in items]


@dataclass
class Post:
    id: int
    content: str
    channel: discord.Object
    attachments: list[object]
    view: discord.ui.View | None = None
    edits: list[dict[str, Any]] = field(default_factory=list)
    deleted: bool = False

    def labels(self) -> list[str]:
        return labels(self.view)

    @property
    def components(self) -> list[SimpleNamespace]:
        """The view as Discord hands a fetched message's components back: rows of items with custom ids."""
        items = self.view.children if self.view is not None else []
        return [SimpleNamespace(children=[getattr(item, "item", item) for item in items])] if items else []

    async def edit(self, **fields: Any) -> Post:
        self.edits.append(fields)
        self.content = fields.get("content", self.content)
        self.view = fields.get("view", self.view)
        self.attachments = fields.get("attachments", self.attachments)
        return self

    async def fetch(self) -> Post:
        return self

    async def delete(self) -> None:
        self.deleted = True


class Channel:
    """One channel or thread: every post in order."""

    def __init__(self, channel_id: int, ids: Iterator[int]) -> None:
        self.id = channel_id
        self.posts: list[Post] = []
        self._ids = ids

    async def send(self, content: str, *, view: discord.ui.View | None = None, **fields: Any) -> Post:
        file = fields.get("file")
        post = Post(next(self._ids), content, discord.Object(id=self.id), [file] if file else [], view)
        self.posts.append(post)
        return post

    def get_partial_message(self, message_id: int) -> Post:
        """A post of this channel; one the service recorded as shown but this fake never saw is made up."""
        known = [post for post in self.posts if post.id == message_id]
        if known:
            return known[0]
        made_up = Post(message_id, "", discord.Object(id=self.id), [])
        self.posts.insert(0, made_up)
        return made_up


class FakeBot:
    """What the cogs use of the bot: the service, channels by id, no guild cached (the chosen language counts)."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.shard_set = None
        self.settings = bot_settings()
        self.user = SimpleNamespace(id=999, display_name="Gammon")
        self.channels: dict[int, Channel] = {}
        self._ids = itertools.count(5000)
        self.publisher = GamePublisher(self)  # type: ignore[arg-type]
        self.play = Play(self, self.publisher)  # type: ignore[arg-type]

    def channel(self, channel_id: int) -> Channel:
        return self.channels.setdefault(channel_id, Channel(channel_id, self._ids))

    def get_partial_messageable(self, channel_id: int, *, guild_id: int | None = None) -> Channel:
        return self.channel(channel_id)

    def get_guild(self, guild_id: int) -> None:
        return None


class Press:
    """A button pressed by `user` from a client in `locale`: what it answered privately, and its edits."""

    def __init__(self, user: PlayerRef, locale: discord.Locale) -> None:
        self.id = 777_000 + user.user_id
        self.user = SimpleNamespace(id=user.user_id, display_name=user.name)
        self.locale = locale
        self.guild_id, self.channel_id, self.message = GUILD, CHANNEL, None
        self.said: list[tuple[str, discord.ui.View | None]] = []
        self.edited: list[str] = []
        self.answered = False
        self.response = SimpleNamespace(
            defer=self._defer, edit_message=self._answer_with, is_done=lambda: self.answered
        )
        self.followup = SimpleNamespace(send=self._say)

    async def _defer(self, **_fields: Any) -> None:
        self.answered = True

    async def _answer_with(self, *, content: str = "", **_fields: Any) -> None:
        """The press answered by editing the pressed message (the private choice's own response)."""
        self.answered = True
        self.edited.append(content)

    async def _say(self, content: str, *, view: discord.ui.View | None = None, **_fields: Any) -> None:
        self.said.append((content, view))

    async def edit_original_response(self, *, content: str = "", **_fields: Any) -> None:
        self.edited.append(content)


async def no_picture(*_args: Any, **_kwargs: Any) -> bytes:
    return b"png"


@pytest.fixture
def bot(db: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> FakeBot:
    monkeypatch.setattr(game_messages, "draw_board", no_picture)
    monkeypatch.setattr(publisher, "draw_final_board", no_picture)
    return FakeBot(GameService(db, dice=SeededDice(7), clock=clock))


async def in_a_thread(service: GameService, options: MatchOptions) -> MatchRecord:
    async def open_thread(_challenge: Challenge, _acceptor: PlayerRef) -> int:
        return THREAD

    challenge = await service.challenges.create(
        guild_id=GUILD, channel_id=CHANNEL, challenger=ALICE, opponent=BOB, options=options, in_thread=True
    )
    return (await accept_opening(service, challenge.id, BOB, open_thread)).record


def names(record: MatchRecord) -> tuple[str, str, int]:
    """The player to act's name, the other's, and the other's user id."""
    waiting = record.match.to_act
    assert waiting is not None
    return record.players[waiting].name, record.players[1 - waiting].name, record.players[1 - waiting].user_id


async def first_board(bot: FakeBot, record: MatchRecord) -> Post:
    """The match's first board, posted as the bot posts it (the turn clock runs from then, R9.5)."""
    await bot.publisher.publish(MatchUpdate(record, []))
    board = bot.channel(record.channel_id).posts[-1]
    assert board.attachments and board.labels()
    return board


async def finish_turn(bot: FakeBot, record: MatchRecord) -> MatchRecord:
    """The player to act enters the first legal steps and Done, each shown as the Play cog shows it."""
    waiting = record.to_act
    assert waiting is not None
    while record.to_act == waiting:
        steps = record.match.next_steps()
        command = cmd.Step(steps[0].start, steps[0].die) if steps else cmd.Ask(engine.Confirm)
        update = await bot.service.act(record.id, waiting.user_id, command)
        await bot.publisher.publish(update, actor=waiting.user_id)
        record = update.record
    return record


async def test_reminders_and_claim_offers_are_on_the_board_in_the_servers_language(
    bot: FakeBot, clock: FakeClock
) -> None:
    """Issue 33: the reminder and the claim offer are no messages of their own. Each posts the board anew (the old
    one deleted), with its line above the prompt; the Claim button stays among the board's controls until the turn
    passes."""
    await bot.service.settings.set_guild_language(GUILD, "de")
    record = (await start_match(bot.service, CHANNEL, MatchOptions(5), shown=False)).record
    posts = bot.channel(CHANNEL).posts
    first = await first_board(bot, record)
    slow, _, claimant = names(record)
    waiting = record.to_act
    assert waiting is not None
    timer = TurnTimer(bot, bot.publisher)  # type: ignore[arg-type]
    clock.now += 12 * HOUR
    await timer.remind_and_offer()
    reminded = posts[-1]
    assert reminded is not first and first.deleted and reminded.attachments
    assert (
        f"\n> <@{waiting.user_id}>, Erinnerung: Du bist am Zug in Alice gegen Bob (5-Punkte-Match #{record.id}). "
        "Du hast noch etwa 12 Stunden, bevor dein Gegner den Sieg im Match beanspruchen kann.\n"
    ) in reminded.content
    assert reminded.content.splitlines()[-1].startswith(f"<@{waiting.user_id}>")  # the prompt stays last
    await timer.remind_and_offer()
    assert posts[-1] is reminded and not reminded.deleted  # once per turn
    await bot.service.settings.set_guild_language(GUILD, "tr")
    clock.now += 12 * HOUR
    await timer.remind_and_offer()
    offered = posts[-1]
    assert offered is not reminded and reminded.deleted and [p for p in posts if not p.deleted] == [offered]
    offer = (
        f"> <@{claimant}>, {slow} 1 gün boyunca oynamadı. "
        "Maçta galibiyet isteyebilir ya da beklemeye devam edebilirsin."
    )
    assert offer in offered.content.splitlines() and "Erinnerung" not in offered.content
    assert offered.labels()[-1] == "Galibiyet iste" and len(offered.labels()) > 1  # the slow player keeps theirs

    # the slow player moves after all: the same board, the claim still offered, until the turn passes
    record = await bot.service.match(record.id)
    step = record.match.next_steps()[0]
    update = await bot.service.act(record.id, waiting.user_id, cmd.Step(step.start, step.die))
    await bot.publisher.publish(update, actor=waiting.user_id)
    assert posts[-1] is offered and offered.edits and offer in offered.content.splitlines()
    assert offered.labels()[-1] == "Galibiyet iste"
    await finish_turn(bot, update.record)
    assert offered.deleted or "Galibiyet iste" not in offered.labels()
    current = [p for p in posts if not p.deleted]
    assert len(current) == 1 and "Galibiyet iste" not in current[0].labels() and "galibiyet" not in current[0].content


async def test_the_clock_note_after_a_restart_is_on_the_board_in_the_servers_language(
    bot: FakeBot, clock: FakeClock
) -> None:
    await bot.service.settings.set_guild_language(GUILD, "el")
    challenge = await bot.service.challenges.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger=ALICE,
        opponent=BOB,
        options=MatchOptions(3),
        clock=ClockPreset.RELAXED,
    )
    record = (await bot.service.challenges.accept(challenge.id, BOB)).record
    board = await first_board(bot, record)
    await bot.service.timers.heartbeat()
    clock.now += 90 * 60  # the bot is down for an hour and a half
    resumed = await bot.service.timers.resume_clocks()
    await TurnTimer(bot, bot.publisher).say_resumed(resumed)  # type: ignore[arg-type]
    assert bot.channel(CHANNEL).posts == [board] and board.edits  # no message of its own: the board, edited
    lines = board.content.splitlines()
    said = (
        "> Το bot ήταν εκτός λειτουργίας για 1 ώρα 30 λεπτά· "
        f"το ρολόι του Alice εναντίον Bob (ματς 3 πόντων #{record.id}) σταμάτησε στο μεταξύ και τρέχει ξανά τώρα."
    )
    assert said in lines and lines[lines.index(said) - 1].startswith("-# Ρολόι (χαλαρό): Alice ")
    await finish_turn(bot, await bot.service.match(record.id))  # the board's next edit drops the note
    assert not [p.content for p in bot.channel(CHANNEL).posts if not p.deleted and "Το bot" in p.content]


@pytest.mark.parametrize(
    ("language", "notice"),
    [
        ("de", "euer Match Alice gegen Bob (3-Punkte-Match #{match}) endet ohne Ergebnis, weil sein Thread gelöscht"),
        ("tr", "Alice - Bob maçınız (3 puanlık maç #{match}) sonuçsuz bitti, çünkü alt başlığı silindi."),
    ],
)
async def test_a_deleted_thread_is_told_in_the_servers_language(bot: FakeBot, language: str, notice: str) -> None:
    await bot.service.settings.set_guild_language(GUILD, language)
    record = await in_a_thread(bot.service, MatchOptions(3))
    assert [ended.id for ended in await channel_gone(bot, THREAD)] == [record.id]  # type: ignore[arg-type]
    (told,) = bot.channel(CHANNEL).posts
    assert told.content.startswith(f"<@{ALICE.user_id}> <@{BOB.user_id}>: {notice.format(match=record.id)}")
    revealed = N_("The dice of this match can now be checked: `/bg fairness match:{match}`.")  # the seed's line
    assert told.content.endswith("\n-# " + translate(language, revealed, match=record.id))


async def test_the_move_list_and_the_result_at_the_end_are_in_the_servers_language(bot: FakeBot) -> None:
    await bot.service.settings.set_guild_language(GUILD, "tr")
    record = await in_a_thread(bot.service, MatchOptions(1))
    await bot.publisher.publish(await bot.service.act(record.id, ALICE.user_id, cmd.Resign()), actor=ALICE.user_id)
    await bot.publisher.publish(await bot.service.act(record.id, BOB.user_id, cmd.Ask(engine.AcceptResignation)))
    moves = bot.channel(THREAD).posts[-1].content
    assert moves.startswith(f"**#{record.id} numaralı maçın hamleleri**, Alice - Bob:\n```\n1. oyun: Alice 0, Bob 0")
    assert "Alice  tek oyun karşılığında pes etmeyi teklif ediyor (1 puan)" in moves
    assert "Bob maçı 1-0 kazanıyor" in moves
    (result,) = bot.channel(CHANNEL).posts
    assert result.content.startswith("Bob maçı 1-0 kazandı. (https://discord.com/channels/")


async def test_the_moves_and_resign_buttons_answer_in_the_members_language(bot: FakeBot) -> None:
    await bot.service.settings.set_guild_language(GUILD, "tr")  # the board's language: not the answers'
    record = (await start_match(bot.service, CHANNEL, MatchOptions(5))).record
    mover, other, _ = names(record)
    player = ALICE if mover == "Alice" else BOB
    spectator = Press(PlayerRef(303, "Carol"), discord.Locale.german)
    await bot.play.on_game_control(spectator, GameControl(record.id, record.version, GameAction.MOVES))  # type: ignore[arg-type]
    ((listed, _),) = spectator.said
    assert listed.startswith("```\nSpiel 1: Alice 0, Bob 0 (5-Punkte-Match)\n") and "(am Zug)" in listed

    asking = Press(player, discord.Locale.greek)
    await bot.play.on_game_control(asking, GameControl(record.id, record.version, engine.Resign))  # type: ignore[arg-type]
    ((question, view),) = asking.said
    assert question.startswith(f"Με τι προτείνεις να παραιτηθείς; Ο/Η {other} μπορεί να δεχτεί")
    assert labels(view) == [
        "Μονό (1 πόντο)",
        "Διπλό (2 πόντους)",
        "Τριπλό (3 πόντους)",
    ]
    choosing = Press(player, discord.Locale.german)
    chosen = GameControl(record.id, record.version, GameAction.RESIGN_GAMMON)
    await bot.play.on_game_control(choosing, chosen)  # type: ignore[arg-type]
    assert choosing.edited == ["Du hast die Aufgabe eines Gammons angeboten. Das Angebot steht auf dem Brett."]
    board = bot.channel(CHANNEL).posts[-1].content  # the offer on the board: the server's language
    assert f"{mover} mars karşılığında pes etmeyi teklif ediyor (2 puan)." in board
