"""A daily position as plain data (to JSON and back: stored with its post, shipped in positions.json), and what
its reveal says: the candidates ranked, how many chose each, which answers are right.

The candidates are kept in the order the select menu shows them (checker plays by their notation, cube answers in
a fixed order), never best first, so that the menu gives nothing away; their equities come with them, so that the
reveal needs no evaluation.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

#: Two equities closer than this are the same: both answers are right.
SAME_EQUITY = 1e-6


@dataclass(frozen=True, slots=True)
class Candidate:
    text: str  # a play in notation ("13/7 8/7"), or a cube answer's English message ("Take")
    equity: float  # EMG per unit of cube, from the side that decides
    played: bool = False  # what was played in the match the position comes from


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One decision of a match, without its players' names (as bot.analysis.result.DecisionResult keeps it)."""

    kind: str  # checker, double or take
    player: int  # the side that decides
    viewer: int  # the side `board` is seen from (the doubler when the decision is an answer to a double)
    board: tuple[int, ...]  # bgsage's format, before the decision
    dice: tuple[int, int]  # (0, 0) for a cube decision
    cube: int
    cube_owner: str  # from the viewer's side: centered, player, opponent
    away: tuple[int, int]  # points each side still needs, the viewer first
    length: int  # the match's length (0: a money game)
    crawford: bool
    candidates: tuple[Candidate, ...]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Puzzle:
        return cls(
            kind=str(data["kind"]),
            player=int(data["player"]),
            viewer=int(data["viewer"]),
            board=tuple(int(n) for n in data["board"]),
            dice=(int(data["dice"][0]), int(data["dice"][1])),
            cube=int(data["cube"]),
            cube_owner=str(data["cube_owner"]),
            away=(int(data["away"][0]), int(data["away"][1])),
            length=int(data["length"]),
            crawford=bool(data["crawford"]),
            candidates=tuple(
                Candidate(str(c["text"]), float(c["equity"]), bool(c.get("played", False))) for c in data["candidates"]
            ),
        )

    @classmethod
    def from_json(cls, text: str) -> Puzzle:
        return cls.from_dict(json.loads(text))

    @property
    def best_equity(self) -> float:
        return max(candidate.equity for candidate in self.candidates)

    def is_right(self, choice: int) -> bool:
        """Whether candidate `choice` (its place in the menu) is a best answer. :raises IndexError: for no candidate."""
        if not 0 <= choice < len(self.candidates):
            raise IndexError(f"No candidate {choice}: the position has {len(self.candidates)}")
        return self.candidates[choice].equity >= self.best_equity - SAME_EQUITY

    def ranking(self) -> list[int]:
        """The candidates' places in the menu, best first (ties keep the menu's order)."""
        return sorted(range(len(self.candidates)), key=lambda index: -self.candidates[index].equity)


@dataclass(frozen=True, slots=True)
class RankedAnswer:
    """One line of a reveal: a candidate, how much it gives up against the best, and who chose it."""

    candidate: Candidate
    loss: float  # 0 for a best one
    right: bool
    chosen_by: int


def reveal_lines(puzzle: Puzzle, counts: Mapping[int, int]) -> list[RankedAnswer]:
    """The candidates best first, each with its loss and how many members chose it (`counts`: place -> members)."""
    best = puzzle.best_equity
    return [
        RankedAnswer(
            puzzle.candidates[index],
            round(max(0.0, best - puzzle.candidates[index].equity), 3),
            puzzle.is_right(index),
            counts.get(index, 0),
        )
        for index in puzzle.ranking()
    ]
