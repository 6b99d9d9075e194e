"""What the tutor says, privately and in the member's language: a held decision's note, the answer to Keep or
Undo, and a hint. Plays are shown in code spans (`13/7*`: the hit's star is no markdown); cube choices are the
analysis's marked English, translated here."""

from __future__ import annotations

from bot.analysis.figures import GRADE, grade
from bot.i18n import N_, format_number, translate
from bot.tutor.advice import Hint, Judgement, Threshold

#: Equities are shown with this many decimals (hundredths of a point, as players speak of them).
DIGITS = 2


def choice_text(kind: str, choice: str, language: str) -> str:
    """A play as notation in a code span; a cube choice in the reader's language, in bold."""
    if kind == "checker":
        return f"`{choice}`"
    return f"**{translate(language, choice)}**"


def loss_words(loss: float, language: str) -> str:
    """'about 0.12 of a point per game (error)': the equity lost, per unit of the cube, and the analysis's grade."""
    named = translate(language, grade(loss), context=GRADE)
    amount = format_number(language, max(loss, 0.01), DIGITS)
    return translate(language, N_("about {loss} of a point per game ({grade})"), loss=amount, grade=named)


def note_text(judgement: Judgement, language: str) -> str:
    """The private note of a held decision: what was chosen, what it gives up, the better choice, and the buttons."""
    chosen = choice_text(judgement.kind, judgement.chosen, language)
    best = choice_text(judgement.kind, judgement.best, language)
    lost = loss_words(judgement.loss, language)
    if judgement.kind == "checker":
        said = translate(
            language,
            N_("Tutor: you played {chosen}. This play gives up {lost}; {best} was better."),
            chosen=chosen,
            lost=lost,
            best=best,
        )
    else:
        said = translate(
            language,
            N_("Tutor: you chose {chosen}. This gives up {lost}; {best} was better."),
            chosen=chosen,
            lost=lost,
            best=best,
        )
    ask = translate(language, N_("Press **Undo** to choose again, or **Keep** to play it as it is."))
    return f"{said}\n{ask}"


def kept_text(judgement: Judgement, language: str) -> str:
    chosen = choice_text(judgement.kind, judgement.chosen, language)
    return translate(language, N_("Kept: {chosen} is played."), chosen=chosen)


def undone_text(language: str) -> str:
    return translate(language, N_("Taken back: choose again on the board."))


def hint_text(hint: Hint, language: str) -> str:
    """The best choices, best first, each with how much it gives up against the best."""
    title = (
        translate(language, N_("Hint: the best plays for your roll"))
        if hint.kind == "checker"
        else translate(language, N_("Hint: your cube choices"))
    )
    lines = [title]
    for number, line in enumerate(hint.lines, start=1):
        shown = choice_text(hint.kind, line.choice, language)
        if line.behind > 0:
            behind = format_number(language, line.behind, 3)
            shown = translate(language, N_("{choice} (gives up {loss})"), choice=shown, loss=behind)
        lines.append(f"{number}. {shown}")
    return "\n".join(lines)


#: What `/bg settings` says of the tutor, for each threshold.
_SETTINGS = {
    Threshold.OFF: N_("**Tutor is off** against the computer. Turn it on with `/bg settings tutor: error`."),
    Threshold.DOUBTFUL: N_(
        "**Tutor from doubtful plays**: against the computer, decisions that lose 0.02 or more stop."
    ),
    Threshold.ERROR: N_("**Tutor from errors**: against the computer, decisions that lose 0.04 or more stop."),
    Threshold.BLUNDER: N_("**Tutor from blunders**: against the computer, decisions that lose 0.08 or more stop."),
}


def tutor_setting(threshold: Threshold, language: str) -> str:
    """The player's default for new matches against the computer, in words."""
    return translate(language, _SETTINGS[threshold])
