"""A finished game's board says who won, how, for how many points, and the score (issue 33)."""

from __future__ import annotations

import dataclasses

import pytest

from bot.engine import Position
from bot.engine.outcome import Outcome, OutcomeKind
from render import BoardState, board
from render.banner import result_lines
from render.layout import Layout
from render.samples import final_gammon
from render.scene import TO_PLAY, WINNER, build_scene
from tests.render.imaging import decode

NAMES = ("Alice", "Bob")


@pytest.mark.parametrize(
    ("kind", "points", "headline"),
    [
        (OutcomeKind.SINGLE, 1, "Alice wins a single game: 1 point"),
        (OutcomeKind.GAMMON, 4, "Alice wins a gammon: 4 points"),
        (OutcomeKind.BACKGAMMON, 3, "Alice wins a backgammon: 3 points"),
        (OutcomeKind.DROPPED, 2, "Bob dropped: Alice wins 2 points"),
        (OutcomeKind.RESIGNED, 2, "Bob resigned: Alice wins 2 points"),
        (OutcomeKind.TIMEOUT, 1, "Bob's time ran out: Alice wins 1 point"),
        (OutcomeKind.CLAIMED, 1, "Bob's time ran out: Alice wins 1 point"),
    ],
)
def test_the_headline_says_who_won_how_and_for_how_much(kind: OutcomeKind, points: int, headline: str) -> None:
    assert result_lines(NAMES, Outcome(0, kind, points, 1), (3, 1), 7)[0] == headline


def test_the_second_line_gives_the_score_the_matchs_end_or_a_money_game() -> None:
    single = Outcome(1, OutcomeKind.SINGLE, 1, 1)
    assert result_lines(NAMES, single, (3, 2), 7)[1] == "Score: Alice 3, Bob 2 (7-point match)"
    assert result_lines(NAMES, single, (3, 7), 7)[1] == "Bob wins the match 7-3"
    assert result_lines(NAMES, single, (0, 0), 0)[1] == "Money game"


def test_a_result_needs_a_finished_game() -> None:
    state = BoardState(position=Position.initial(), on_roll=0, names=NAMES)
    with pytest.raises(ValueError, match="finished game"):
        dataclasses.replace(state, result=Outcome(0, OutcomeKind.SINGLE, 1, 1))


def test_the_final_board_marks_the_winner_and_lays_the_banner_over_the_board() -> None:
    example = final_gammon()
    layout = Layout.for_width(1000)
    built = build_scene(example.state, layout, 0, None, example.partial_steps)
    assert built.banner is not None and built.banner.box == layout.banner_box
    assert [row.marker for row in built.rows] == [WINNER, ""]
    playing = build_scene(dataclasses.replace(example.state, result=None, game_over=False), layout, 0, None, ())
    assert playing.banner is None and [row.marker for row in playing.rows] == [TO_PLAY, ""]
    with_banner = decode(board(example.state, perspective=0))
    without = decode(board(dataclasses.replace(example.state, result=None), perspective=0))
    box = layout.banner_box
    centre = ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
    assert with_banner.getpixel((box[0] + 30, centre[1])) != without.getpixel((box[0] + 30, centre[1]))


def test_the_cube_is_captioned_as_the_cube() -> None:
    """The cube is never taken for a score: it carries the word "cube" beside it, wherever it stands."""
    layout = Layout.for_width(1000)
    for owner in (None, 0, 1):
        state = BoardState(
            position=Position.initial(),
            on_roll=0,
            names=NAMES,
            cube_value=2 if owner is not None else 1,
            cube_owner=owner,
        )
        built = build_scene(state, layout, 0, None, ())
        captions = [layers for layers in built.boxes.values() if ("text", "cube", 20, "dim") in layers]
        assert len(captions) == 1
