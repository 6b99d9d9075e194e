"""A board's words in the server's language and a private answer in the member's (issue 35): the text, the status
line, the prompt and the buttons of a match on a German server are German, and an answer follows whoever asked."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

import discord
import pytest

import render
from bot.engine import actions
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.engine.outcome import Outcome, OutcomeKind
from bot.i18n import N_
from bot.service import GameService, PlayerPrefs
from bot.store import Database
from cogs.admin import web_text
from cogs.ui.board_words import MESSAGES, board_words
from cogs.ui.controls import controls
from cogs.ui.errors import UserFacingError, player_message
from cogs.ui.game_messages import compose_text, match_line, over_text, refusal, rematch_rows, thinking_line
from cogs.ui.help_text import help_embed
from cogs.ui.move_menu import ButtonSpec, Rows
from cogs.ui.publisher import GamePublisher
from cogs.ui.settings_text import describe as describe_settings
from render.banner import result_lines
from tests.cogs.test_game_messages import record

SQLITE = pytest.mark.parametrize("db", ["sqlite"], indirect=True)


def labels(rows: Rows) -> list[str]:
    return [button.label for row in rows if isinstance(row, tuple) for button in row if isinstance(button, ButtonSpec)]


@SQLITE
async def test_a_board_on_a_german_server_is_german(db: Database) -> None:
    service = GameService(db)
    await service.settings.set_guild_language(1, "de")  # the server of `record`'s matches
    bot: Any = SimpleNamespace(service=service, get_guild=lambda guild_id: None)
    dice = FixedDice([3, 1, 6, 5])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    shown = record(match)
    language = await GamePublisher(bot).language(shown)
    assert language == "de"
    match, events = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice)
    assert compose_text(record(match), events, language=language).splitlines() == [
        "Alice hat 3-1 gewürfelt und 8/5 6/5 gezogen.",
        "-# Pips: Alice 163, Bob 167 · Stand: Alice 0, Bob 0 (auf 3) · Dopplerwürfel: 1, in der Mitte",
        "<@222>, du bist dran: **Würfeln** oder **Doppeln** auf 2.",
    ]
    assert labels(controls(5, 4, match, language=language)) == ["Würfeln", "Doppeln", "Aufgeben", "Züge"]
    assert thinking_line(record(match), language) == "Bob denkt nach\u2026"  # the publisher tells it by the "…"


@SQLITE
async def test_without_a_choice_a_server_reads_english(db: Database) -> None:
    bot: Any = SimpleNamespace(service=GameService(db), get_guild=lambda guild_id: None)
    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    language = await GamePublisher(bot).language(record(match))
    assert language == "en"
    assert compose_text(record(match), match.last_events, language=language).endswith("or type it with `/bg move`.")


def test_the_move_menu_and_the_end_are_german_too() -> None:
    dice = FixedDice([6, 5])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    match = match.apply(actions.MoveChecker(0, 24, 18), dice).match
    words = labels(controls(5, 4, match, language="de"))
    assert {"Zurücknehmen", "Aufgeben", "Züge"} <= set(words)
    assert not {"Undo", "Done", "Resign", "Moves"} & set(words)
    finished = record(Match.start(("Alice", "Bob"), MatchOptions.money(), FixedDice([6, 5])))
    assert labels(rematch_rows(finished, "de")) == ["Revanche", "Züge"]
    assert over_text(finished, "de") == "Match #5 wurde abgebrochen."


def test_a_private_answer_follows_the_members_language() -> None:
    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    shown = record(match)
    assert refusal(shown, 333, "de") == "Dieses Spiel läuft zwischen Alice und Bob."
    assert refusal(shown, 222, "de") == "Alice ist am Zug."
    assert refusal(shown, 222) == "It is Alice's turn."
    assert match_line(shown, 222, "de").startswith("gegen **Alice**, Match auf 3, 0-0, Alice ist dran")
    error = UserFacingError(N_("There is no match in this channel. Start one with `/bg challenge`."))
    assert player_message(error, discord.Locale.german) == (
        "In diesem Kanal läuft kein Match. Starte eins mit `/bg challenge`."
    )
    assert player_message(error, discord.Locale.british_english) == str(error)
    composed = UserFacingError("Already composed text {not a field}")  # a text the catalogue lacks shows as it is
    assert player_message(composed, discord.Locale.german) == "Already composed text {not a field}"


def test_the_picture_words_are_the_renderers_english_marked_for_the_catalogue() -> None:
    assert set(MESSAGES) == {field.name for field in dataclasses.fields(render.BoardWords)}
    assert board_words("en") == render.BoardWords()  # the marked English is the renderer's own default
    german = board_words("de")
    assert (german.to_play, german.pips.format(pips=167), german.score) == ("am Zug", "167 Pips", "Stand")
    resigned = Outcome(winner=0, kind=OutcomeKind.RESIGNED, points=4, cube=2)
    assert result_lines(("Alice", "Bob"), resigned, (4, 1), 7, german) == (
        "Bob gibt auf: Alice gewinnt 4 Punkte",
        "Stand: Alice 4, Bob 1 (7-Punkte-Match)",
    )


def test_help_and_settings_answer_in_the_members_language() -> None:
    german = help_embed("cube", "de")
    assert german.title == "Der Dopplerwürfel"
    assert german.description is not None and "**Annehmen**" in german.description
    assert help_embed("cube").title == "The doubling cube"
    assert help_embed("no such topic", "de").title == "Backgammon: Schnellstart"
    assert describe_settings(PlayerPrefs(1, auto_done=True), True, "de").startswith(
        "Gespeichert. **Automatisch beenden"
    )
    assert describe_settings(PlayerPrefs(1, auto_done=False), False).startswith("**Auto-finish is off**")
    assert web_text(False, True, None, "de").startswith("Die Webseite dieses Servers ist jetzt aus")
