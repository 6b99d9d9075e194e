"""Per-player figures of an analysed match: PR, error rates, error counts, luck, a rating-style summary.

Which decisions count (the "unforced" decisions of the PR, as XG and the sites count them):
- a checker play counts when the roll allowed more than one legal play (forced plays and no-moves do not);
- every double, every answer to a double (take, drop, beaver) and every answer to a beaver counts;
- a no double counts only when it was close (doubling was worth at least the no double minus 0.16, GNU
  Backgammon's rule) or when not doubling was an error; clear no doubles are left out, as XG leaves them out.

PR = 500 x the mean equity lost (EMG per unit of cube) per counted decision. The checker and cube error rates
are the same figure over the counted checker plays, and over the counted cube decisions.
Each decision that lost equity is rated with XG's thresholds: doubtful from 0.020, error from 0.040, blunder
from 0.080. Luck is summed over every roll (EMG per unit of cube, the roll's best play against the average
roll); the luck rate is the mean per roll, in thousandths (mEMG).
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.numbers import get_decimal_symbol

from bot.analysis.result import DecisionResult, MatchAnalysis
from bot.i18n import DEFAULT_LANGUAGE, N_, format_number, language_of, pgettext, translate

DOUBTFUL = 0.020
ERROR = 0.040
BLUNDER = 0.080

#: The catalogue context of the bands' names (`translate(language, band(pr), context=BAND)`); each `pgettext`
#: below writes it out, as the extractor reads only the literal text.
BAND = "PR band"
#: The catalogue context of the grades' names (`translate(language, grade(loss), context=GRADE)`).
GRADE = "decision grade"
#: XG's PR bands (upper bound, name): what the summary line says.
BANDS: tuple[tuple[float, str], ...] = (
    (2.5, pgettext("PR band", "world class")),  # XG: "superstar" below 2.5 in newer versions; one band here
    (5.0, pgettext("PR band", "world class")),
    (7.5, pgettext("PR band", "expert")),
    (12.5, pgettext("PR band", "advanced")),
    (17.5, pgettext("PR band", "intermediate")),
    (22.5, pgettext("PR band", "casual player")),
    (30.0, pgettext("PR band", "beginner")),
    (float("inf"), pgettext("PR band", "distracted")),
)


def band(pr: float) -> str:
    return next(name for bound, name in BANDS if pr < bound)


def grade(loss: float) -> str:
    """'blunder', 'error', 'doubtful' or '' for a decision that lost `loss`."""
    if loss >= BLUNDER:
        return pgettext("decision grade", "blunder")
    if loss >= ERROR:
        return pgettext("decision grade", "error")
    if loss >= DOUBTFUL:
        return pgettext("decision grade", "doubtful")
    return ""


@dataclass(frozen=True, slots=True)
class PlayerFigures:
    player: int
    name: str
    pr: float
    checker_rate: float  # PR over checker plays only
    cube_rate: float
    checker_decisions: int
    cube_decisions: int
    total_loss: float
    doubtful: int
    errors: int
    blunders: int
    luck: float
    luck_rate: float  # mEMG per roll
    rolls: int

    def summary(self, language: str = DEFAULT_LANGUAGE) -> str:
        """One line, as the sites put it: "PR 6.2 - expert"."""
        if not self.checker_decisions + self.cube_decisions:
            return translate(language, N_("PR - (no decision to rate)"))
        return pr_band(self.pr, language)


def pr_band(pr: float, language: str = DEFAULT_LANGUAGE) -> str:
    """`PR 6.2 - expert`, in `language`."""
    named = translate(language, band(pr), context=BAND)
    return translate(language, N_("PR {pr} - {band}"), pr=format_number(language, pr, 1), band=named)


def _rate(decisions: list[DecisionResult]) -> float:
    return 500.0 * sum(d.loss for d in decisions) / len(decisions) if decisions else 0.0


def player_figures(analysis: MatchAnalysis, player: int) -> PlayerFigures:
    mine = [d for d in analysis.decisions if d.player == player and d.counted]
    checker = [d for d in mine if d.kind == "checker"]
    cube = [d for d in mine if d.kind != "checker"]
    grades = [grade(d.loss) for d in mine]
    rolls = [roll.luck for roll in analysis.rolls if roll.player == player]
    luck = sum(rolls)
    return PlayerFigures(
        player,
        analysis.names[player],
        round(_rate(mine), 2),
        round(_rate(checker), 2),
        round(_rate(cube), 2),
        len(checker),
        len(cube),
        round(sum(d.loss for d in mine), 4),
        grades.count("doubtful"),
        grades.count("error"),
        grades.count("blunder"),
        round(luck, 4),
        round(1000.0 * luck / len(rolls), 2) if rolls else 0.0,
        len(rolls),
    )


def costliest(analysis: MatchAnalysis, player: int, count: int = 3) -> list[DecisionResult]:
    """The player's `count` decisions that lost the most (only those that lost something), costliest first."""
    lost = [d for d in analysis.decisions if d.player == player and d.loss > 0]
    return sorted(lost, key=lambda d: (-d.loss, d.index))[:count]


#: The trend's line, a whole sentence for each way it goes.
_TRENDS = {
    "steady": N_("Trend: steady ({older} → {newer}, newer {half} against older {half})"),
    "improving": N_("Trend: improving ({older} → {newer}, newer {half} against older {half})"),
    "worsening": N_("Trend: worsening ({older} → {newer}, newer {half} against older {half})"),
}


def pr_trend(prs: list[float], language: str = DEFAULT_LANGUAGE) -> str:
    """/stats: the average PR of the matches given (newest first) and its trend, newer half against older half
    (a lower PR is better play), in `language`. Empty when there is none."""
    if not prs:
        return ""
    average = sum(prs) / len(prs)
    over = (
        N_("{band}, average of the last {count} analysed match")
        if len(prs) == 1
        else N_("{band}, average of the last {count} analysed matches")
    )
    lines = [translate(language, over, band=pr_band(average, language), count=len(prs))]
    if len(prs) >= 4:
        half = len(prs) // 2
        newer, older = sum(prs[:half]) / half, sum(prs[-half:]) / half
        change = newer - older
        trend = "steady" if abs(change) < 0.5 else ("improving" if change < 0 else "worsening")
        lines.append(
            translate(
                language,
                _TRENDS[trend],
                older=format_number(language, older, 1),
                newer=format_number(language, newer, 1),
                half=half,
            )
        )
    apart = "; " if get_decimal_symbol(language_of(language)) == "," else ", "  # 6,2; 5,0 rather than 6,2, 5,0
    newest = apart.join(format_number(language, pr, 1) for pr in prs)
    lines.append(translate(language, N_("Newest first: {prs}"), prs=newest))
    return "\n".join(lines)
