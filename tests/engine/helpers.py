"""Building test positions the way a player reads a board: everything in the mover's numbering."""

from __future__ import annotations

from bot.engine import Play, Position


def board(mover: dict[int, int], opponent: dict[int, int], opponent_bar: int = 0) -> Position:
    """A position from the mover's side: `opponent` counts are on the MOVER's points (its 24 is their 1)."""
    return Position.from_points(
        mover, {25 - point: count for point, count in opponent.items()} | ({25: opponent_bar} if opponent_bar else {})
    )


def texts(plays: list[Play]) -> set[str]:
    return {str(play) for play in plays}


def results(position: Position, plays: list[Play]) -> set[Position]:
    return {position.apply(play) for play in plays}
