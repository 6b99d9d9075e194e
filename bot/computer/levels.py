"""The computer's six strengths, weakest first: how deep bgsage looks and how much noise blurs what it sees.

Plies follow bgsage's (and eXtreme Gammon's) numbering: 1-ply is the raw neural net (GNU Backgammon calls it
0-ply), each further ply looks one roll deeper. Noise is the standard deviation of a normal error added to the
equity of every candidate checker play (in units of the cube): a weak level still ranks plays by the net's
judgement, only less sharply, so it picks among the better plays the way a weaker human does rather than at
random. Its cube decisions carry half that noise: with the full amount a beginner doubled, took and redoubled
so wildly that the cube reached 64 and more, a game of a few hundred points that no human plays and no
benchmark can average.

The ladder follows GNU Backgammon's own: expert is the clean net (gnubg's 0-ply "expert"), world-class looks two
rolls deeper (gnubg's 2-ply "world class" = bgsage's 3-ply: checker plays ranked at 2-ply and the five best
searched at 3-ply, bot.computer.sage.deep_checker_play; cube decisions at 3-ply). Below expert the noise doubles
at every step, which roughly doubles the equity lost per checker decision (against a 2-ply reference, measured
by bench/bench_computer.py: expert 3, advanced 15, intermediate 35, casual 75, beginner about 140 thousandths
of a point): steps that small noise levels (0.015 against 0.05) could not show over 200 games.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    plies: int  # 1 = the raw net
    noise: float  # standard deviation of the error added to each checker play's equity

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
