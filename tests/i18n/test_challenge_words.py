# ruff: noqa: RUF001  # Greek and Turkish letters that look like Latin ones, on purpose
"""A challenge and what follows it in the right language (issue 35), through the Challenges cog and the Rematch
presses with the real game service: the challenge message, its buttons, its end and the thread's name in the
server's language (the admin's choice), and every private answer (a refusal, the seed form, a rematch note) in the
language of the member who pressed."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.engine.options import MatchOptions
from bot.service import Challenge, GameService, MatchUpdate, PlayerRef
from bot.store import Database
from cogs.challenges import Challenges
from cogs.ui.challenge_text import SeedForm, close_message
from cogs.ui.custom_ids import ChallengeAction, ChallengeControl
from cogs.ui.press_answer import PressAnswer
from cogs.ui.publisher import GamePublisher
from cogs.ui.rematch_presses import RematchPresses
from cogs.ui.views import ChallengeButton
from tests.service.conftest import FakeClock
from tests.service.helpers import ALICE, BOB, CAROL, GUILD, play_to_the_end, start_match

SQLITE = pytest.mark.parametrize("db", ["sqlite"], indirect=True)
CHANNEL = 10
_IDS = itertools.count(1_400_000_000_000_000_000)  # Discord's ids grow with time


@dataclass
class Posted:
    id: int
    content: str
    view: discord.ui.View | None
    channel: SimpleNamespace = field(default_factory=lambda: SimpleNamespace(id=CHANNEL))
    edits: list[dict[str, Any]] = field(default_factory=list)

    async def edit(self, **fields: Any) -> None:
        self.edits.append(fields)

    async def delete(self) -> None:
        return None


class Channel:
    def __init__(self) -> None:
        self.posted: list[Posted] = []

    async def send(self, content: str, *, view: discord.ui.View | None = None, **_options: Any) -> Posted:
        self.posted.append(Posted(next(_IDS), content, view))
        return self.posted[-1]

    def get_partial_message(self, message_id: int) -> Posted:
        return next(message for message in self.posted if message.id == message_id)


class Bot:
    """What the Challenges cog and the Rematch presses use of the bot: no guild cached, so the server's language
    is the one its admin chose."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.channel = Channel()
        self.publisher = GamePublisher(self)  # type: ignore[arg-type]
        self.published: list[MatchUpdate] = []

        async def publish(update: MatchUpdate, *_args: Any, **_options: Any) -> None:
            self.published.append(update)  # the board itself is not what is checked here

        self.publisher.publish = publish  # type: ignore[method-assign]

    def get_guild(self, _guild_id: int) -> None:
        return None

    def get_partial_messageable(self, _channel_id: int, *, guild_id: int | None = None) -> Channel:
        return self.channel


class Interaction:
    """A command or a press by `user` from a client in `locale`: what it answered privately, and its edits of the
    message pressed."""

    def __init__(
        self, user: PlayerRef, locale: discord.Locale, message: Posted | None = None, channel: Channel | None = None
    ) -> None:
        self.id = next(_IDS)
        self.user = SimpleNamespace(id=user.user_id, display_name=user.name, bot=False)
        self.locale = locale
        self.guild, self.guild_id, self.channel_id, self.channel = None, GUILD, CHANNEL, None
        self.message = message
        self.app_permissions = SimpleNamespace(
            send_messages=True, create_public_threads=True, send_messages_in_threads=True
        )
        self.public_channel = channel  # where a public answer appears
        self.answer: Posted | None = None
        self.said: list[str] = []
        self.edits: list[dict[str, Any]] = []
        self.modal: discord.ui.Modal | None = None
        self.response = SimpleNamespace(
            defer=self._nothing, is_done=lambda: True, send_message=self._respond, send_modal=self._show_modal
        )
        self.followup = SimpleNamespace(send=self._say)

    async def _nothing(self, **_options: Any) -> None:
        return None

    async def _say(self, content: str, **_options: Any) -> None:
        self.said.append(content)

    async def _respond(
        self, content: str, *, ephemeral: bool = False, view: discord.ui.View | None = None, **_options: Any
    ) -> SimpleNamespace:
        """A private answer is said; a public one is posted in the channel (the command's own message)."""
        if ephemeral or self.public_channel is None:
            self.said.append(content)
        else:
            self.answer = await self.public_channel.send(content, view=view)
        return SimpleNamespace(resource=None)

    async def original_response(self) -> Posted | None:
        return self.answer

    async def _show_modal(self, modal: discord.ui.Modal) -> None:
        self.modal = modal

    async def edit_original_response(self, **fields: Any) -> None:
        self.edits.append(fields)

    async def delete_original_response(self) -> None:
        return None


