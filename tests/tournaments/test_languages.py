# ruff: noqa: RUF001  # Greek and Turkish letters that look like Latin ones, on purpose
"""Tournaments in the players' languages (issue 35): the service's refusals reach each member in theirs (rendered as
the error handler sends them), the cog's own refusals too, and every public post, button and the bracket picture
are in the server's language, as the runner and the buttons send them."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock

import discord
import pytest

from bot.i18n import Message
from bot.service import GameService, ServiceError
from bot.store import Database
from bot.tournaments import TournamentService, TournamentStatus
from bot.tournaments.records import Cancellation, DecidedBy, Pairing
from cogs.tournaments import Tournaments
from cogs.ui.errors import UserFacingError, player_message
from cogs.ui.fairness_text import proof_line
from cogs.ui.tournament_messages import TournamentAction, parse_start, signup_view
from cogs.ui.tournament_runner import TournamentRunner
from cogs.ui.tournament_text import (
    champion_text,
    list_line,
    signup_text,
    started_text,
    status_text,
    thread_name,
)
from tests.service.conftest import FakeClock
from tests.tournaments.bracket_cases import tournament
from tests.tournaments.helpers import CHANNEL, GUILD, ORGANISER, open_tournament, player

SQLITE = pytest.mark.parametrize("db", ["sqlite"], indirect=True)
GERMAN, TURKISH, GREEK = discord.Locale.german, discord.Locale.turkish, discord.Locale.greek


async def refused(call: Any) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        await call
    return caught.value


@SQLITE
async def test_the_services_refusals_reach_each_member_in_their_language(tournaments: TournamentService) -> None:
    cup = await open_tournament(tournaments, [player(1)], size=4)
    twice = await refused(tournaments.join(cup.id, player(1)))
    assert player_message(twice) == "You are already signed up for Club Cup."
    assert player_message(twice, GERMAN) == "Du bist schon für Club Cup angemeldet."
    assert player_message(twice, TURKISH) == "Club Cup turnuvasına zaten kayıtlısın."
    too_few = await refused(tournaments.start(cup.id, ORGANISER.user_id))
    assert player_message(too_few, GERMAN) == "Club Cup braucht mindestens 2 Spieler zum Start; 1 angemeldet."
    assert player_message(too_few, GREEK) == (
        "Το τουρνουά Club Cup χρειάζεται τουλάχιστον 2 παίκτες για να αρχίσει· γράφτηκαν 1."
    )
    not_theirs = await refused(tournaments.start(cup.id, player(1).user_id))
    assert player_message(not_theirs, TURKISH) == (
        "Club Cup turnuvasını yalnızca düzenleyeni (ya da Sunucuyu Yönet iznine sahip bir üye) başlatabilir."
    )
    unknown = await refused(tournaments.by_name(GUILD, "Spring   Open"))
    assert player_message(unknown, GREEK) == "Δεν υπάρχει τουρνουά με το όνομα Spring Open εδώ."
    await tournaments.join(cup.id, player(2))
    await tournaments.start(cup.id, ORGANISER.user_id)
    late = await refused(tournaments.join(cup.id, player(3)))
    assert player_message(late, GERMAN) == "Club Cup hat schon begonnen: du kannst dich jetzt nicht mehr anmelden."
    assert player_message(late, TURKISH) == "Club Cup turnuvası zaten başladı: artık katılamazsın."
    stays = await refused(tournaments.leave(cup.id, player(1).user_id))
    assert player_message(stays, GERMAN).startswith("Club Cup hat begonnen: du kannst dich jetzt nicht mehr abmelden.")
    starred = await open_tournament(tournaments, [player(4)], name="*Star* Cup")
    again = await refused(tournaments.join(starred.id, player(4)))
    assert player_message(again, GERMAN) == "Du bist schon für \\*Star\\* Cup angemeldet."  # the name as typed


def test_a_start_time_the_cog_cannot_read_is_refused_in_the_members_language() -> None:
    with pytest.raises(UserFacingError) as caught:
        parse_start("next friday", 0.0)
    german = player_message(caught.value, GERMAN)
    assert german is not None and german.startswith("Ich konnte `next friday` nicht als Startzeit lesen: schreib")
    turkish = player_message(caught.value, TURKISH)
    assert turkish is not None and turkish.startswith("`next friday` bir başlangıç zamanı olarak okunamadı")


def test_the_sign_up_post_and_its_buttons_are_in_the_servers_language() -> None:
    signup = dataclasses.replace(tournament(3, {}), status=TournamentStatus.SIGNUP, started_at=None)
    assert signup_text(signup, "de").splitlines() == [
        "**Friday Night Cup**: ein K.-o.-Turnier mit 5-Punkte-Matches, organisiert von <@99>.",
        "Es beginnt, wenn der Organisator `/tournament start` ausführt. Drück **Anmelden**, um mitzuspielen, oder "
        "**Abmelden**, um deinen Namen wieder zu streichen.",
        "Angemeldet (3/16): Alice, Bob, Carol",
    ]
    scheduled = dataclasses.replace(signup, starts_at=1_767_225_600.0)
    assert "Έναρξη: <t:1767225600:F> (<t:1767225600:R>)." in signup_text(scheduled, "el")
    for language, labels in {"de": ["Anmelden", "Abmelden"], "tr": ["Katıl", "Ayrıl"]}.items():
        view = signup_view(signup, language)
        assert view is not None
        assert [getattr(getattr(item, "item", item), "label", None) for item in view.children] == labels
    for language in ("de", "tr", "el", "es", "pt_BR", "fr", "it"):  # the post names the buttons as they read
        view = signup_view(signup, language)
        assert view is not None
        text = signup_text(signup, language)
        assert all(f"**{getattr(item, 'item', item).label}**" in text for item in view.children), language


def test_the_status_the_champion_and_the_list_are_in_the_servers_language() -> None:
    running = tournament(5, {(1, 1): (5, DecidedBy.MATCH, None), (2, 1): (3, DecidedBy.AWARD, "no-show")})
    german = status_text(running, "de")
    assert "5 Spieler; Halbfinale läuft. Jedes Match wird in einem eigenen Thread gespielt." in german
    assert "<@3> zugesprochen: no-show" in german
    assert "5 oyuncu; Yarı final oynanıyor." in status_text(running, "tr")
    done = dataclasses.replace(running, status=TournamentStatus.FINISHED, champion_id=5)
    assert "Sieger: <@5>!" in status_text(done, "de")
    assert champion_text(done, "de") == (
        "\N{TROPHY} <@5> gewinnt **Friday Night Cup**! Glückwunsch, und danke an alle 5 Spieler."
    )
    assert champion_text(done, "tr").startswith("\N{TROPHY} **Friday Night Cup** turnuvasını <@5> kazandı!")
    assert list_line(done, "de") == "**Friday Night Cup**: gewonnen von <@5>, 5/16 Spieler, 5-Punkte-Matches."
    assert list_line(running, "el").startswith("**Friday Night Cup**: σε εξέλιξη, 5/16 παίκτες")


def test_why_a_tournament_was_cancelled_is_said_in_the_servers_language() -> None:
    base = dataclasses.replace(tournament(3, {}), status=TournamentStatus.CANCELLED)
    by_organiser = dataclasses.replace(base, note=Cancellation(by=9).note())
    assert "Abgesagt von <@9>." in status_text(by_organiser, "de")
    assert champion_text(by_organiser, "el") == "Το τουρνουά **Friday Night Cup** ακυρώθηκε από τον/την <@9>."
    written_before = dataclasses.replace(base, note="cancelled by <@7>")  # as notes were stored before
    assert champion_text(written_before, "de") == "**Friday Night Cup** wurde von <@7> abgesagt."
    in_their_words = dataclasses.replace(base, note="Regen")
    assert "Abgesagt: Regen." in status_text(in_their_words, "de")
    unreadable = dataclasses.replace(base, note="\x1e{not json")
    assert champion_text(unreadable, "de") == "**Friday Night Cup** wurde vom Organisator abgesagt."


@SQLITE
async def test_a_scheduled_start_with_too_few_players_is_cancelled_in_the_servers_words(
    tournaments: TournamentService, clock: FakeClock
) -> None:
    lonely = await tournaments.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser=ORGANISER,
        may_organise=True,
        name="Lonely *Cup*",
        length=1,
        size=8,
        starts_at=clock.now + 60,
    )
    await tournaments.join(lonely.id, player(1))
    clock.now += 61
    stopped = await tournaments.start_when_due(lonely.id)
    assert stopped.status is TournamentStatus.CANCELLED
    assert status_text(stopped, "de").splitlines()[-1] == (
        "Abgesagt. Lonely \\*Cup\\* braucht mindestens 2 Spieler zum Start; 1 angemeldet."
    )
    assert champion_text(stopped, "tr") == (
        "**Lonely \\*Cup\\*** turnuvası iptal edildi. Lonely \\*Cup\\* turnuvasının başlaması için en az 2 oyuncu "
        "gerekiyor; kayıtlı oyuncu: 1."
    )


@SQLITE
async def test_a_pairings_thread_and_announcement_are_in_the_servers_language(tournaments: TournamentService) -> None:
    cup = await open_tournament(tournaments, [player(1), player(2)], length=3)
    await tournaments.start(cup.id, ORGANISER.user_id)
    (pairing,) = await tournaments.pairings()
    first, second = pairing.players
    assert thread_name(pairing, "de") == f"Club Cup Finale: {pairing.names[0]} gegen {pairing.names[1]}"
    assert thread_name(pairing, "tr") == f"Club Cup Final: {pairing.names[0]} - {pairing.names[1]}"
    assert started_text(pairing, "0" * 64, "de").splitlines()[0] == (
        f"**Club Cup**, Finale: <@{first}> gegen <@{second}>, ein 3-Punkte-Match. Viel Glück!"
    )
    semi = Pairing(1, 1, 2, "Cup", 5, 2, Message("Semi-finals"), 0, (11, 12), ("Bea", "Cal"), None)
    assert started_text(semi, "0" * 64, "el").startswith("**Cup**, Ημιτελικοί: <@11> εναντίον <@12>, ματς 5 πόντων.")
    assert started_text(semi, "0" * 64, "el").splitlines()[1] == proof_line("0" * 64, "el") != proof_line("0" * 64)


class _Message:
    def __init__(self, channel: _Channel) -> None:
        self.channel = channel

    async def edit(self, **changes: Any) -> None:
        self.channel.edits.append(changes)


class _Channel:
    """What the runner uses of a channel: the tournament's message to edit, and send."""

    def __init__(self) -> None:
        self.edits: list[dict[str, Any]] = []
        self.sent: list[str] = []

    def get_partial_message(self, message_id: int) -> _Message:
        return _Message(self)

    async def send(self, text: str, **_options: Any) -> None:
        self.sent.append(text)


