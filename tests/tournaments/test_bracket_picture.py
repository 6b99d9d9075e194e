# Greek and Turkish letters that look like Latin ones, on purpose
"""The bracket picture: golden images for a few states and languages (regenerate on purpose with
`.venv/bin/python -m tests.tournaments.bracket_cases`), the picture's data, its words in the server's language and
fitting their places in every language (issue 35), and the largest bracket's size."""

from __future__ import annotations

import dataclasses
from dataclasses import replace

import pytest
from PIL import Image

from bot.i18n import available_languages
from bot.tournaments import TournamentStatus
from bot.tournaments.records import DecidedBy, Entrant, MatchState
from cogs.ui.tournament_picture import WORDS, bracket_words, picture_of
from render.bracket import BracketWords, bracket_image, overflowing
from tests.render.imaging import MAX_DIFFERING_SHARE, decode, differing_share
from tests.tournaments.bracket_cases import GOLDEN_CASES, GOLDEN_DIR, tournament


def test_every_case_has_its_golden_file() -> None:
    assert {path.stem for path in GOLDEN_DIR.glob("*.png")} == set(GOLDEN_CASES)


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_bracket_matches_its_golden_image(name: str) -> None:
    drawn = decode(GOLDEN_CASES[name]())
    with Image.open(GOLDEN_DIR / f"{name}.png") as golden:
        share = differing_share(drawn, golden)
    assert share <= MAX_DIFFERING_SHARE, f"{name}: {share:.2%} of pixels differ; if intended, regenerate goldens"


def test_the_comparison_notices_a_changed_score() -> None:
    """One score drawn differently must fail the comparison: the tolerance does not let any bracket pass."""
    t = tournament(2, {}, matches={(1, 0): 7})
    changed = decode(bracket_image(picture_of(t, {(1, 0): MatchState(7, "active", {1: 3, 2: 0})})))
    with Image.open(GOLDEN_DIR / "bracket_two_players.png") as golden:
        assert differing_share(changed, golden) > 0


def test_the_picture_data_follows_the_bracket() -> None:
    matches = {(1, 1): 21, (2, 0): 22, (2, 1): 23}
    results = {(1, 1): (5, DecidedBy.MATCH, None), (2, 1): (3, DecidedBy.AWARD, "no-show")}
    t = tournament(5, results, matches=matches)
    states = {(1, 1): MatchState(21, "finished", {4: 4, 5: 5}), (2, 0): MatchState(22, "active", {1: 2, 5: 1})}
    picture = picture_of(t, states)
    assert picture.round_names == ("Quarter-finals", "Semi-finals", "Final")
    assert picture.round_in_play == 2 and picture.champion is None
    first = picture.rounds[0]
    assert [box.sides[1].bye for box in first] == [True, False, True, True]  # seeds 1-3 have byes
    assert first[1].winner == 1 and [s.score for s in first[1].sides] == [4, 5]
    semi_top, semi_bottom = picture.rounds[1]
    assert semi_top.live and [s.name for s in semi_top.sides] == ["Alice", "Eleanor Rigby-Fitzgerald the Third"]
    assert semi_bottom.winner == 1 and semi_bottom.note == "awarded: no-show" and not semi_bottom.live
    final = picture.rounds[2][0]
    assert final.sides[0].name is None and final.sides[1].name == "Carol"


def test_a_full_64_player_bracket_is_drawn_small() -> None:
    """Its size only: a timing here failed under the suite's load (speed belongs in bench/)."""
    t = tournament(13, {})
    many = t.entrants + tuple(Entrant(n, f"Player {n}", float(n), n, None) for n in range(14, 65))
    png = bracket_image(picture_of(replace(t, entrants=many), {}))
    image = decode(png)
    assert image.size[1] < 3000 and len(png) < 1_000_000


def test_the_picture_is_in_the_servers_language() -> None:
    results = {(1, 1): (5, DecidedBy.MATCH, None), (2, 1): (3, DecidedBy.AWARD, "no-show")}
    t = tournament(5, results, matches={(1, 1): 21, (2, 0): 22})
    states = {(2, 0): MatchState(22, "aborted", {1: 2, 5: 1})}
    german = picture_of(t, states, "de")
    assert german.round_names == ("Viertelfinale", "Halbfinale", "Finale")
    assert german.subtitle == "5-Punkte-Matches \N{MIDDLE DOT} 5 Spieler \N{MIDDLE DOT} Halbfinale läuft"
    assert [box.note for box in german.rounds[1]] == ["gestoppt: wartet auf Organisator", "zugesprochen: no-show"]
    assert (german.words.bye, german.words.to_be_decided, german.words.champion) == ("Freilos", "noch offen", "Sieger")
    greek = picture_of(replace(t, status=TournamentStatus.CANCELLED), states, "el")
    assert greek.round_names == ("Προημιτελικοί", "Ημιτελικοί", "Τελικός")
    assert greek.subtitle.endswith("5 παίκτες \N{MIDDLE DOT} ακυρώθηκε") and greek.words.champion == "Νικητής"


def test_the_marked_words_are_the_renderers_english() -> None:
    assert set(WORDS) == {field.name for field in dataclasses.fields(BracketWords)}
    assert bracket_words("en") == BracketWords()


@pytest.mark.parametrize("language", available_languages())
def test_every_word_of_the_picture_fits_its_place(language: str) -> None:
    """Round names over their columns, players' and undecided lines in their boxes, the notes under them, the
    champion's label and the subtitle over the narrowest picture (two players): none is cut in any language."""
    stopped = {(1, 0): MatchState(1, "aborted", {})}
    for count in (2, 3, 5, 9, 13):
        t = tournament(count, {}, matches={(1, 0): 1})
        for status in (TournamentStatus.RUNNING, TournamentStatus.CANCELLED, TournamentStatus.FINISHED):
            assert overflowing(picture_of(replace(t, status=status), stopped, language)) == [], (count, status)
    awarded = tournament(5, {(1, 1): (5, DecidedBy.AWARD, "no-show")})
    assert overflowing(picture_of(awarded, {}, language)) == []


def test_a_word_too_wide_for_its_place_is_noticed() -> None:
    picture = picture_of(tournament(2, {}), {})
    assert overflowing(picture) == []
    wordy = replace(picture, words=replace(picture.words, champion="Champion of champions, undefeated"))
    assert overflowing(wordy) == ["Champion of champions, undefeated"]
    long_round = replace(picture, round_names=("The very last and deciding round of all",))
    assert overflowing(long_round) == ["The very last and deciding round of all"]
