"""A cube analysis's answer without the probabilities: what the match analysis reads of a 2-ply cube analysis,
whether bgsage's own call or the same analysis with the net its analyzer holds (bot.computer.two_ply) found it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CubeEquities:
    """A cube analysis's equities and decision, from the side on roll (per unit of cube): a CubeAnswer without
    the probabilities, which bgsage finds with a 2-ply search of their own and the analysis does not read."""

    no_double: float
    double_take: float
    double_pass: float
    should_double: bool
    should_take: bool
    beaver: bool
