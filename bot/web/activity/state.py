"""What the live board shows, as JSON-ready data: the stored match seen from one seat, computed afresh from the
record for every viewer (no screen keeps a memory of its own). Pure: no I/O.

Nothing of the dice's fairness proof is in it, so the server seed cannot reach a page while the match runs.
"""

from __future__ import annotations

from typing import Any

from bot.engine import actions
from bot.engine.game import Phase
from bot.i18n import N_, translate
from bot.service.records import MatchRecord, MatchStatus

#: The actions the page offers as buttons, in their order, with their labels (the channel board's words).
BUTTONS: tuple[tuple[type[actions.Action], str], ...] = (
    (actions.Roll, N_("Roll")),
    (actions.Double, N_("Double")),
    (actions.Take, N_("Take")),
    (actions.Drop, N_("Drop")),
    (actions.Beaver, N_("Beaver")),
    (actions.AcceptBeaver, N_("Accept beaver")),
    (actions.RefuseBeaver, N_("Refuse beaver")),
    (actions.AcceptResignation, N_("Accept resignation")),
    (actions.DeclineResignation, N_("Decline")),
    (actions.Undo, N_("Undo")),
    (actions.Confirm, N_("Done")),
    (actions.Resign, N_("Resign")),
)
WORDS = frozenset(action.word for action, _ in BUTTONS)


def labels(language: str) -> dict[str, str]:
    """Each button's label in the viewer's language, by its action's word."""
    return {action.word: translate(language, label) for action, label in BUTTONS}


def seat_of(record: MatchRecord, user_id: int | None) -> int | None:
    """The viewer's seat (0 or 1), None for a spectator."""
    ids = [player.user_id for player in record.players]
    return ids.index(user_id) if user_id in ids else None


def board_state(record: MatchRecord, user_id: int | None, now: float) -> dict[str, Any]:
    """The match at its stored version as the viewer sees it: from their own side when they play it, else from the
    first player's. `points[p-1]` is the count on point p in that side's numbering, positive for its checkers and
    negative for the other side's."""
    match = record.match
    seat = seat_of(record, user_id)
    side = 0 if seat is None else seat
    position = match.board(side)
    active = record.status is MatchStatus.ACTIVE and match.to_act is not None
    to_act = match.to_act if active else None
    mine = to_act is not None and to_act == seat
    points = [position.mover[p] - position.opponent[25 - p] for p in range(1, 25)]
    state: dict[str, Any] = {
        "match": record.id,
        "version": record.version,
        "status": record.status.value,
        "seat": seat,
        "side": side,
        "names": [record.players[side].name, record.players[1 - side].name],
        "points": points,
        "bar": [position.mover[25], position.opponent[25]],
        "off": [15 - sum(position.mover), 15 - sum(position.opponent)],
        "pips": [position.mover_pips, position.opponent_pips],
        "score": [match.scores[side], match.scores[1 - side]],
        "length": match.options.length,
        "cube": match.cube,
        "cube_owner": None if match.cube_owner is None else (0 if match.cube_owner == side else 1),
        "dice": list(match.dice) if match.dice is not None and match.phase is Phase.MOVING else None,
        "phase": match.phase.value,
        "to_act": None if to_act is None else (0 if to_act == side else 1),
        "winner": None if match.winner is None else (0 if match.winner == side else 1),
        "moved": [[step.start, step.end] for step in match.steps] if match.phase is Phase.MOVING else [],
        "clock": _clock(record, side, now),
        "actions": _actions(record, seat) if active else [],
        "steps": _steps(record) if mine and match.phase is Phase.MOVING else [],
    }
    return state


def _actions(record: MatchRecord, seat: int | None) -> list[str]:
    if seat is None:
        return []
    allowed = record.match.allowed(seat)
    return [action.word for action, _ in BUTTONS if action in allowed]


def _steps(record: MatchRecord) -> list[list[int]]:
    """The mover's legal next steps: [start, end, die], in the mover's numbering (25 the bar, 0 off)."""
    return [list(step) for step in sorted({(s.start, s.end, s.die) for s in record.match.next_steps()})]


def _clock(record: MatchRecord, side: int, now: float) -> list[float] | None:
    left = [record.clock_left(side, now), record.clock_left(1 - side, now)]
    return None if left[0] is None or left[1] is None else [round(left[0], 1), round(left[1], 1)]
