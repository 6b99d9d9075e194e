# ruff: noqa: RUF001  # Greek and Turkish letters that look like Latin ones, on purpose
"""The dice's proof lines, the match list, the options' refusals, the play menu's refusals and the server settings
in the right language (issue 35): what a finished board and an announcement say publicly in the server's
language, what `/bg fairness`, `/bg export` and `/bgadmin` answer privately in the member's."""

from __future__ import annotations

import itertools
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.engine.dice import commitment
from bot.engine.options import MatchOptions
from bot.service import GameService, MatchRecord
from bot.store import Database
from cogs.admin import Admin
from cogs.ui.commitment_posts import computer_announcement
from cogs.ui.custom_ids import ChallengeAction, ChallengeControl, PlaySelectControl
from cogs.ui.errors import UserFacingError, player_message
from cogs.ui.fairness_text import fairness_text, unchecked_text
from cogs.ui.game_messages import compose_text
from cogs.ui.match_choice import chosen_match, match_choices
from cogs.ui.move_menu import SelectSpec
from cogs.ui.options import match_options, thread_choice
from cogs.ui.views import ChallengeButton, PlaySelect
from tests.service.conftest import FakeClock
from tests.service.helpers import GUILD, play_to_the_end, start_match

SQLITE = pytest.mark.parametrize("db", ["sqlite"], indirect=True)
GERMAN, TURKISH, GREEK = discord.Locale.german, discord.Locale.turkish, discord.Locale.greek
CHANNEL = 10
_IDS = itertools.count(1_500_000_000_000_000_000)


class Interaction:
    """A member's command or press from a client in `locale`, in the test channel; what it answered."""

    def __init__(self, locale: discord.Locale, service: GameService | None = None) -> None:
        self.id = next(_IDS)
        self.locale = locale
        self.user = SimpleNamespace(id=101, display_name="Alice")
        self.guild, self.guild_id, self.channel_id, self.channel = None, GUILD, CHANNEL, None
        self.client = SimpleNamespace(service=service)  # no cogs loaded
        self.app_permissions = SimpleNamespace(create_public_threads=True, send_messages_in_threads=True)
        self.said: list[str] = []
        self.response = SimpleNamespace(defer=self._nothing, send_message=self._say)
        self.followup = SimpleNamespace(send=self._say)

    async def _nothing(self, **_options: Any) -> None:
        return None

    async def _say(self, content: str, **_options: Any) -> None:
        self.said.append(content)


async def finished_match(service: GameService) -> MatchRecord:
    record = (await start_match(service, CHANNEL, MatchOptions(1))).record
    return await play_to_the_end(service, record, seed=5)


@SQLITE
async def test_a_finished_board_says_in_the_servers_language_that_its_dice_can_be_checked(
    db: Database, clock: FakeClock
) -> None:
    finished = await finished_match(GameService(db, clock=clock))
    assert finished.fairness is not None and finished.fairness.server_seed is not None
    english = compose_text(finished, [])
    assert english == f"-# The dice of this match can now be checked: `/bg fairness match:{finished.id}`."
    assert compose_text(finished, [], language="de") == (
        f"-# Die Würfel dieses Matches lassen sich jetzt prüfen: `/bg fairness match:{finished.id}`."
    )
    assert compose_text(finished, [], language="el") == (
        f"-# Τα ζάρια αυτού του ματς ελέγχονται πλέον: `/bg fairness match:{finished.id}`."
    )


@SQLITE
async def test_fairness_answers_in_the_members_language(db: Database, clock: FakeClock) -> None:
    finished = await finished_match(GameService(db, clock=clock))
    assert finished.fairness is not None
    german = fairness_text(finished, finished.fairness, "de").splitlines()
    assert german[0] == f"**Würfel von Match #{finished.id}**: Alice gegen Bob"
    assert german[1] == f"Hash (vor dem ersten Wurf gezeigt): `{finished.fairness.commitment}`"
    assert german[4].startswith("Seed des Bots (offengelegt, das Match ist vorbei): `")
    turkish = fairness_text(finished, finished.fairness, "tr").splitlines()
    assert turkish[2].startswith("Alice oyuncusunun tohumu (meydan okuyan): ")
    assert unchecked_text(finished, "de").startswith(f"Match #{finished.id} wurde begonnen, bevor sich Würfel")


def test_an_announcement_against_the_computer_is_in_the_servers_language() -> None:
    shown = commitment(bytes(range(32)))
    text = computer_announcement("Alice", "ματς 1 πόντου", shown, "el")
    assert text.splitlines() == [
        "Ο/η Alice παίζει ματς 1 πόντου.",
        f"-# Τα ζάρια ελέγχονται: `/bg fairness` · hash `{shown[:16]}`",
    ]


