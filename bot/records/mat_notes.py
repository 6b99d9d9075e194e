"""The notes that come with an exported .mat file (bot.records.mat): the Jacoby rule to set before importing, and
what the file changed to fit GNU Backgammon's limits. Each note is whole sentences marked for the catalogues, shown
in the language of the member who asked for the file; `str(note)` is the English the file's comment
holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.match_log import MatchLog
from bot.i18n import DEFAULT_LANGUAGE, N_, Message, translate
from bot.records.mat_games import MATCH_CUBE_LIMIT, MONEY_CUBE_LIMIT, MatGame

_JACOBY_ON = N_(
    "This money game used the Jacoby rule: turn it on in your program before importing (gnubg: `set jacoby on`)."
)
_JACOBY_OFF = N_(
    "This money game did not use the Jacoby rule: turn it off in your program before importing (gnubg: "
    "`set jacoby off`), or a gammon on a centred cube counts as a single game there."
)
_LEFT_OUT = {
    True: N_(
        "Game {number}: the cube was doubled to {cube}, past the {limit} that GNU Backgammon can hold in a money "
        "game, so this file leaves out the doubles past {limit}."
    ),
    False: N_(
        "Game {number}: the cube was doubled to {cube}, past the {limit} that GNU Backgammon can hold in a match, "
        "so this file leaves out the doubles past {limit}."
    ),
}
_DROP_RESIGNED = N_("The drop is written as a resignation.")
_SCORED = N_("GNU Backgammon scores the game at a cube of {limit}: {winner} wins {theirs} there, {ours} here.")
_ON_TIME = N_(
    "Game {number} was won on time, written as a resignation, which GNU Backgammon reads as at most a backgammon: "
    "{winner} wins {theirs} there, {ours} here."
)


@dataclass(frozen=True, slots=True)
class Note:
    """One note: its sentences, each an English template with parameters (a parameter may be a message itself,
    a count of points), shown in the reader's language by `render`."""

    sentences: tuple[Message, ...]

    def render(self, locale: object) -> str:
        return " ".join(_rendered(sentence, locale) for sentence in self.sentences)

    def __str__(self) -> str:
        return self.render(DEFAULT_LANGUAGE)


def _rendered(message: Message, locale: object) -> str:
    params = {
        key: _rendered(value, locale) if isinstance(value, Message) else value for key, value in message.params.items()
    }
    return translate(locale, message.template, **params)


def _points(count: int) -> Message:
    return Message(N_("{count} point") if count == 1 else N_("{count} points"), {"count": count})


def change_notes(log: MatchLog, games: Sequence[MatGame], names: tuple[str, str]) -> list[Note]:
    """One note per game that gnubg cannot hold as it was, saying what the file does instead (`names`: the
    players' names as the file writes them)."""
    limit = MONEY_CUBE_LIMIT if log.options.is_money else MATCH_CUBE_LIMIT
    notes = []
    for game in games:
        scored: dict[str, object] = {}
        if game.points is not None and game.winner is not None and game.points[0] != game.points[1]:
            ours, theirs = game.points
            scored = {"winner": names[game.winner], "theirs": _points(theirs), "ours": _points(ours)}
        if game.left_out:
            sentences = [
                Message(_LEFT_OUT[log.options.is_money], {"number": game.number, "cube": game.left_out, "limit": limit})
            ]
            if game.drop_resigned:
                sentences.append(Message(_DROP_RESIGNED))
            if scored:
                sentences.append(Message(_SCORED, {"limit": limit, **scored}))
            notes.append(Note(tuple(sentences)))
        elif scored:
            notes.append(Note((Message(_ON_TIME, {"number": game.number, **scored}),)))
    return notes


def jacoby_notes(log: MatchLog) -> list[Note]:
    """gnubg reads no Jacoby rule from a .mat file: it applies its own setting (on unless changed)."""
    if not log.options.is_money:
        return []
    return [Note((Message(_JACOBY_ON if log.options.jacoby else _JACOBY_OFF),))]
