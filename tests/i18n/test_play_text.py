"""A match's own words in the reader's language (issue 35): durations written by Babel, the service's refusals of
match actions and claims rendered for the member who asked, and the texts beside the board (the clock line, the
move list, the resignation choice) in German, Turkish and Greek, the English unchanged."""

# ruff: noqa: RUF001  # Turkish and Greek letters are what these tests are about
from __future__ import annotations

import dataclasses

import discord
import pytest

from bot.engine import actions as engine
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.engine.position import WinKind
from bot.i18n.durations import Duration
from bot.records.move_list import move_list
from bot.service import GameService, ServiceError
from bot.service import commands as cmd
from bot.service.clocks import ClockPreset, MatchClock
from bot.store import Database
from cogs.ui.durations import UnreadableDuration, format_duration, parse_duration
from cogs.ui.errors import not_understood, player_message
from cogs.ui.game_messages import compose_text
from cogs.ui.repairs import BoardNotShown
from cogs.ui.resign_menu import inline_list, offered_text, resign_question, resign_rows
from tests.cogs.test_game_messages import record
from tests.records.test_move_list import resigned_match
from tests.service.conftest import FakeClock
from tests.service.helpers import SeededDice, start_match

SQLITE = pytest.mark.parametrize("db", ["sqlite"], indirect=True)
HOUR = 3600
GERMAN, TURKISH, GREEK = discord.Locale.german, discord.Locale.turkish, discord.Locale.greek


@pytest.mark.parametrize(
    ("language", "seconds", "text"),
    [
        ("en", 5400, "1 hour 30 minutes"),
        ("de", 5400, "1 Stunde, 30 Minuten"),
        ("tr", 5400, "1 saat 30 dakika"),
        ("el", 90061, "1 ημέρα 1 ώρα"),
        ("de", 0, "0 Sekunden"),
        ("tr", 86400 * 10, "10 gün"),
    ],
)
def test_durations_are_written_in_the_readers_language(language: str, seconds: int, text: str) -> None:
    assert format_duration(seconds, language) == text
    assert Duration(seconds).render(language) == text


def test_a_duration_that_cannot_be_read_is_refused_in_the_members_language() -> None:
    with pytest.raises(UnreadableDuration) as refused:
        parse_duration("soon")
    assert str(refused.value).startswith("I could not read 'soon' as a duration")
    assert refused.value.message.render("de") == (
        "Ich konnte 'soon' nicht als Dauer lesen: schreib sie wie `24h`, `90m`, `1h30m` oder `2d`."
    )
    assert refused.value.message.render("tr").startswith("'soon' süre olarak okunamadı")


@SQLITE
async def test_a_claim_refused_by_the_service_reads_in_the_members_language(db: Database, clock: FakeClock) -> None:
    service = GameService(db, dice=SeededDice(7), clock=clock)
    record_ = (await start_match(service, options=MatchOptions(5))).record
    waiting = record_.match.to_act
    assert waiting is not None
    name = record_.players[waiting].name
    claimant, slow = record_.players[1 - waiting].user_id, record_.players[waiting].user_id
    clock.now += 11 * HOUR
    with pytest.raises(ServiceError) as early:
        await service.act(record_.id, claimant, cmd.Ask(engine.Claim))
    assert player_message(early.value) == f"{name} still has 13 hours to act; you can claim after that."
    assert (
        player_message(early.value, GERMAN)
        == f"{name} hat noch 13 Stunden Zeit; danach kannst du den Sieg beanspruchen."
    )
    assert player_message(early.value, TURKISH) == (
        f"{name} oyuncusunun hamle için hâlâ 13 saat süresi var; bu süre dolunca galibiyet isteyebilirsin."
    )
    with pytest.raises(ServiceError) as own:
        await service.act(record_.id, slow, cmd.Ask(engine.Claim))
    assert (
        player_message(own.value, GERMAN) == "Du bist selbst am Zug: gegen dich selbst kannst du nichts beanspruchen."
    )
    assert (
        player_message(own.value, GREEK)
        == "Είναι η σειρά σου: δεν μπορείς να διεκδικήσεις νίκη εναντίον του εαυτού σου."
    )


@SQLITE
async def test_the_engines_refusals_of_a_turn_read_in_the_members_language(db: Database, clock: FakeClock) -> None:
    service = GameService(db, dice=SeededDice(7), clock=clock)
    record_ = (await start_match(service, options=MatchOptions(5))).record
    waiting = record_.match.to_act
    assert waiting is not None
    mover = record_.players[waiting].user_id
    with pytest.raises(ServiceError) as undo:
        await service.act(record_.id, mover, cmd.Ask(engine.Undo))
    assert player_message(undo.value) == "There is no step to undo."
    assert player_message(undo.value, GERMAN) == "Es gibt keinen Schritt zum Zurücknehmen."
    assert player_message(undo.value, TURKISH) == "Geri alınacak hamle yok."
    with pytest.raises(ServiceError) as unfinished:
        await service.act(record_.id, mover, cmd.Ask(engine.Confirm))
    assert (
        player_message(unfinished.value, GERMAN) == "Dein Zug ist nicht fertig: ziehe so viele Würfel, wie du kannst."
    )
    assert player_message(unfinished.value, GREEK) == "Η κίνησή σου δεν τελείωσε: παίξε όσα ζάρια μπορείς."


