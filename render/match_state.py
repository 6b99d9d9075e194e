"""The board state of an engine match now: what every board picture of it shows (the Discord board and the web
pages' steps alike). Reads the engine's match, never changes it."""

from __future__ import annotations

from bot.engine.game import Phase
from bot.engine.match import Match
from render.state import BoardState

_ANSWERING = (Phase.DOUBLED, Phase.BEAVERED, Phase.RESIGNING)


def board_state(match: Match, clocks: tuple[str, str] | None = None) -> BoardState:
    """Exactly what the picture shows now: the board with this turn's steps applied, who is to act, the cube
    on offer while a double or a beaver waits for its answer, and the players' clock reserves (`clocks`)."""
    game = match.game
    on_roll = game.on_roll
    phase = match.phase
    offered = game.offered if phase in (Phase.DOUBLED, Phase.BEAVERED) else 0
    return BoardState(
        position=match.board(on_roll),
        on_roll=on_roll,
        names=match.names,
        cube_value=match.cube,
        cube_owner=match.cube_owner,
        dice=match.dice,
        used_dice=tuple(step.die for step in match.steps) if match.dice else (),
        scores=match.score_tuple,
        match_length=match.options.length,
        crawford=match.crawford,
        position_id=match.position_id(),
        match_id=match.match_id(),
        answering=match.to_act if phase in _ANSWERING else None,
        offered_cube=offered,
        game_over=match.to_act is None,
        clocks=clocks,
    )
