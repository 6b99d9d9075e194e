# ruff: noqa: RUF001  # Turkish and Greek letters (and the score's en dash) are what these tests check
"""The ladder's answers in the language of the member who asked (issue 35): /leaderboard and its pages, /stats
player with its chart, /stats dice with its chart, /history, the Player page button; and every word the charts
draw fits its place in every language. Through the real Ladder cog, on a fake bot that hands it the figures."""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.engine import actions
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.fairness.stats import dice_stats
from bot.i18n import available_languages
from bot.ratings.records import HeadToHead, HistoryEntry, LadderEntry, LeaderboardPage, PlayerStats
from cogs import ladder as ladder_cog
from cogs.ladder import Ladder
from cogs.ui import dice_text, web_links
from cogs.ui.dice_text import dice_chart_of
from cogs.ui.errors import UserFacingError, player_message
from cogs.ui.ladder_text import chart_caption
from render import chart, dice_chart
from render.chart import rating_chart
from render.fonts import font
from tests.support.fake_interaction import FakeInteraction, returns

ALICE = LadderEntry(1, 10, "Alice", 1523.4, matches=3, wins=2)
BOB = LadderEntry(2, 20, "Bob", 1476.6, matches=1, wins=1)
STATS = PlayerStats(
    user_id=10,
    name="Alice",
    standing=ALICE,
    experience=12,
    gammons_won=2,
    gammons_lost=1,
    backgammons_won=0,
    backgammons_lost=1,
    cubes_taken=3,
    cubes_dropped=1,
    average_length=4.0,
    streak=-2,
    head_to_head=HeadToHead(1, 2),
    ratings=[1500.0, 1510.0, 1523.4],
)
WON = HistoryEntry(5, 20, "Bob", 5, True, 5, 3, None, 1_700_000_000.0, 12.5, 30, 40)
LOST_ON_TIME = HistoryEntry(6, 999, "Gammon", 0, False, 0, 2, "timeout", 1_700_000_100.0, None, 30, None)


def fake_bot() -> Any:
    """The figures the cog asks for: two rated players, Alice's stats, her last two matches (one against the
    computer, at beginner level, analysed at PR 5.2) and one match's rolls."""
    dice = FixedDice([3, 1, 6, 5, 4, 2])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match  # the opening roll: not counted
    match = match.apply(actions.Roll(1), dice).match
    match = match.apply(actions.Move(1, match.parse_play("24/18 18/13")), dice).match
    match = match.apply(actions.Roll(0), dice).match  # Alice's one counted roll: 4-2
    records = SimpleNamespace(
        leaderboard_page=lambda guild_id, page, caller_id: returns(LeaderboardPage(0, 1, 2, [ALICE, BOB], ALICE)),
        player_stats=lambda guild_id, user_id, viewer_id, name: returns(STATS),
        recent_prs=lambda user_id, guild_id: returns([4.0, 5.0, 9.0, 10.0]),
        player_name=lambda user_id: returns("Alice"),
        recent_matches=lambda guild_id, user_id: returns([WON, LOST_ON_TIME]),
        prs_of_matches=lambda user_id, match_ids: returns({6: 5.2}),
    )
    computer = SimpleNamespace(
        records=lambda user_id, guild_id: returns(
            [SimpleNamespace(level="beginner", played=1, won=0, points_per_game=-2.0)]
        ),
        levels_of=lambda match_ids: returns([(6, "beginner")]),
    )
    service = SimpleNamespace(
        computer=computer,
        settings=SimpleNamespace(web_page=lambda guild_id: returns(True)),
        player_logs=lambda guild_id, user_id: returns([(match.log, 0)]),
    )
    return SimpleNamespace(records=records, service=service)


def labels(view: discord.ui.View) -> list[str | None]:
    return [getattr(child, "item", child).label for child in view.children]


@pytest.fixture
def pages_on() -> Iterator[None]:
    web_links.configure(("https://gammon.example", "a-secret-for-the-web-pages-of-32-chars+"))
    yield
    web_links.configure(None)


