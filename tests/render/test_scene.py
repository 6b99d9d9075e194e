"""Where the scene puts things that depend on who is drawn where: the offered cube, the turn marker, the marks of
a play by the top player (issue 15: each match is drawn from one fixed side)."""

from __future__ import annotations

import pytest

from bot.engine import Play, Position, Step
from render import BoardState, board
from render.layout import Layout
from render.scene import OFFERED, TO_ANSWER, TO_PLAY, Layer, Scene, build_scene, centred
from render.theme import THEMES
from tests.render.imaging import decode

LAYOUT = Layout.for_width(1000)


def state(**fields: object) -> BoardState:
    values: dict[str, object] = {"position": Position.initial(), "on_roll": 0, "names": ("Alice", "Bob")}
    values.update(fields)
    return BoardState(**values)  # type: ignore[arg-type]


def scene(
    board_state: BoardState, perspective: int = 0, last_play: Play | None = None, partial_steps: tuple[Step, ...] = ()
) -> Scene:
    return build_scene(board_state, LAYOUT, perspective, last_play, partial_steps)


def cubes(built: Scene) -> dict[tuple[int, int], int]:
    """The centre of every cube drawn, with the value it shows."""
    found = {}
    for box, layers in built.boxes.items():
        for layer in layers:
            if layer[0] == "cube":
                found[((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)] = int(layer[1])
    return found


def layers_at(built: Scene, center: tuple[int, int], width: int, height: int) -> list[Layer]:
    return built.boxes.get(centred(center, width, height), [])


@pytest.mark.parametrize(("answering", "perspective", "right_half"), [(1, 0, False), (0, 0, True), (0, 1, False)])
def test_a_double_moves_the_cube_out_to_the_half_of_the_player_who_answers(
    answering: int, perspective: int, right_half: bool
) -> None:
    """R6.2: the 2 on offer sits where the doubled player rolls (bottom: right half, top: left), labelled; the
    column no longer shows the centred 64."""
    built = scene(state(on_roll=1 - answering, answering=answering, offered_cube=2), perspective)
    cube_center, label_center = LAYOUT.offer_centers(right_half=right_half)
    assert cubes(built) == {cube_center: 2}
    assert ("halo", "last") in layers_at(built, cube_center, LAYOUT.cube + LAYOUT.px(14), LAYOUT.cube + LAYOUT.px(14))
    assert ("text", OFFERED, 20, "last") in layers_at(built, label_center, *LAYOUT.offer_label)


def test_a_beaver_offers_4_on_the_doublers_side() -> None:
    """R6.4: Alice doubled, Bob beavered: the cube at 4 goes to Alice (on roll, bottom) to accept or refuse."""
    built = scene(state(on_roll=0, answering=0, offered_cube=4))
    assert cubes(built) == {LAYOUT.offer_centers(right_half=True)[0]: 4}
    from_bobs_side = scene(state(on_roll=0, answering=0, offered_cube=4), perspective=1)
    assert cubes(from_bobs_side) == {LAYOUT.offer_centers(right_half=False)[0]: 4}


def test_without_an_offer_the_cube_stays_in_its_column() -> None:
    assert cubes(scene(state())) == {LAYOUT.cube_center(None): 64}  # R1.2
    assert cubes(scene(state(cube_value=2, cube_owner=1))) == {LAYOUT.cube_center(True): 2}
    assert cubes(scene(state(cube_value=2, cube_owner=1, answering=0))) == {LAYOUT.cube_center(True): 2}  # resign


def test_the_offered_cube_is_drawn_where_the_scene_puts_it() -> None:
    image = decode(board(state(on_roll=0, answering=1, offered_cube=2), perspective=0))
    x, y = LAYOUT.offer_centers(right_half=False)[0]
    face = THEMES["dark"].cube_face
    assert near(image.getpixel((x - LAYOUT.cube // 3, y)), face)  # the cube's face, left of its number
    plain = decode(board(state(on_roll=0), perspective=0))
    assert not near(plain.getpixel((x - LAYOUT.cube // 3, y)), face)  # the field, without an offer


def near(colour: object, expected: tuple[int, int, int]) -> bool:
    """Equal up to palette rounding (a few levels per channel)."""
    assert isinstance(colour, tuple)
    return max(abs(a - b) for a, b in zip(colour[:3], expected, strict=True)) <= 8


def markers(built: Scene) -> dict[int, tuple[bool, str]]:
    """Each player's row: (drawn at the top, marker)."""
    return {row.player: (row.box[1] == 0, row.marker) for row in built.rows}


def test_the_player_to_act_is_marked_on_whichever_side_they_are_drawn() -> None:
    assert markers(scene(state(on_roll=1, dice=(6, 1)))) == {0: (False, ""), 1: (True, TO_PLAY)}
    assert markers(scene(state(on_roll=0, dice=(6, 1)))) == {0: (False, TO_PLAY), 1: (True, "")}
    assert markers(scene(state(on_roll=0, answering=1, offered_cube=2))) == {0: (False, ""), 1: (True, TO_ANSWER)}
    assert markers(scene(state(on_roll=1, answering=1, offered_cube=4), perspective=1)) == {
        0: (True, ""),
        1: (False, TO_ANSWER),
    }
    assert markers(scene(state(on_roll=0, game_over=True))) == {0: (False, ""), 1: (True, "")}


def chips(built: Scene) -> dict[tuple[int, int], str]:
    """The number chips of the marks: centre -> the number written on the chip."""
    found = {}
    for box, layers in built.boxes.items():
        if any(layer[0] == "chip" for layer in layers):
            texts = [str(layer[1]) for layer in layers if layer[0] == "text"]
            found[((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)] = texts[0]
    return found


def test_the_top_players_play_is_marked_in_the_viewers_numbering_on_the_right_points() -> None:
    """Bob (top, on roll) has played 13/8 of his 5-4: the chips sit over the frame's 12 and 17 (his 13 and 8
    from Alice's side) and read 12 and 17, like the frame's labels beside them (issue 33: "8 ... 6 ... 4"
    between labels reading 16, 18, 20 was confusing); his dice are on the left half."""
    position = Position.from_points({24: 2, 13: 4, 9: 1, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})
    built = scene(state(position=position, on_roll=1, dice=(5, 4), used_dice=(5,)), partial_steps=(Step(13, 8, 5),))
    assert chips(built) == {LAYOUT.number_center(12): "12", LAYOUT.number_center(17): "17"}
    dice = [box for box, layers in built.boxes.items() if any(layer[0] == "die" for layer in layers)]
    assert sorted(((box[0] + box[2]) // 2, (box[1] + box[3]) // 2) for box in dice) == sorted(
        LAYOUT.dice_centers(2, right_half=False)
    )
    from_bobs_side = scene(
        state(position=position, on_roll=1, dice=(5, 4), used_dice=(5,)), perspective=1, partial_steps=(Step(13, 8, 5),)
    )
    assert chips(from_bobs_side) == {LAYOUT.number_center(13): "13", LAYOUT.number_center(8): "8"}
