"""The computer's six strengths, weakest first: how deep bgsage looks and how much noise blurs what it sees.

Plies follow bgsage's (and eXtreme Gammon's) numbering: 1-ply is the raw neural net (GNU Backgammon calls it
0-ply), each further ply looks one roll deeper. Noise is the standard deviation of a normal error added to the
equity of every candidate (checker plays and the cube alike, in units of the cube): a weak level still ranks
plays by the net's judgement, only less sharply, so it picks among the better plays the way a weaker human
does rather than at random. World-class ranks the checker plays at 2-ply and looks at the five best 3 plies
deep (bot.computer.sage.deep_checker_play); its cube decisions are bgsage's 3-ply ones.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    plies: int  # 1 = the raw net
    noise: float  # standard deviation of the error added to each equity

    @property
    def label(self) -> str:
        """'World-class' for menus and messages."""
        return self.name.capitalize()

    @property
    def description(self) -> str:
        blur = f"noise {self.noise:.3f}" if self.noise else "no noise"
        return f"{self.plies}-ply, {blur}"


LEVELS: tuple[Level, ...] = (
    Level("beginner", 1, 0.200),
    Level("casual", 1, 0.100),
    Level("intermediate", 1, 0.050),
    Level("advanced", 1, 0.015),
    Level("expert", 2, 0.0),
    Level("world-class", 3, 0.0),
)

BY_NAME: dict[str, Level] = {level.name: level for level in LEVELS}
DEFAULT_LEVEL = "intermediate"


def level(name: str) -> Level:
    """The level called `name` (case and spaces forgiven); ValueError naming the six for anything else."""
    key = name.strip().lower().replace(" ", "-").replace("_", "-")
    if key == "worldclass":
        key = "world-class"
    try:
        return BY_NAME[key]
    except KeyError:
        names = ", ".join(level.name for level in LEVELS)
        raise ValueError(f"There is no computer level called {name!r}; choose one of {names}.") from None