@SQLITE
async def test_the_match_option_answers_in_the_members_language(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock)
    with pytest.raises(UserFacingError) as nothing_yet:
        await chosen_match(service, Interaction(GERMAN), None)  # type: ignore[arg-type]
    assert player_message(nothing_yet.value, GERMAN) == (
        "In diesem Kanal wurde noch kein Match gespielt. Nenne eins mit seiner Nummer: `/bg export match:<number>`."
    )
    finished = await finished_match(service)
    with pytest.raises(UserFacingError) as unknown:
        await chosen_match(service, Interaction(TURKISH), finished.id + 1)  # type: ignore[arg-type]
    assert player_message(unknown.value, TURKISH) == f"Bu sunucuda #{finished.id + 1} numaralı maç yok."
    [choice] = await match_choices(service, Interaction(GERMAN), "")  # type: ignore[arg-type]
    score = f"{finished.match.scores[0]}-{finished.match.scores[1]}"
    assert choice.name == f"#{finished.id} Alice gegen Bob, Match auf 1, {score}, vorbei"
    [greek] = await match_choices(service, Interaction(GREEK), "")  # type: ignore[arg-type]
    assert greek.name.endswith(f"{score}, τελείωσε")


def test_the_options_refusals_are_in_the_members_language() -> None:
    with pytest.raises(UserFacingError) as beavers:
        match_options(5, money=False, jacoby=True, beavers=True, automatic_doubles=False)  # R8.3
    assert player_message(beavers.value, GERMAN) == (
        "Beaver und automatische Doppel gibt es nur im Money-Game: füge `money: True` hinzu."
    )
    with pytest.raises(UserFacingError) as thread:
        thread_choice(Interaction(TURKISH), True)  # type: ignore[arg-type]
    assert player_message(thread.value, TURKISH) == "Alt başlık yalnızca bir metin kanalından açılabilir."


async def test_the_play_menu_and_a_button_before_start_up_answer_in_the_members_language() -> None:
    menu = PlaySelect(SelectSpec(PlaySelectControl(7, 3), (("24/18 13/11", "24/18 13/11"),)))
    menu.item._values = ["24/18 13/11", "13/7 13/8"]  # two plays sent for a menu of one choice: forged
    with pytest.raises(UserFacingError) as two:
        menu.chosen()
    assert player_message(two.value, GERMAN) == "Wähle einen Zug aus der Liste."
    assert player_message(two.value, GREEK) == "Διάλεξε μία κίνηση από τη λίστα."
    button = ChallengeButton(ChallengeControl(1, ChallengeAction.ACCEPT), "Annehmen", discord.ButtonStyle.success)
    early = Interaction(TURKISH)
    await button.callback(early)  # type: ignore[arg-type]  # the Challenges cog is not loaded yet
    assert early.said == ["Bot hâlâ başlıyor; birazdan tekrar dene."]


@SQLITE
async def test_the_server_clock_setting_answers_in_the_members_language(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock)
    admin = Admin(SimpleNamespace(service=service))  # type: ignore[arg-type]
    german = Interaction(GERMAN, service)
    await admin.clock.callback(admin, german, preset="blitz")  # type: ignore[arg-type]
    assert german.said == [
        "Herausforderungen werden hier jetzt mit der Uhr „blitz“ (8 s frei + 30 s pro Punkt) gespielt, außer der "
        "Herausforderer wählt selbst (`clock:` von `/bg challenge`)."
    ]
    greek = Interaction(GREEK, service)
    await admin.clock.callback(admin, greek)  # type: ignore[arg-type]
    assert greek.said[0].startswith("Οι προκλήσεις εδώ παίζονται με μπλιτς ρολόι (8 δευτ. δωρεάν + 30 δευτ. ανά πόντο)")
    [server_default, *_languages] = await admin.language_autocomplete(Interaction(TURKISH, service), "")
    assert (server_default.name, server_default.value) == ("sunucu varsayılanı (Discord'daki sunucu dili)", "auto")


@SQLITE
async def test_the_turn_limit_setting_answers_in_the_members_language(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock)
    admin = Admin(SimpleNamespace(service=service))  # type: ignore[arg-type]
    german = Interaction(GERMAN, service)
    await admin.turn_limit.callback(admin, german, duration="1h30m")  # type: ignore[arg-type]
    assert german.said[0].startswith("Die Zugzeit beträgt jetzt 1 Stunde, 30 Minuten:")
    with pytest.raises(UserFacingError) as unreadable:
        await admin.turn_limit.callback(admin, Interaction(TURKISH, service), duration="soon")  # type: ignore[arg-type]
    turkish = player_message(unreadable.value, TURKISH)
    english = "I could not read 'soon' as a duration: write it like `24h`, `90m`, `1h30m` or `2d`."
    assert player_message(unreadable.value) == english
    assert turkish is not None and "'soon'" in turkish and turkish != english
