"""Count what each player did in a match: gammons and backgammons won, doubles taken and dropped.

Read from the engine's match after its last action: the finished games' outcomes and the action log.
"""

from __future__ import annotations

from bot.engine.actions import Drop, Take
from bot.engine.match import Match
from bot.engine.outcome import Outcome, OutcomeKind
from bot.engine.position import WinKind
from bot.ratings.records import PlayerTally

_PLAYED_OUT = {
    OutcomeKind.SINGLE: WinKind.SINGLE,
    OutcomeKind.GAMMON: WinKind.GAMMON,
    OutcomeKind.BACKGAMMON: WinKind.BACKGAMMON,
}


def win_kind(outcome: Outcome) -> WinKind | None:
    """How big a won game was: played out (R7.2), or resigned (R7.4) as points over the cube, which is exact in
    matches since Jacoby never applies there (R8.3). None for drops and claims: no gammon of any kind."""
    if outcome.kind in _PLAYED_OUT:
        return _PLAYED_OUT[outcome.kind]
    if outcome.kind is OutcomeKind.RESIGNED and outcome.cube > 0 and outcome.points % outcome.cube == 0:
        multiple = outcome.points // outcome.cube
        return WinKind(multiple) if multiple in (1, 2, 3) else None
    return None


def tally_match(match: Match) -> tuple[PlayerTally, PlayerTally]:
    """Per player (engine order 0, 1): games won as gammons / backgammons, the opponent's doubles taken and
    dropped (R6.2). Beavers (R6.4) exist only in money games, which are never rated, so they are not counted."""
    gammons, backgammons, taken, dropped = [0, 0], [0, 0], [0, 0], [0, 0]
    for outcome in match.outcomes:
        kind = win_kind(outcome)
        if kind is WinKind.GAMMON:
            gammons[outcome.winner] += 1
        elif kind is WinKind.BACKGAMMON:
            backgammons[outcome.winner] += 1
    for entry in match.log.entries:
        if isinstance(entry.action, Take):
            taken[entry.action.player] += 1
        elif isinstance(entry.action, Drop):
            dropped[entry.action.player] += 1
    first, second = (PlayerTally(gammons[p], backgammons[p], taken[p], dropped[p]) for p in (0, 1))
    return first, second
