"""The gnubg Match ID (R10.2): encoded exactly as GNU Backgammon does, and decoded back to the same fields."""

from __future__ import annotations

from typing import Any

import gnubg
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.match_id import GameState, InvalidMatchIdError, MatchIdFields


def gnubg_match_id(fields: MatchIdFields) -> str:
    """What gnubg's own encoder gives for the same state (its cubeinfo and posinfo dictionaries)."""
    cube_info: dict[str, Any] = {
        "cube": fields.cube,
        "cubeowner": -1 if fields.cube_owner is None else fields.cube_owner,
        "move": fields.on_roll,
        "matchto": fields.length,
        "score": fields.scores,
        "crawford": int(fields.crawford),
        "jacoby": int(fields.jacoby),
        "beavers": 0,
        "gammonprice": ((0.0, 0.0), (0.0, 0.0)),
        "bgv": 0,
    }
    pos_info = {
        "dice": fields.dice,
        "turn": fields.turn,
        "resigned": fields.resigned,
        "doubled": int(fields.doubled),
        "gamestate": int(fields.state),
    }
    return str(gnubg.match_id(cube_info, pos_info))


@st.composite
def match_states(draw: st.DrawFn) -> MatchIdFields:
    length = draw(st.integers(0, 25))
    score = st.integers(0, length) if length else st.integers(0, 500)
    rolled = draw(st.booleans())
    dice = (draw(st.integers(1, 6)), draw(st.integers(1, 6))) if rolled else (0, 0)
    return MatchIdFields(
        cube=1 << draw(st.integers(0, 15)),
        cube_owner=draw(st.sampled_from([None, 0, 1])),
        on_roll=draw(st.integers(0, 1)),
        crawford=bool(length) and draw(st.booleans()),
        state=draw(st.sampled_from(list(GameState))),
        turn=draw(st.integers(0, 1)),
        doubled=draw(st.booleans()),
        resigned=draw(st.integers(0, 3)),
        dice=dice,
        length=length,
        scores=(draw(score), draw(score)),
        jacoby=draw(st.booleans()),
    )


@pytest.mark.slow
@settings(max_examples=2000, deadline=None)
@given(match_states())
def test_match_id_equals_gnubg_and_decodes_back(fields: MatchIdFields) -> None:
    encoded = fields.encode()
    assert encoded == gnubg_match_id(fields)
    assert MatchIdFields.decode(encoded) == fields


def test_known_ids_from_the_gnubg_manual() -> None:
    # The money-game start (cube centred, nobody has rolled) and gnubg's documented example "QYkqASAAIAAA":
    # a 9-point match, 2-4, cube 2 owned by player 0, player 1 to play 5-2.
    assert MatchIdFields.decode("MAEAAAAAAAAA") == MatchIdFields(
        cube=1,
        cube_owner=None,
        on_roll=0,
        crawford=False,
        state=GameState.PLAYING,
        turn=0,
        doubled=False,
        resigned=0,
        dice=(0, 0),
        length=0,
        scores=(0, 0),
        jacoby=True,
    )
    example = MatchIdFields.decode("QYkqASAAIAAA")
    assert (example.cube, example.cube_owner, example.on_roll, example.turn) == (2, 0, 1, 1)
    assert (example.dice, example.length, example.scores) == ((5, 2), 9, (2, 4))


def test_dice_are_stored_higher_first() -> None:
    low_first = MatchIdFields(
        cube=1,
        cube_owner=None,
        on_roll=0,
        crawford=False,
        state=GameState.PLAYING,
        turn=0,
        doubled=False,
        resigned=0,
        dice=(2, 6),
        length=3,
        scores=(0, 0),
        jacoby=False,
    )
    assert low_first.dice == (6, 2)


@pytest.mark.parametrize("text", ["", "MAEAAAAAAAA", "MAEAAAAAAAAAA", "MAEAAAAAAA!A", "MAEgA+ABCAAA"])
def test_malformed_ids_are_refused(text: str) -> None:
    with pytest.raises(InvalidMatchIdError):
        MatchIdFields.decode(text)


def test_impossible_fields_are_refused() -> None:
    with pytest.raises(ValueError, match="power of two"):
        MatchIdFields(
            cube=3,
            cube_owner=None,
            on_roll=0,
            crawford=False,
            state=GameState.PLAYING,
            turn=0,
            doubled=False,
            resigned=0,
            dice=(0, 0),
            length=0,
            scores=(0, 0),
            jacoby=False,
        )
    with pytest.raises(ValueError, match="Dice"):
        MatchIdFields(
            cube=1,
            cube_owner=None,
            on_roll=0,
            crawford=False,
            state=GameState.PLAYING,
            turn=0,
            doubled=False,
            resigned=0,
            dice=(0, 4),
            length=0,
            scores=(0, 0),
            jacoby=False,
        )
