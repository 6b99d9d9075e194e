"""Count what each player did in a match from the engine's events: gammons, backgammons, cubes (issue 9)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.engine.events import Dropped, Event, GameWon, Taken
from bot.engine.outcome import OutcomeKind
from bot.engine.position import WinKind
from bot.ratings.records import PlayerTally

# A game ends as a gammon or backgammon when it is played out to one (R7.2) or resigned as one (R7.4).
_PLAYED_OUT = {OutcomeKind.GAMMON: WinKind.GAMMON, OutcomeKind.BACKGAMMON: WinKind.BACKGAMMON}


def win_kind(kind: OutcomeKind, points: int, cube: int) -> WinKind | None:
    """How big a won game was: from the outcome, or for a resignation from its points over the cube
    (no Jacoby in matches, R8.3). None for drops and claims, which are not gammons of any kind."""
    if kind in _PLAYED_OUT:
        return _PLAYED_OUT[kind]
    if kind is OutcomeKind.RESIGNED and cube > 0 and points % cube == 0 and points // cube in (2, 3):
        return WinKind(points // cube)
    return WinKind.SINGLE if kind in (OutcomeKind.SINGLE, OutcomeKind.RESIGNED) else None


def tally(events: Iterable[Event]) -> tuple[PlayerTally, PlayerTally]:
    """Per player (engine order): games won as gammons / backgammons, doubles taken and dropped (R6.2).

    A refused beaver (R6.4) is not a drop of a double; beavers only exist in money games, which are not rated.
    """
    counts = [[0, 0, 0, 0], [0, 0, 0, 0]]  # gammons won, backgammons won, taken, dropped
    for event in events:
        if isinstance(event, Taken):
            counts[event.player][2] += 1
        elif isinstance(event, Dropped):
            counts[event.player][3] += 1
        elif isinstance(event, GameWon):
            outcome = event.outcome
            kind = win_kind(outcome.kind, outcome.points, outcome.cube)
            if kind is WinKind.GAMMON:
                counts[outcome.winner][0] += 1
            elif kind is WinKind.BACKGAMMON:
                counts[outcome.winner][1] += 1
    first, second = (PlayerTally(*c) for c in counts)
    return first, second
