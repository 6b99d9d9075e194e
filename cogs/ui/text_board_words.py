"""The words beside the text board (render.text) in a reader's language, handed to the renderer as plain
data, as cogs.ui.board_words does for the picture: each field of `render.text.TextWords` marked here with the same
English as its default, `text_words(language)` filling one from the catalogue."""

from __future__ import annotations

from functools import cache

from bot.i18n import DEFAULT_LANGUAGE, N_, translate
from render.text import TextWords

#: The English of each field of render.text.TextWords, marked for the catalogue (a test checks they match).
MESSAGES: dict[str, str] = {
    "match": N_("{length}-point match"),
    "match_crawford": N_("{length}-point match, Crawford game"),
    "money_game": N_("Money game"),
    "position_id": N_("Position ID: {id}"),
    "match_id": N_("Match ID: {id}"),
    "on_roll": N_("(on roll)"),
    "to_answer": N_("(to answer)"),
    "pips": N_("{pips} pips"),
    "score": N_("score {score}"),
    "off": N_("{count} off"),
    "to_roll": N_("to roll"),
    "rolled": N_("rolled {dice}"),
    "rolled_played": N_("rolled {dice} (played {used})"),
    "cube_middle": N_("cube: {value} (middle)"),
    "cube": N_("cube: {value}"),
    "offered": N_("{cube} offered to {player}"),
    "played": N_("{player} played {play}"),
    "played_so_far": N_("{player} has played {play} so far"),
    "player": N_("Player {number}"),
}


@cache
def text_words(language: str = DEFAULT_LANGUAGE) -> TextWords:
    """The text board's words in `language` (English where the catalogue lacks one)."""
    return TextWords(**{field: translate(language, english) for field, english in MESSAGES.items()})
