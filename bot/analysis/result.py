"""What an analysis produces, as plain data that goes to JSON and back (worker processes, the database).

Equities are EMG per unit of cube ("normalised", as XG and GNU Backgammon report errors), from the side that
decides. `loss` is how much the choice made gave up against the best choice (0 for the best one).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from bot.engine.play import Play, Step


@dataclass(frozen=True, slots=True)
class DecisionResult:
    index: int
    game: int
    player: int
    kind: str  # bot.analysis.decisions.Kind values: checker, double, take, beaver
    chosen: str  # "13/7 8/7", "No double", "Take", ...
    best: str
    loss: float
    counted: bool  # in the PR and error rates (see bot.analysis.figures)
    forced: bool
    dice: tuple[int, int]
    board: tuple[int, ...]  # before the decision, bgsage's format, from `viewer`'s side
    viewer: int  # the player `board` is seen from (the doubler for answers to a double)
    cube: int
    cube_owner: str  # from `viewer`'s side: centered, player, opponent
    away: tuple[int, int]  # points each side (viewer first) still needs; (0, 0) in a money game
    crawford: bool
    chosen_equity: float
    best_equity: float
    chosen_steps: tuple[tuple[int, int, int, bool], ...] = ()  # checker plays: the steps, for the pictures
    best_steps: tuple[tuple[int, int, int, bool], ...] = ()

    def play(self, best: bool) -> Play:
        steps = self.best_steps if best else self.chosen_steps
        return Play(tuple(Step(*step) for step in steps))

    @classmethod
    def from_dict(cls, item: dict[str, Any]) -> DecisionResult:
        """From its JSON form (`asdict` through json): the lists back to tuples."""
        return cls(
            **{
                **item,
                "dice": tuple(item["dice"]),
                "board": tuple(item["board"]),
                "away": tuple(item["away"]),
                "chosen_steps": tuple(tuple(s) for s in item["chosen_steps"]),
                "best_steps": tuple(tuple(s) for s in item["best_steps"]),
            }
        )


@dataclass(frozen=True, slots=True)
class RollLuck:
    game: int
    player: int
    dice: tuple[int, int]
    luck: float  # EMG per unit of cube, from the roller's side: positive is lucky


@dataclass(frozen=True, slots=True)
class MatchAnalysis:
    """Every decision and roll of a match, analysed at `level` (bot.analysis.figures sums them up per player)."""

    level: str
    names: tuple[str, str]
    length: int
    decisions: tuple[DecisionResult, ...]
    rolls: tuple[RollLuck, ...]
    seconds: float = 0.0

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> MatchAnalysis:
        data = json.loads(text)
        decisions = tuple(DecisionResult.from_dict(item) for item in data["decisions"])
        rolls = tuple(
            RollLuck(item["game"], item["player"], tuple(item["dice"]), item["luck"]) for item in data["rolls"]
        )
        return cls(data["level"], tuple(data["names"]), data["length"], decisions, rolls, data["seconds"])
