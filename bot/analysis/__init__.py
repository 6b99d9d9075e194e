"""Match analysis: every decision and roll of a stored match judged by bgsage. No Discord imports.

analyse(log, level) -> MatchAnalysis           # blocking; the bot runs it in the worker pool
player_figures(analysis, player)               # PR, error rates, counts, luck, "PR 6.2 - expert"
costliest(analysis, player)                    # the decisions that lost the most
"""

from bot.analysis.evaluate import DEFAULT_LEVEL, LEVELS, analyse
from bot.analysis.figures import PlayerFigures, band, costliest, grade, player_figures
from bot.analysis.result import DecisionResult, MatchAnalysis, RollLuck

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "DecisionResult",
    "MatchAnalysis",
    "PlayerFigures",
    "RollLuck",
    "analyse",
    "band",
    "costliest",
    "grade",
    "player_figures",
]