def test_a_board_not_shown_and_an_empty_quote_are_told_in_the_members_language() -> None:
    class Response:
        status, reason = 403, "Forbidden"

    refused = BoardNotShown(4, discord.Forbidden(Response(), "refused"))  # type: ignore[arg-type]
    assert player_message(refused, GERMAN).startswith(  # type: ignore[union-attr]
        "Deine Aktion ist gespeichert, aber das neue Brett konnte nicht gezeigt werden: Ich darf hier nicht posten"
    )
    assert player_message(refused, TURKISH).startswith("İşlemin kaydedildi, ancak yeni tahta gösterilemedi")  # type: ignore[union-attr]
    assert not_understood("   ", GERMAN) == "Ich habe (nichts) nicht verstanden."
    assert not_understood("   ", GREEK) == "Δεν κατάλαβα το (τίποτα)."


NOW = 1_000_000.0


def test_the_clock_line_is_in_the_boards_language() -> None:
    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)  # Alice to play
    shown = dataclasses.replace(record(match), clock=MatchClock(ClockPreset.RELAXED, 3, (30.0, 5.0), NOW - 20))
    runs_out = f"<t:{int(NOW - 20 + 30 + 540 - 30)}:R>"
    english = compose_text(shown, match.last_events, now=NOW).splitlines()
    assert f"-# Clock (relaxed): Alice 8:30 · Bob 8:55 · Alice's time runs out {runs_out}" in english
    german = compose_text(shown, match.last_events, now=NOW, language="de").splitlines()
    assert f"-# Uhr (gemütlich): Alice 8:30 · Bob 8:55 · Die Zeit von Alice läuft {runs_out} ab" in german
    turkish = compose_text(shown, match.last_events, now=NOW, language="tr").splitlines()
    assert f"-# Saat (rahat): Alice 8:30 · Bob 8:55 · Alice oyuncusunun süresi {runs_out} doluyor" in turkish


def test_the_move_list_is_in_the_readers_language_with_its_plays_as_written() -> None:
    match = resigned_match()
    assert move_list(match.log, "de").splitlines()[:9] == [
        "Spiel 1: Alice 0, Bob 0 (3-Punkte-Match)",
        "Alice  3-1: 8/5 6/5",
        "Bob    doppelt auf 2",
        "Alice  nimmt an",
        "Bob    6-4: (nicht gespielt)",
        "Bob    bietet die Aufgabe eines Gammons an (4 Punkte)",
        "Alice  nimmt die Aufgabe an",
        "Alice gewinnt 4 Punkte (durch Aufgabe)",
        "Alice gewinnt das Match 4:0",
    ]
    assert move_list(match.log, "tr").splitlines()[:9] == [
        "1. oyun: Alice 0, Bob 0 (3 puanlık maç)",
        "Alice  3-1: 8/5 6/5",
        "Bob    vido veriyor: küp 2",
        "Alice  alıyor",
        "Bob    6-4: (oynanmadı)",
        "Bob    mars karşılığında pes etmeyi teklif ediyor (4 puan)",
        "Alice  pes etmeyi kabul ediyor",
        "Alice 4 puan kazanıyor (rakip pes etti)",
        "Alice maçı 4-0 kazanıyor",
    ]
    dice = FixedDice([3, 1])
    money = Match.start(("Alice", "Bob"), MatchOptions.money(), dice)
    assert move_list(money.log, "el").splitlines() == ["Παρτίδα 1", "Alice  3-1: (παίζεται)"]


def test_the_resignation_choice_is_in_the_members_language() -> None:
    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(7), dice)
    assert resign_question(match, 0, "de").startswith("Was bietest du zur Aufgabe an? Bob kann annehmen")
    ((single, gammon, backgammon),) = resign_rows(5, 4, match, "de")
    assert [single.label, gammon.label, backgammon.label] == [
        "Einfaches Spiel (1 Punkt)",
        "Gammon (2 Punkte)",
        "Backgammon (3 Punkte)",
    ]
    ((_, greek, _),) = resign_rows(5, 4, match, "el")
    assert greek.label == "Διπλό (2 πόντους)" and gammon.control == greek.control
    assert offered_text(WinKind.BACKGAMMON, "tr") == "Backgammon karşılığında pes etmeyi teklif ettin. Teklif tahtada."
    long = "\n".join(f"Alice  {n}: 13/7 8/7" for n in range(300))
    shown, as_file = inline_list(long, "de")
    assert as_file and shown.startswith("Die letzten Züge (die ganze Liste steht in der Datei):\n```")
