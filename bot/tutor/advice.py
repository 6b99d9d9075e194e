"""The tutor's values: the thresholds a player chooses, a judgement of one decision, a note held for the player, and a
hint. Plain data, no Discord, no database."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from bot.analysis.figures import BLUNDER, DOUBTFUL, ERROR


class Threshold(enum.StrEnum):
    """From which loss the tutor stops a play: the analysis's grades (bot.analysis.figures), or never."""

    OFF = "off"
    DOUBTFUL = "doubtful"
    ERROR = "error"
    BLUNDER = "blunder"

    @property
    def equity(self) -> float:
        """The smallest loss (in normalised equity, per unit of cube) that is held; infinite when off."""
        return {"doubtful": DOUBTFUL, "error": ERROR, "blunder": BLUNDER}.get(self.value, float("inf"))


def threshold(text: str | None, default: Threshold = Threshold.OFF) -> Threshold:
    """A stored or chosen threshold; `default` for None or a word it does not know."""
    try:
        return default if text is None else Threshold(text)
    except ValueError:
        return default


class Outcome(enum.StrEnum):
    """What became of a note: waiting for the player, kept (the play stored as made), or undone (chosen again)."""

    OPEN = "open"
    KEPT = "kept"
    UNDONE = "undone"


@dataclass(frozen=True, slots=True)
class Judgement:
    """The analysis's verdict on one decision: what was chosen, the best choice, and the equity lost (normalised,
    per unit of cube). `kind` is the analysis's (checker, double, take); cube choices are English texts marked
    for the catalogues (bot.analysis.evaluate), plays are notation."""

    kind: str
    chosen: str
    best: str
    loss: float

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "chosen": self.chosen, "best": self.best, "loss": self.loss}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Judgement:
        return cls(str(data["kind"]), str(data["chosen"]), str(data["best"]), float(data["loss"]))


@dataclass(frozen=True, slots=True)
class Note:
    """A decision the tutor held: in `match_id`, at the stored `version` (and log length `entry`) it was made at.
    `action` is the engine action held (its log JSON), applied as it is when the player keeps it."""

    id: int
    match_id: int
    user_id: int
    version: int
    entry: int
    judgement: Judgement
    action: dict[str, Any]
    outcome: Outcome = Outcome.OPEN
    steps: int = 0  # steps entered before a held Done, taken back by Undo


@dataclass(frozen=True, slots=True)
class HintLine:
    """One choice of a hint: a play in notation or a cube choice (marked English), its equity, and how much it
    gives up against the best (0 for the best)."""

    choice: str
    equity: float
    behind: float


@dataclass(frozen=True, slots=True)
class Hint:
    """The best choices for the position on the board, best first; `kind` checker or cube."""

    kind: str
    lines: tuple[HintLine, ...]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "lines": [[line.choice, line.equity, line.behind] for line in self.lines]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Hint:
        lines = tuple(HintLine(str(c), float(e), float(b)) for c, e, b in data["lines"])
        return cls(str(data["kind"]), lines)
