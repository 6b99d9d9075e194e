"""The computer's six strengths, weakest first: how deep bgsage looks and how much noise blurs what it sees.

Plies follow bgsage's (and eXtreme Gammon's) numbering: 1-ply is the raw neural net (GNU Backgammon calls it
0-ply), each further ply looks one roll deeper. Noise is the standard deviation of a normal error added to the
equity of every candidate checker play (in units of the cube): a weak level still ranks plays by the net's
judgement, only less sharply, so it picks among the better plays the way a weaker human does rather than at
random. Its cube decisions carry half that noise: with the full amount, casual against beginner averaged 59
points a game over a first 4 games (doubled and redoubled far past any human's cube), which no benchmark of
a few hundred games can average.

The ladder follows GNU Backgammon's own: expert is the clean net (gnubg's 0-ply "expert"), world-class looks two
rolls deeper (gnubg's 2-ply "world class" = bgsage's 3-ply: checker plays through a gnubg-like move filter,
WORLD_CLASS_FILTER and bot.computer.search; cube decisions at 3-ply, as deep as its deepest checker search).
Below expert the noise doubles at every step, which about doubles the equity lost per checker decision
(against bgsage's 2-ply ranking, over 294 checker plays from real play, bench/bench_computer.py: expert 0.004,
advanced 0.015, intermediate 0.033, casual 0.070, beginner 0.120 points); closer levels (noise
0.2/0.1/0.05/0.015, expert 2-ply) make steps too small to show over 200 games.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Stage:
    """One step of a move filter (bot.computer.search): the best `keep` plays within `within` (cube units) of
    the best so far, evaluated `plies` deep."""

    plies: int
    keep: int
    within: float


#: World-class's move filter: 12 plays within 0.24 (GNU Backgammon's widest first cut) to 2-ply, then up to 5
#: within 0.10 of the 2-ply best to 3-ply. gnubg's "world class" keeps 8 within 0.16 of its 0-ply for its 2-ply
#: (bgsage's 3-ply): this is as deep and wider.
WORLD_CLASS_FILTER: tuple[Stage, ...] = (Stage(2, 12, 0.24), Stage(3, 5, 0.10))


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    plies: int  # 1 = the raw net; the cube is judged this deep
    noise: float  # standard deviation of the error added to each checker play's equity
    search: tuple[Stage, ...] = ()  # the move filter of a deeper level; () ranks every play at `plies`

    @property
    def cube_noise(self) -> float:
        """The standard deviation of the error on each cube equity (no double, take, pass): half the noise."""
        return self.noise / 2

    @property
    def label(self) -> str:
        """'World-class' for menus and messages."""
        return self.name.capitalize()

    @property
    def description(self) -> str:
        blur = f"noise {self.noise:.3f}" if self.noise else "no noise"
        return f"{self.plies}-ply, {blur}"


LEVELS: tuple[Level, ...] = (
    Level("beginner", 1, 0.40),
    Level("casual", 1, 0.20),
    Level("intermediate", 1, 0.10),
    Level("advanced", 1, 0.05),
    Level("expert", 1, 0.0),
    Level("world-class", 3, 0.0, WORLD_CLASS_FILTER),
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
