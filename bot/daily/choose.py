"""Which decision of a server's analysed matches becomes the daily position, and its cube candidates.

The costliest decision not posted before: a checker play or a cube decision (a double, or the answer to one) of a
match to some points, where the choice made lost at least MIN_LOSS. Beavers (money games only) are left out, as
are money games (their cube rules, R7.3 and R6.4, are not kept with the analysis).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from bot.analysis.result import DecisionResult, MatchAnalysis
from bot.daily.puzzle import Candidate, Puzzle
from bot.i18n import N_

#: The least loss that makes a decision worth a day's question (an error, as the analysis names them).
MIN_LOSS = 0.04
#: Each cube decision's two answers, in the menu's order (the analysis's own messages).
NO_DOUBLE, DOUBLE, TAKE, DROP = N_("No double"), N_("Double"), N_("Take"), N_("Drop")
CUBE_ANSWERS = {"double": (NO_DOUBLE, DOUBLE), "take": (TAKE, DROP)}


@dataclass(frozen=True, slots=True)
class Found:
    """A decision chosen from a stored analysis, with where it comes from (`source`, stored with the post)."""

    source: str
    decision: DecisionResult
    length: int


def source_of(match_id: int, decision: DecisionResult) -> str:
    return f"match:{match_id}:{decision.index}"


def _usable(decision: DecisionResult) -> bool:
    if decision.forced or decision.loss < MIN_LOSS:
        return False
    if decision.kind == "checker":
        return bool(decision.chosen_steps) and bool(decision.best_steps)
    answers = CUBE_ANSWERS.get(decision.kind)
    return answers is not None and decision.chosen in answers


def costliest(analyses: Iterable[tuple[int, MatchAnalysis]], used: Collection[str]) -> Found | None:
    """The costliest usable decision of these (match id, analysis) not in `used` (sources); None when none is."""
    best: Found | None = None
    for match_id, analysis in analyses:
        if not analysis.length:
            continue
        for decision in analysis.decisions:
            source = source_of(match_id, decision)
            if _usable(decision) and source not in used and (best is None or decision.loss > best.decision.loss):
                best = Found(source, decision, analysis.length)
    return best


def cube_candidates(decision: DecisionResult) -> tuple[Candidate, ...]:
    """A cube decision's two answers with their equities, from the analysis alone (its choice lost something, so
    the choice made and the best one are the two answers)."""
    answers = CUBE_ANSWERS[decision.kind]
    other = next(answer for answer in answers if answer != decision.chosen)
    equities = {decision.chosen: decision.chosen_equity, other: decision.best_equity}
    return tuple(Candidate(answer, equities[answer], answer == decision.chosen) for answer in answers)


def puzzle_of(decision: DecisionResult, length: int, candidates: tuple[Candidate, ...]) -> Puzzle:
    """The decision as a daily position; a checker play's `candidates` come from the worker (bot.daily.ranking)."""
    cube = decision.kind != "checker"
    return Puzzle(
        kind=decision.kind,
        player=decision.player,
        viewer=decision.viewer,
        board=decision.board,
        dice=(0, 0) if cube else decision.dice,
        cube=decision.cube,
        cube_owner=decision.cube_owner,
        away=decision.away,
        length=length,
        crawford=decision.crawford,
        candidates=cube_candidates(decision) if cube else candidates,
    )
