"""A daily position's picture: the ordinary board (render.picture) before the decision, seen from the side that
decides, with the dice of a checker play or the double waiting for its answer; the sides named by what they are
(`names`: the reader's words for the player on roll and the opponent), never by the players of the match."""

from __future__ import annotations

from bot.computer.board import owner_from_sage, position_from_sage, scores_from_away
from bot.daily.puzzle import Puzzle
from render.picture import board
from render.state import BoardState
from render.words import ENGLISH, BoardWords

WIDTH = 800


def puzzle_picture(
    puzzle: Puzzle, names: tuple[str, str], theme: str = "dark", *, words: BoardWords = ENGLISH
) -> bytes:
    """PNG of the position; `names` are (the side on roll, its opponent), the side that decides at the bottom."""
    answer = puzzle.kind == "take"
    by_player = (names[0], names[1]) if puzzle.viewer == 0 else (names[1], names[0])
    state = BoardState(
        position=position_from_sage(puzzle.board),
        on_roll=puzzle.viewer,
        names=by_player,
        cube_value=puzzle.cube,
        cube_owner=owner_from_sage(puzzle.cube_owner, puzzle.viewer),
        dice=puzzle.dice if puzzle.kind == "checker" else None,
        scores=scores_from_away(puzzle.away, puzzle.length, puzzle.viewer),
        match_length=puzzle.length,
        crawford=puzzle.crawford,
        answering=puzzle.player if answer else None,
        offered_cube=2 * puzzle.cube if answer else 0,
        words=words,
    )
    return board(state, perspective=puzzle.player, size=WIDTH, theme=theme)
