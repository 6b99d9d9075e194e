"""The words on a board picture in the reader's language, handed to the renderer as plain data.

The renderer knows no catalogue (render draws plain data): each of its words is marked here with the same English
text as `render.BoardWords`' default, and `board_words(language)` fills one value from the catalogue.
"""

from __future__ import annotations

import dataclasses
from functools import cache

import render
from bot.i18n import DEFAULT_LANGUAGE, N_, translate

#: The English of each field of render.BoardWords, marked for the catalogue (the test checks they match).
MESSAGES: dict[str, str] = {
    "to_play": N_("to play"),
    "to_answer": N_("to answer"),
    "winner": N_("winner"),
    "cube": N_("cube"),
    "offered": N_("offered"),
    "pips": N_("{pips} pips"),
    "score": N_("Score"),
    "match": N_("{length}-point match"),
    "money_game": N_("Money game"),
    "crawford": N_("Crawford game"),
    "position_id": N_("Position ID {id}"),
    "match_id": N_("Match ID {id}"),
    "point": N_("{count} point"),
    "points": N_("{count} points"),
    "wins_single": N_("{winner} wins a single game: {points}"),
    "wins_gammon": N_("{winner} wins a gammon: {points}"),
    "wins_backgammon": N_("{winner} wins a backgammon: {points}"),
    "dropped": N_("{loser} dropped: {winner} wins {points}"),
    "resigned": N_("{loser} resigned: {winner} wins {points}"),
    "timed_out": N_("{loser}'s time ran out: {winner} wins {points}"),
    "match_won": N_("{winner} wins the match {mine}-{theirs}"),
    "score_line": N_("Score: {first} {first_score}, {second} {second_score} ({length}-point match)"),
}


@cache
def board_words(language: str = DEFAULT_LANGUAGE) -> render.BoardWords:
    """The picture's words in `language` (the English defaults where the catalogue lacks one)."""
    return render.BoardWords(**{field: translate(language, english) for field, english in MESSAGES.items()})


def with_words(state: render.BoardState, language: str) -> render.BoardState:
    return state if language == DEFAULT_LANGUAGE else dataclasses.replace(state, words=board_words(language))