def labels(view: discord.ui.View | None) -> list[str]:
    assert view is not None
    return [getattr(child, "item", child).label for child in view.children]  # type: ignore[attr-defined]


async def german_server(db: Database, clock: FakeClock) -> tuple[Bot, Challenges]:
    service = GameService(db, clock=clock)
    await service.settings.set_guild_language(GUILD, "de")
    bot = Bot(service)
    return bot, Challenges(bot, bot.publisher)  # type: ignore[arg-type]


async def challenge_bob(cog: Challenges, locale: discord.Locale = discord.Locale.british_english) -> Posted:
    """Alice's /bg challenge opponent:Bob length:3, posted in the channel."""
    bob = SimpleNamespace(id=BOB.user_id, display_name=BOB.name, bot=False)
    command = Interaction(ALICE, locale, channel=cog.bot.channel)  # type: ignore[attr-defined]
    await cog.challenge.callback(cog, command, opponent=bob, length=3)  # type: ignore[arg-type]
    return cog.bot.channel.posted[-1]  # type: ignore[attr-defined]


def press(action: ChallengeAction, posted: Posted) -> ChallengeControl:
    assert posted.view is not None
    button = posted.view.children[0]
    assert isinstance(button, ChallengeButton)
    return ChallengeControl(button.control.challenge_id, action)


@SQLITE
async def test_a_challenge_on_a_german_server_is_german_whoever_challenges(db: Database, clock: FakeClock) -> None:
    _bot, cog = await german_server(db, clock)
    posted = await challenge_bob(cog, discord.Locale.turkish)  # public: the server's language, not Alice's
    expires = int(clock.now) + 600
    first, proof = posted.content.splitlines()
    assert first == f"<@202>, <@101> fordert dich heraus: 3-Punkte-Match (läuft ab <t:{expires}:R>)."
    assert proof.startswith("-# Die Würfel lassen sich prüfen: `/bg fairness` · Hash `")
    assert proof.endswith(" · **Mit meinem Seed annehmen** fügt einen eigenen Seed hinzu.")
    assert labels(posted.view) == ["Annehmen", "Mit meinem Seed annehmen", "Ablehnen", "Zurückziehen"]


@SQLITE
async def test_the_end_of_a_challenge_is_shown_in_the_servers_language(db: Database, clock: FakeClock) -> None:
    bot, cog = await german_server(db, clock)
    posted = await challenge_bob(cog)
    declined = Interaction(BOB, discord.Locale.greek, posted)
    await cog.on_challenge_control(declined, press(ChallengeAction.DECLINE, posted))  # type: ignore[arg-type]
    [edit] = declined.edits
    assert edit["content"] == "Bob hat die Herausforderung von Alice abgelehnt (3-Punkte-Match)."
    assert labels(edit["view"]) == ["Abgelehnt"]
    await bot.service.settings.set_guild_language(GUILD, "tr")
    again = await challenge_bob(cog)
    challenge = await bot.service.challenges.get(press(ChallengeAction.ACCEPT, again).challenge_id)
    expired = Challenge(**{**vars_of(challenge), "status": challenge.status.EXPIRED})
    await close_message(bot, expired)  # type: ignore[arg-type]  # as the expiry task does
    [closed] = again.edits
    assert closed["content"] == (
        "Alice oyuncusunun meydan okumasının (3 puanlık maç) süresi doldu: 10 dakika içinde kimse cevap vermedi."
    )
    assert labels(closed["view"]) == ["Süresi doldu"]


def vars_of(challenge: Challenge) -> dict[str, Any]:
    return {name: getattr(challenge, name) for name in challenge.__dataclass_fields__}


