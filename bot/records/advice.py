"""The tutor's advice in a match's record (the Moves list, the .mat file's comments, the match's web page): each
decision the tutor stopped, what it gave up, the better choice, and whether the player kept it or took it back.
Plain text in the reader's language, from the stored notes (bot.tutor)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.analysis.figures import GRADE, grade
from bot.i18n import DEFAULT_LANGUAGE, format_number, pgettext, translate
from bot.tutor.advice import Note, Outcome

_TITLE = pgettext("move list", "Tutor")
_LINE = pgettext("move list", "{chosen}: gave up about {loss} ({grade}); {best} was better; {outcome}")
_OUTCOMES = {
    Outcome.KEPT: pgettext("move list", "kept"),
    Outcome.UNDONE: pgettext("move list", "taken back"),
    Outcome.OPEN: pgettext("move list", "chosen again"),
}


def _choice(kind: str, text: str, language: str) -> str:
    return text if kind == "checker" else translate(language, text)


def advice_line(note: Note, language: str = DEFAULT_LANGUAGE) -> str:
    """One stopped decision, as a line of the record."""
    judged = note.judgement
    return translate(
        language,
        _LINE,
        context="move list",
        chosen=_choice(judged.kind, judged.chosen, language),
        loss=format_number(language, max(judged.loss, 0.01), 2),
        grade=translate(language, grade(judged.loss), context=GRADE),
        best=_choice(judged.kind, judged.best, language),
        outcome=translate(language, _OUTCOMES[note.outcome], context="move list"),
    )


def advice_lines(notes: Sequence[Note], language: str = DEFAULT_LANGUAGE) -> list[str]:
    """The record's section of the tutor's advice: a title and one numbered line per note; none without notes."""
    if not notes:
        return []
    title = translate(language, _TITLE, context="move list")
    return [f"{title}:", *(f"{number}. {advice_line(note, language)}" for number, note in enumerate(notes, 1))]


def with_advice(moves: str, notes: Sequence[Note], language: str = DEFAULT_LANGUAGE) -> str:
    """The move list followed by the tutor's advice, after a blank line."""
    return "\n\n".join(part for part in (moves, "\n".join(advice_lines(notes, language))) if part)
