"""The daily position's words (cogs/ui/daily_text.py): the question without names, the reveal ranked with its
counts and who was right, in every language."""

from __future__ import annotations

from bot.daily.posts import StoredPost
from bot.daily.puzzle import Puzzle
from bot.daily.service import Reveal
from bot.daily.shipped import shipped
from bot.i18n.catalogues import available_languages
from cogs.ui.daily_text import answered_text, post_text, question_text, reveal_text, score_text

CHECKER = next(puzzle for _, puzzle in shipped() if puzzle.kind == "checker")


def reveal(puzzle: Puzzle, counts: dict[int, int], right: tuple[int, ...]) -> Reveal:
    post = StoredPost(1, 2, 3, 4, "set:x", puzzle.to_json(), True)
    return Reveal(post, puzzle, counts, right, sum(counts.values()))


def test_the_question_says_the_roll_the_cube_and_the_score_from_the_player_on_roll() -> None:
    puzzle = Puzzle.from_dict({**CHECKER.to_dict(), "viewer": 1, "player": 1, "away": [2, 4], "length": 5})
    text = question_text(puzzle, "en")
    assert f"rolled {puzzle.dice[0]}-{puzzle.dice[1]}. What is the best play?" in text
    assert score_text(puzzle, "en") == "5-point match: the player on roll has 3, the opponent 1."
    money = Puzzle.from_dict({**CHECKER.to_dict(), "length": 0, "away": [0, 0], "cube_owner": "player", "cube": 2})
    assert "Money game. The cube is at 2." in question_text(money, "en")


def test_the_reveal_ranks_the_candidates_with_their_counts_and_who_was_right() -> None:
    puzzle = Puzzle.from_dict(
        {
            **CHECKER.to_dict(),
            "candidates": [{"text": "13/9", "equity": 0.1, "played": True}, {"text": "8/5 6/5", "equity": 0.35}],
        }
    )
    lines = reveal_text(reveal(puzzle, {1: 2, 0: 1}, (7, 8)), "en").splitlines()
    assert lines == [
        "**The answer to the previous position**",
        "1. **8/5 6/5** (best) · 2 members",
        "2. **13/9** (-0.250) · 1 member (played in the match)",
        "Right: <@7> <@8>",
    ]
    assert reveal_text(reveal(puzzle, {}, ()), "en").endswith("Nobody answered.")
    assert reveal_text(reveal(puzzle, {0: 3}, ()), "en").endswith("Nobody was right.")


def test_every_shipped_position_reads_in_every_language() -> None:
    languages = available_languages()
    assert len(languages) == 8
    for language in languages:
        for _, puzzle in shipped():
            text = post_text(puzzle, reveal(puzzle, {0: 1}, (5,)), language)
            assert "{" not in text and len(text) <= 2000
            assert answered_text(puzzle, 0, language).count("**") == 2
