"""The engine's Position in bgsage's board format, and back to the engine's plays; bgsage's cube owner and match
score, seen from one side, and the engine's, by player.

bgsage's board is 26 ints seen from the side on roll: [1..24] its points (positive counts are the mover's,
negative ones the opponent's, at the mover's numbering), [25] the mover's bar and [0] the opponent's bar.
The engine's Position holds both sides in their own numbering (0 off, 1..24 points, 25 bar), so the
opponent's point p is the mover's 25 - p (bot/engine/position.py).
"""

from __future__ import annotations

from bot.engine.play import Play
from bot.engine.position import Position

SageBoard = tuple[int, ...]


def sage_board(position: Position) -> SageBoard:
    """`position` for bgsage, seen from its mover."""
    board = [0] * 26
    for point in range(1, 25):
        board[point] = position.mover[point] - position.opponent[25 - point]
    board[25] = position.mover[25]
    board[0] = position.opponent[25]
    return tuple(board)


def position_from_sage(board: SageBoard) -> Position:
    """The engine's Position for a bgsage board (seen from the same mover)."""
    mover = {point: board[point] for point in range(1, 25) if board[point] > 0}
    opponent = {25 - point: -board[point] for point in range(1, 25) if board[point] < 0}
    if board[25]:
        mover[25] = board[25]
    if board[0]:
        opponent[25] = board[0]
    return Position.from_points(mover, opponent)


def plays_by_result(position: Position, plays: list[Play]) -> dict[SageBoard, Play]:
    """Each legal play keyed by the board it leaves, seen from the player who made it (bgsage's move boards).

    That board is `position.after_steps`, the same as `apply(play).swapped()` without its two extra Positions.
    """
    return {sage_board(position.after_steps(play.steps)): play for play in plays}


def legal_plays_by_board(board: SageBoard, dice: tuple[int, int]) -> dict[SageBoard, Play]:
    """The legal plays of `dice` from a bgsage board, keyed by the board each leaves: how bgsage's ranked moves
    are named in the engine's plays."""
    position = position_from_sage(board)
    return plays_by_result(position, position.legal_plays(dice))


def sage_owner(holder: int | None, side: int) -> str:
    """The engine's cube owner (a player, None in the middle) as bgsage names it from `side`'s view."""
    if holder is None:
        return "centered"
    return "player" if holder == side else "opponent"


def owner_from_sage(owner: str, side: int) -> int | None:
    """bgsage's cube owner seen from `side` ("centered", "player", "opponent") as the engine's player, or None."""
    if owner == "centered":
        return None
    return side if owner == "player" else 1 - side


def away_from_scores(scores: tuple[int, int], length: int, side: int) -> tuple[int, int]:
    """Player 0's and player 1's scores in a match of `length` points as bgsage's points still needed, `side`'s
    first; (0, 0) in a money game (`length` 0)."""
    if not length:
        return (0, 0)
    return (length - scores[side], length - scores[1 - side])


def scores_from_away(away: tuple[int, int], length: int, side: int) -> tuple[int, int]:
    """bgsage's points still needed, `side`'s first, in a match of `length` points as player 0's and player 1's
    scores; (0, 0) in a money game."""
    if not length:
        return (0, 0)
    mine, theirs = length - away[0], length - away[1]
    return (mine, theirs) if side == 0 else (theirs, mine)