def _bot(games: GameService, tournaments: TournamentService, channel: _Channel) -> Any:
    return SimpleNamespace(
        service=games,
        tournaments=tournaments,
        get_guild=lambda guild_id: None,  # not cached: the language chosen with /bgadmin language
        get_partial_messageable=lambda channel_id, guild_id=None: channel,
    )


@SQLITE
async def test_the_runner_shows_the_bracket_and_the_end_in_the_servers_language(
    db: Database, games: GameService, tournaments: TournamentService
) -> None:
    await games.settings.set_guild_language(GUILD, "de")
    channel = _Channel()
    runner = TournamentRunner(_bot(games, tournaments, channel), tournaments, None)  # type: ignore[arg-type]
    cup = await open_tournament(tournaments, [player(1), player(2)])
    await tournaments.set_message(cup.id, CHANNEL, 555)
    await runner.refresh(await tournaments.start(cup.id, ORGANISER.user_id))
    [shown] = channel.edits
    assert (
        shown["content"].splitlines()[-1]
        == "2 Spieler; Finale läuft. Jedes Match wird in einem eigenen Thread gespielt."
    )
    assert shown["attachments"] and shown["view"] is None
    await runner.refresh(await tournaments.cancel(cup.id, ORGANISER.user_id, reason="Regen"))
    assert channel.edits[-1]["content"].splitlines()[-1] == "Abgesagt: Regen."
    assert channel.sent == ["**Club Cup** wurde abgesagt: Regen."]