@SQLITE
async def test_an_accepted_challenge_and_its_thread_are_named_in_the_servers_language(
    db: Database, clock: FakeClock
) -> None:
    bot, cog = await german_server(db, clock)
    challenge = await bot.service.challenges.create(
        guild_id=GUILD, channel_id=CHANNEL, challenger=ALICE, opponent=BOB, options=MatchOptions(3), in_thread=True
    )
    await cog.post(Interaction(ALICE, discord.Locale.greek, channel=bot.channel), challenge)  # type: ignore[arg-type]
    [posted] = bot.channel.posted
    assert "in einem neuen Thread" in posted.content
    opened: list[str] = []

    async def create_thread(*, name: str, **_options: Any) -> SimpleNamespace:
        opened.append(name)
        return SimpleNamespace(id=next(_IDS))

    posted.create_thread = create_thread  # type: ignore[attr-defined]
    control = press(ChallengeAction.ACCEPT, posted)
    accepting = Interaction(BOB, discord.Locale.turkish, posted)
    await cog.accept(PressAnswer(accepting), ChallengeControl(control.challenge_id, control.action, True))  # type: ignore[arg-type]
    [update] = bot.published
    assert opened == ["Alice gegen Bob"]
    [edit] = accepting.edits
    assert (
        edit["content"]
        == f"Alice gegen Bob: Herausforderung angenommen. Das Match läuft in <#{update.record.channel_id}>."
    )
    assert labels(edit["view"]) == ["Angenommen"]


@SQLITE
async def test_a_refusal_to_accept_is_in_the_pressing_members_language(db: Database, clock: FakeClock) -> None:
    _bot, cog = await german_server(db, clock)
    posted = await challenge_bob(cog)
    carol = Interaction(CAROL, discord.Locale.turkish, posted)
    await cog.on_challenge_control(carol, press(ChallengeAction.ACCEPT, posted))  # type: ignore[arg-type]
    assert carol.said == ["Bu meydan okuma Bob için."]
    assert carol.edits == []  # still open: the challenge message stays as it is
    seed_form = Interaction(CAROL, discord.Locale.greek, posted)
    await cog.on_challenge_control(seed_form, press(ChallengeAction.SEED, posted))  # type: ignore[arg-type]
    assert seed_form.said == ["Αυτή η πρόκληση είναι για τον/την Bob."] and seed_form.modal is None


@SQLITE
async def test_the_seed_form_is_in_the_accepting_members_language(db: Database, clock: FakeClock) -> None:
    _bot, cog = await german_server(db, clock)
    posted = await challenge_bob(cog)
    bob = Interaction(BOB, discord.Locale.greek, posted)
    await cog.on_challenge_control(bob, press(ChallengeAction.SEED, posted))  # type: ignore[arg-type]
    assert isinstance(bob.modal, SeedForm)
    assert (bob.modal.title, field_of(bob.modal)["label"]) == ("Αποδοχή με δικό σου seed", "Το seed σου για τα ζάρια")
    english = SeedForm(bob.modal.on_seed)
    assert (english.title, field_of(english)["label"]) == ("Accept with your own seed", "Your seed for the dice")


def field_of(form: discord.ui.Modal) -> dict[str, Any]:
    """The form's one text field as Discord is sent it."""
    [row] = form.to_components()
    [text_input] = row["components"]
    return text_input


@SQLITE
async def test_a_rematch_request_is_public_and_its_note_private(db: Database, clock: FakeClock) -> None:
    """The request (with its dice's commitment) in the server's language, the note to the asker in theirs."""
    bot, _cog = await german_server(db, clock)
    service = bot.service
    finished = await play_to_the_end(service, (await start_match(service, CHANNEL, MatchOptions(1))).record, seed=3)
    presses = RematchPresses(bot, bot.publisher)  # type: ignore[arg-type]
    alice = Interaction(ALICE, discord.Locale.turkish)
    await presses.press(alice, finished.id)  # type: ignore[arg-type]
    [request] = bot.channel.posted
    until = int((finished.finished_at or 0) + 600)
    first, proof = request.content.splitlines()
    assert first == (
        f"<@202>, Alice will eine Revanche: drück **Revanche**, um sie zu starten (läuft ab <t:{until}:R>)."
    )
    assert proof.startswith("-# Die Würfel lassen sich prüfen: `/bg fairness` · Hash `")
    assert alice.said == ["Bob oyuncusundan rövanş istendi."]
