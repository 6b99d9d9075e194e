# ruff: noqa: RUF001  # Turkish and Greek letters (and the score's en dash) are what these tests check
"""Records in the readers' languages (issue 35): /bg export's answer and its notes in the member's language (the
file itself stays English, as GNU Backgammon writes it), the text board's words, and the web pages' link buttons."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.engine import Position
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.records import export_mat
from cogs.records import Records
from cogs.ui import web_links
from cogs.ui.text_board_words import MESSAGES, text_words
from render import BoardState, text_board
from render.text import TextWords
from tests.cogs.test_game_messages import record
from tests.records.test_mat_limits import on_time_matches


class Interaction:
    """/bg export by a member of server 1 whose Discord speaks `locale`."""

    def __init__(self, locale: discord.Locale) -> None:
        self.locale = locale
        self.guild_id = 1
        self.channel_id = 2
        self.sent: list[tuple[str, dict[str, Any]]] = []
        self.response = SimpleNamespace(defer=self._nothing)
        self.followup = SimpleNamespace(send=self._send)

    async def _send(self, content: str, **fields: Any) -> None:
        self.sent.append((content, fields))

    async def _nothing(self, **_fields: Any) -> None:
        return None


async def exported(match: Match, locale: discord.Locale) -> tuple[str, dict[str, Any]]:
    """What /bg export answers for `match` (match #5), through the real Records cog."""
    shown = record(match)

    async def find(match_id: int) -> Any:
        return shown

    async def no_notes(match_id: int) -> list[Any]:
        return []  # not tutored

    service = SimpleNamespace(match=find, tutor=SimpleNamespace(notes=no_notes))
    cog = Records(SimpleNamespace(service=service))  # type: ignore[arg-type]
    interaction = Interaction(locale)
    await cog.export.callback(cog, interaction, 5)  # type: ignore[arg-type]
    [answer] = interaction.sent
    return answer


async def test_the_export_answer_and_its_notes_are_in_the_members_language() -> None:
    dice = FixedDice([3, 1])
    money = Match.start(("Alice", "Bob"), MatchOptions.money(), dice)
    content, fields = await exported(money, discord.Locale.german)
    lines = content.splitlines()
    assert lines[1].startswith("Öffne es in GNU Backgammon mit File > Import (oder `import mat <file>`)")
    assert lines[2] == (
        "Dieses Money-Game wurde mit Jacoby-Regel gespielt: schalte sie in deinem Programm vor dem Import ein "
        "(gnubg: `set jacoby on`)."
    )
    assert fields["ephemeral"] and isinstance(fields["file"], discord.File)
    content, _ = await exported(money, discord.Locale.turkish)
    assert content.splitlines()[2].startswith("Bu para oyununda Jacoby kuralı kullanıldı")


def test_a_note_of_what_the_file_changed_reads_in_german_and_greek_and_the_file_stays_english() -> None:
    match = on_time_matches()[0]  # a 5-point match won on time: gnubg reads it as a backgammon at most
    export = export_mat(match)
    [note] = export.notes
    assert note.render("de") == (
        "Spiel 1 wurde auf Zeit gewonnen und steht als Aufgabe in der Datei, die GNU Backgammon höchstens als "
        "Backgammon liest: Alice gewinnt dort 3 Punkte, hier 5 Punkte."
    )
    assert note.render("el").endswith("ο/η Alice κερδίζει εκεί 3 πόντους, εδώ 5 πόντους.")
    assert f"; {note}\n" in export.text and str(note).startswith("Game 1 was won on time")


def test_the_text_board_speaks_the_readers_language() -> None:
    assert set(MESSAGES) == {field.name for field in dataclasses.fields(TextWords)}
    assert text_words("en") == TextWords()  # the marked English is the renderer's own
    state = BoardState(
        position=Position.initial(), on_roll=0, names=("Alice", "Bob"), position_id="4HPwATDgc/ABMA", dice=(5, 3)
    )
    german = text_board(state, perspective=0, words=text_words("de"))
    assert german.splitlines()[0] == "Money-Game  Position-ID: 4HPwATDgc/ABMA"
    assert "O: Alice  (am Zug)" in german and german.count("167 Pips") == 2
    assert "hat 5-3 gewürfelt" in german and "Dopplerwürfel: 64 (Mitte)" in german
    turkish = text_board(
        dataclasses.replace(state, match_length=7, crawford=True), perspective=0, words=text_words("tr")
    )
    assert turkish.startswith("7 puanlık maç, Crawford oyunu") and "5-3 attı" in turkish


@pytest.fixture
def pages_on() -> Iterator[None]:
    web_links.configure(("https://gammon.example", "a-secret-for-the-web-pages-of-32-chars+"))
    yield
    web_links.configure(None)


def test_the_link_buttons_are_labelled_in_the_language_of_their_message(pages_on: None) -> None:
    def labels(view: discord.ui.View | None) -> list[str | None]:
        assert view is not None
        return [item.label for item in view.children if isinstance(item, discord.ui.Button)]

    assert labels(web_links.match_link_view(12, language="de")) == ["Match-Seite"]
    assert labels(web_links.match_link_view(12, language="el")) == ["Σελίδα ματς"]
    assert labels(web_links.player_link_view(1, 2, "tr")) == ["Oyuncu sayfası"]
    assert labels(web_links.match_link_view(12)) == ["Match page"]
