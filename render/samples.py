"""Example boards: the README picture, the benchmark's mid-game and the sheets the PNG palette is fitted to.

They are ordinary `BoardState` values built from the engine's types, with real gnubg IDs.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bot.engine import Play, Position, Step
from bot.engine.match_id import GameState, MatchIdFields
from bot.engine.outcome import Outcome, OutcomeKind
from render.state import BoardState


@dataclass(frozen=True, slots=True)
class Example:
    """A state with the plays to mark and the side to draw at the bottom."""

    state: BoardState
    perspective: int
    last_play: Play | None = None
    partial_steps: tuple[Step, ...] = ()


def ids_state(
    position: Position,
    *,
    on_roll: int,
    names: tuple[str, str],
    cube_value: int = 1,
    cube_owner: int | None = None,
    dice: tuple[int, int] | None = None,
    used_dice: tuple[int, ...] = (),
    scores: tuple[int, int] = (0, 0),
    match_length: int = 0,
    crawford: bool = False,
    answering: int | None = None,
    offered_cube: int = 0,
) -> BoardState:
    """A BoardState whose Position ID and Match ID are computed by the engine from the other fields."""
    id_cube, id_owner = cube_value, cube_owner
    if offered_cube == 4 * cube_value:  # as gnubg records a beaver: the cube redoubled, owned by the beaverer
        id_cube, id_owner = offered_cube // 2, 1 - on_roll
    match_id = MatchIdFields(
        cube=id_cube,
        cube_owner=id_owner,
        on_roll=on_roll,
        crawford=crawford,
        state=GameState.PLAYING,
        turn=on_roll if answering is None else answering,
        doubled=bool(offered_cube),
        resigned=0,
        dice=dice or (0, 0),
        length=match_length,
        scores=scores,
        jacoby=match_length == 0,
    ).encode()
    return BoardState(
        position=position,
        on_roll=on_roll,
        names=names,
        cube_value=cube_value,
        cube_owner=cube_owner,
        dice=dice,
        used_dice=used_dice,
        scores=scores,
        match_length=match_length,
        crawford=crawford,
        position_id=position.position_id(),
        match_id=match_id,
        answering=answering,
        offered_cube=offered_cube,
    )


def mid_game() -> Example:
    """A 7-point match in the middle game: Bob just made his 4-point with 4-2, Alice has played 8/5 of her 5-3."""
    position = Position.from_points(
        {24: 1, 13: 4, 8: 2, 7: 2, 6: 4, 5: 2},
        {24: 2, 13: 3, 8: 2, 6: 3, 4: 2, 3: 2},
    )
    state = ids_state(
        position,
        on_roll=0,
        names=("Alice", "Bob"),
        cube_value=2,
        cube_owner=0,
        dice=(5, 3),
        used_dice=(3,),
        scores=(2, 4),
        match_length=7,
    )
    last = Play((Step(8, 4, 4), Step(6, 4, 2)))
    return Example(state, perspective=0, last_play=last, partial_steps=(Step(8, 5, 3),))


def palette_samples() -> list[Example]:
    """Busy boards covering every sprite, mark, text colour and blend the renderer can draw."""
    hits = Position.from_points({25: 2, 20: 1, 13: 6, 6: 4, 4: 2}, {25: 1, 22: 1, 8: 7, 6: 3, 1: 2})
    bear_off = Position.from_points({6: 6, 5: 2, 3: 1, 1: 1}, {3: 2, 2: 1})
    return [
        mid_game(),
        Example(
            ids_state(
                hits,
                on_roll=1,
                names=("Ivory \u2026 \u05e9\u05dc\u05d5\u05dd", "Ebony 123"),
                cube_value=128,
                cube_owner=1,
                dice=(4, 4),
                used_dice=(4, 4),
                scores=(6, 6),
                match_length=7,
                crawford=True,
            ),
            perspective=0,
            last_play=Play((Step(24, 20, 4), Step(13, 8, 5), Step(6, 3, 3))),
            partial_steps=(Step(25, 21, 4, hit=True), Step(21, 17, 4)),
        ),
        Example(
            ids_state(bear_off, on_roll=0, names=("Player 1", "Player 2"), dice=(6, 1), used_dice=(6,)),
            perspective=1,
            last_play=Play((Step(3, 0, 3), Step(2, 0, 2))),
            partial_steps=(Step(6, 0, 6),),
        ),
        pending_double(),
        final_gammon(),
    ]


def final_gammon() -> Example:
    """The final board of a game of a 7-point match: Alice bore off her last checker, a gammon at the cube of 2."""
    position = Position.from_points({}, {6: 5, 8: 4, 13: 6})
    state = ids_state(
        position, on_roll=0, names=("Alice", "Bob"), cube_value=2, cube_owner=0, scores=(1, 2), match_length=7
    )
    outcome = Outcome(winner=0, kind=OutcomeKind.GAMMON, points=4, cube=2)
    state = dataclasses.replace(state, scores=(5, 2), dice=(2, 1), used_dice=(2, 1), game_over=True, result=outcome)
    return Example(state, perspective=0, partial_steps=(Step(2, 0, 2), Step(1, 0, 1)))


def pending_double() -> Example:
    """Alice (on roll) has doubled Bob to 2 in a 7-point match, drawn from her side: Bob must answer."""
    position = Position.from_points({24: 1, 13: 4, 8: 3, 6: 5, 5: 2}, {24: 2, 13: 4, 8: 3, 6: 4, 4: 2})
    state = ids_state(
        position, on_roll=0, names=("Alice", "Bob"), scores=(3, 1), match_length=7, answering=1, offered_cube=2
    )
    return Example(state, perspective=0, last_play=Play((Step(8, 4, 4), Step(6, 4, 2))))