async def test_the_leaderboard_in_german_and_another_members_page_in_turkish() -> None:
    cog = Ladder(fake_bot())
    asked = FakeInteraction(discord.Locale.german)
    await cog.leaderboard.callback(cog, asked, 1)  # type: ignore[arg-type]
    embed: discord.Embed = asked.sent[0]["embed"]
    assert embed.title == "Rangliste von Tavla Club"
    assert embed.description is not None
    assert embed.description.splitlines() == [
        "`#  1` **Alice** · Wertung 1523 · 3 Matches, 2 Siege",
        "`#  2` **Bob** · Wertung 1477 · 1 Match, 1 Sieg",
    ]
    assert [(field.name, field.value) for field in embed.fields] == [("Du", "#1 von 2 · Wertung 1523")]
    assert embed.footer.text == "Seite 1 von 1 · 2 Spieler"
    assert labels(asked.sent[0]["view"]) == ["Zurück", "Weiter"]
    other = FakeInteraction(discord.Locale.turkish, user_id=20)
    await cog.show_page(other, 10, 0)  # type: ignore[arg-type]
    copy = other.sent[0]
    assert copy["ephemeral"] and copy["embed"].title == "Tavla Club sıralaması"
    assert labels(copy["view"]) == ["Önceki", "Sonraki"]


async def test_stats_in_greek_with_the_chart_in_greek(monkeypatch: pytest.MonkeyPatch, pages_on: None) -> None:
    drawn: list[dict[str, Any]] = []

    def chart_drawn(ratings: list[float], **words: Any) -> bytes:
        drawn.append(words)
        return rating_chart(ratings, **words)

    monkeypatch.setattr(ladder_cog, "rating_chart", chart_drawn)
    cog = Ladder(fake_bot())
    asked = FakeInteraction(discord.Locale.greek)
    await cog.stats.callback(cog, asked, None)  # type: ignore[arg-type]
    embed: discord.Embed = asked.sent[0]["embed"]
    assert embed.title == "Στατιστικά του/της Alice"
    fields = {field.name: field.value for field in embed.fields}
    assert fields["Βαθμολογία"] == "1523 · θέση #1"
    assert fields["Τρέχον σερί"] == "2 ήττες στη σειρά"
    assert fields["Μέση διάρκεια ματς"] == "4,0 πόντοι · 12 πόντοι συνολικά"
    assert (
        fields["Με τον υπολογιστή (χωρίς βαθμολογία)"]
        == "αρχάριος: 1 παίχτηκαν · 0 κερδήθηκαν · -2,00 πόντοι ανά παρτίδα"
    )
    assert fields["Αναλυμένο παιχνίδι"].splitlines() == [
        "PR 7,0 - έμπειρος, μέσος όρος των τελευταίων 4 αναλυμένων ματς",
        "Τάση: βελτίωση (9,5 → 4,5, τα 2 νεότερα έναντι των 2 παλαιότερων)",
        "Πρώτα τα νεότερα: 4,0; 5,0; 9,0; 10,0",
    ]
    assert [field.inline for field in embed.fields if field.name == "Μέση διάρκεια ματς"] == [False]
    assert drawn == [{"name": "Alice", "caption": "1523,40 μετά από 2 βαθμολογημένα ματς", "unnamed": "Παίκτης"}]
    assert labels(asked.sent[0]["view"]) == ["Σελίδα παίκτη"]


