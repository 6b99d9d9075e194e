"""The daily position's words: the post (the question, with the reveal of the day before), the private answers,
the admin's setting and the line of /stats player. Who was right is written as mentions, sent with no mention
allowed (nobody is pinged, and a mention shows the member's name as Discord has it)."""

from __future__ import annotations

from bot.daily.posts import DailySetting
from bot.daily.puzzle import Candidate, Puzzle, reveal_lines
from bot.daily.service import MemberFigures, Reveal
from bot.i18n import N_, translate
from cogs.ui.ladder_text import counted
from cogs.ui.number_text import number

#: The picture's names of the two sides: the one on roll (who decides, or who doubled), its opponent.
ON_ROLL, OPPONENT = N_("Player on roll"), N_("Opponent")
#: Who is listed as right in a reveal at most (the rest are counted).
RIGHT_LISTED = 30

_QUESTION = {
    "checker": N_("The player on roll has rolled {dice}. What is the best play?"),
    "double": N_("The player on roll may double before rolling. Double or no double?"),
    "take": N_("The player on roll has doubled. Should the opponent take or drop?"),
}
_MEMBERS = (N_("{count} member"), N_("{count} members"))


def side_names(language: str) -> tuple[str, str]:
    """The picture's names: (the side on roll, its opponent)."""
    return translate(language, ON_ROLL), translate(language, OPPONENT)


def candidate_text(candidate: Candidate, puzzle: Puzzle, language: str) -> str:
    """A play in notation as it is; a cube answer in the reader's words."""
    return candidate.text if puzzle.kind == "checker" else translate(language, candidate.text)


def score_text(puzzle: Puzzle, language: str) -> str:
    if not puzzle.length:
        return translate(language, N_("Money game."))
    mine, theirs = puzzle.length - puzzle.away[0], puzzle.length - puzzle.away[1]  # the viewer is on roll
    text = translate(
        language,
        N_("{length}-point match: the player on roll has {mine}, the opponent {theirs}."),
        length=puzzle.length,
        mine=mine,
        theirs=theirs,
    )
    if puzzle.crawford:
        text += " " + translate(language, N_("Crawford game."))
    return text


def question_text(puzzle: Puzzle, language: str) -> str:
    """The post's question, without the players' names."""
    cube = (
        translate(language, N_("The cube is in the middle."))
        if puzzle.cube_owner == "centered"
        else translate(language, N_("The cube is at {value}."), value=puzzle.cube)
    )
    question = translate(language, _QUESTION[puzzle.kind], dice=f"{puzzle.dice[0]}-{puzzle.dice[1]}")
    answer = translate(
        language, N_("Answer with the menu: only you see your answer. The answer comes with the next position.")
    )
    heading = translate(language, N_("**Daily position**"))
    return f"{heading}\n{score_text(puzzle, language)} {cube}\n{question}\n-# {answer}"


def reveal_text(reveal: Reveal, language: str) -> str:
    """The answer to the day before: the candidates best first with what each gives up, how many chose each, who
    was right."""
    puzzle = reveal.puzzle
    lines = [translate(language, N_("**The answer to the previous position**"))]
    for place, line in enumerate(reveal_lines(puzzle, reveal.counts), start=1):
        loss = translate(language, N_("best")) if line.right else f"-{number(language, line.loss, 3)}"
        played = " " + translate(language, N_("(played in the match)")) if line.candidate.played else ""
        chosen = counted(language, line.chosen_by, _MEMBERS)
        text = candidate_text(line.candidate, puzzle, language)
        lines.append(f"{place}. **{text}** ({loss}) · {chosen}{played}")
    if not reveal.answered:
        lines.append(translate(language, N_("Nobody answered.")))
    elif not reveal.right:
        lines.append(translate(language, N_("Nobody was right.")))
    else:
        shown = " ".join(f"<@{user}>" for user in reveal.right[:RIGHT_LISTED])
        more = len(reveal.right) - RIGHT_LISTED
        if more > 0:
            shown += " " + translate(language, N_("and {count} more"), count=more)
        lines.append(translate(language, N_("Right: {members}"), members=shown))
    return "\n".join(lines)


def post_text(puzzle: Puzzle, reveal: Reveal | None, language: str) -> str:
    text = question_text(puzzle, language)
    return text if reveal is None else f"{reveal_text(reveal, language)}\n\n{text}"


def answered_text(puzzle: Puzzle, choice: int, language: str) -> str:
    return translate(
        language,
        N_("Your answer: **{answer}**. You may change it until the answer is revealed with the next position."),
        answer=candidate_text(puzzle.candidates[choice], puzzle, language),
    )


def placeholder(language: str) -> str:
    return translate(language, N_("Your answer"))


def closed_placeholder(language: str) -> str:
    return translate(language, N_("Closed: the answer is in the next position"))


def setting_text(setting: DailySetting | None, changed: bool, language: str) -> str:
    if setting is None or not setting.enabled:
        said = N_("The daily position is now off.") if changed else N_("The daily position is off.")
        return translate(language, said)
    said = (
        N_("The daily position is now posted in {channel} every day at {hour}:00 UTC.")
        if changed
        else N_("The daily position is posted in {channel} every day at {hour}:00 UTC.")
    )
    return translate(language, said, channel=f"<#{setting.channel_id}>", hour=f"{setting.hour:02d}")


def figures_text(figures: MemberFigures, language: str) -> str:
    """The /stats player line: answered, right, the streak."""
    return translate(
        language,
        N_("{answered} answered, {right} right · streak of right answers: {streak}"),
        answered=number(language, figures.answered),
        right=number(language, figures.right),
        streak=number(language, figures.streak),
    )


DAILY_FIELD = N_("Daily positions")