@SQLITE
async def test_a_press_of_join_edits_the_post_in_the_servers_language_and_answers_in_the_members(
    games: GameService, tournaments: TournamentService
) -> None:
    """A German server, a Turkish member: the sign-up post and its buttons stay German, the answer is Turkish."""
    await games.settings.set_guild_language(GUILD, "de")
    cup = await open_tournament(tournaments, [], size=4)
    cog = Tournaments(_bot(games, tournaments, _Channel()), None)  # type: ignore[arg-type]
    followup = AsyncMock()
    edit = AsyncMock()
    pressed: Any = SimpleNamespace(
        user=SimpleNamespace(id=player(1).user_id, display_name="Ayşe"),
        locale=TURKISH,
        message=None,
        response=SimpleNamespace(defer=AsyncMock(), is_done=lambda: True),
        edit_original_response=edit,
        followup=SimpleNamespace(send=followup),
    )
    await cog.on_tournament_control(pressed, cup.id, TournamentAction.JOIN)
    posted = edit.await_args.kwargs
    assert posted["content"].splitlines()[-1] == "Angemeldet (1/4): Ayşe"
    assert [item.item.label for item in posted["view"].children] == ["Anmelden", "Abmelden"]
    [answer] = [call.args[0] for call in followup.await_args_list]
    assert answer.startswith("**Club Cup** turnuvasına kaydoldun (1/4).")