async def test_dice_in_german_with_the_chart_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[dict[str, Any]] = []

    def chart_drawn(*figures: Any, **words: Any) -> bytes:
        drawn.append(words)
        return dice_chart.dice_chart(*figures, **words)

    monkeypatch.setattr(dice_text, "dice_chart", chart_drawn)
    cog = Ladder(fake_bot())
    asked = FakeInteraction(discord.Locale.german)
    await cog.dice.callback(cog, asked, None)  # type: ignore[arg-type]
    embed: discord.Embed = asked.sent[0]["embed"]
    assert embed.title == "Würfel von Alice"
    fields = {field.name: field.value for field in embed.fields}
    assert fields["Würfe"] == "1 (jeder eigene Wurf in einem Spiel; Eröffnungswürfe zählen nicht)"
    assert fields["Augenzahlen"].splitlines()[1] == "2: 1 (fair: 0,3)"
    assert (
        fields["Chi-Quadrat"] == "Augenzahlen: braucht mindestens 15 Würfe\ndie 21 Würfe: braucht mindestens 180 Würfe"
    )
    assert [field.name for field in embed.fields if field.inline] == ["Pasch", "Pips pro Wurf"]
    assert embed.footer.text == "1 Match auf diesem Server · die Würfel jedes Matches lassen sich prüfen: /bg fairness"
    assert drawn == [
        {"titles": ("Augenzahlen", "Die 21 Würfe"), "caption": "1 Würfe · orange: faire Würfel", "unnamed": "Spieler"}
    ]


async def test_history_in_turkish() -> None:
    cog = Ladder(fake_bot())
    asked = FakeInteraction(discord.Locale.turkish)
    await cog.history.callback(cog, asked, None)  # type: ignore[arg-type]
    embed: discord.Embed = asked.sent[0]["embed"]
    assert embed.title == "Alice oyuncusunun son maçları"
    assert embed.description is not None
    assert embed.description.splitlines() == [
        "<t:1700000000:d> **kazandı** 5–3, rakip **Bob** · 5 puanlık maç · puan +12,5 · "
        "[son mesaj](https://discord.com/channels/1/30/40)",
        "<t:1700000100:d> kaybetti 0–2, rakip **Gammon** · para oyunu (süreden: bir maç saati doldu) · "
        "bilgisayar, acemi · PR 5,2",
    ]


async def test_a_ladder_outside_a_server_is_refused_in_the_members_language() -> None:
    cog = Ladder(fake_bot())
    asked = FakeInteraction(discord.Locale.german)
    asked.guild_id = None  # type: ignore[assignment]
    with pytest.raises(UserFacingError) as refused:
        await cog.history.callback(cog, asked, None)  # type: ignore[arg-type]
    assert player_message(refused.value, asked.locale) == (
        "Ranglisten gehören zu einem Server: benutze diesen Befehl in einem Kanal des Servers."
    )
    assert player_message(refused.value, discord.Locale.greek).startswith("Οι κατατάξεις ανήκουν σε έναν server")
    with pytest.raises(UserFacingError) as refused:
        await cog.dice.callback(cog, asked, None)  # type: ignore[arg-type]
    assert player_message(refused.value, asked.locale) == (
        "Würfelstatistiken gehören zu einem Server: benutze diesen Befehl in einem Kanal des Servers."
    )


def test_every_chart_word_fits_its_place_in_every_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The longest figures: a caption takes at most half the width beside the title (the player's name), and the
    dice chart's panel titles fit their panels."""
    s = chart._SCALE
    stats = dice_stats((random.Random(3).randint(1, 6), random.Random(4).randint(1, 6)) for _ in range(12_345))
    words: dict[str, Any] = {}

    def keep(*_figures: Any, **drawn: Any) -> bytes:
        words.update(drawn)
        return b""

    monkeypatch.setattr(dice_text, "dice_chart", keep)
    for language in available_languages():
        caption = chart_caption([1500.0] * 1234 + [1523.45], language)
        assert font(14 * s).getlength(caption) <= (chart.WIDTH - 64 - 24) * s / 2, (language, caption)
        dice_chart_of("Alice", stats, language)
        assert font(14 * s).getlength(words["caption"]) <= (dice_chart.WIDTH - 48) * s / 2, (language, words)
        faces, rolls = words["titles"]
        assert font(13 * s).getlength(faces) <= 210 * s and font(13 * s).getlength(rolls) <= 518 * s, language
