"""The tutor's advice in a match's record (bot.records.advice): the Moves list's section and the .mat file's
comments, in the reader's language."""

from __future__ import annotations

from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.records.advice import advice_lines, with_advice
from bot.records.mat import export_mat
from bot.tutor.advice import Judgement, Note, Outcome

PLAY = Note(1, 7, 101, 3, 2, Judgement("checker", "13/7 8/7", "24/18 13/11", 0.1234), {}, Outcome.UNDONE)
CUBE = Note(2, 7, 101, 9, 6, Judgement("take", "Drop", "Take", 0.05), {}, Outcome.KEPT)


def test_each_stopped_decision_is_a_line_with_what_became_of_it() -> None:
    assert advice_lines([PLAY, CUBE]) == [
        "Tutor:",
        "1. 13/7 8/7: gave up about 0.12 (blunder); 24/18 13/11 was better; taken back",
        "2. Drop: gave up about 0.05 (error); Take was better; kept",
    ]
    assert advice_lines([]) == []


def test_the_moves_list_ends_with_the_advice_in_the_readers_language() -> None:
    text = with_advice("Game 1\n...", [CUBE], "de")
    assert text == "Game 1\n...\n\nTutor:\n1. Ablehnen: kostete etwa 0,05 (Fehler); Annehmen war besser; behalten"
    assert with_advice("Game 1", [], "de") == "Game 1"


def test_the_mat_file_keeps_the_advice_as_comments() -> None:
    match = Match.start(("Alice", "Gammon"), MatchOptions.match(3), FixedDice([3, 1]))
    text = export_mat(match, advice=advice_lines([PLAY])).text
    assert "; Tutor:\n; 1. 13/7 8/7: gave up about 0.12 (blunder); 24/18 13/11 was better; taken back\n" in text
