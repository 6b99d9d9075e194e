"""custom_id encoding: round trips, Discord's 100-character limit, and foreign ids refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cogs.custom_ids import (
    CHALLENGE_TEMPLATE,
    GAME_TEMPLATE,
    MAX_CUSTOM_ID,
    ChallengeAction,
    ChallengeControl,
    GameAction,
    GameControl,
)

ids = st.integers(min_value=1, max_value=2**63 - 1)
versions = st.integers(min_value=0, max_value=10**12 - 1)


@st.composite
def game_controls(draw: st.DrawFn) -> GameControl:
    action = draw(st.sampled_from(list(GameAction)))
    start = draw(st.integers(1, 25)) if action in (GameAction.PICK, GameAction.STEP) else None
    die = draw(st.integers(1, 6)) if action is GameAction.STEP else None
    return GameControl(draw(ids), draw(versions), action, start, die)


@given(game_controls())
def test_game_control_round_trips_within_discord_limit(control: GameControl) -> None:
    custom_id = control.custom_id
    assert 1 <= len(custom_id) <= MAX_CUSTOM_ID
    assert GAME_TEMPLATE.fullmatch(custom_id)
    assert GameControl.parse(custom_id) == control
    assert CHALLENGE_TEMPLATE.fullmatch(custom_id) is None


@given(ids, st.sampled_from(list(ChallengeAction)), st.booleans())
def test_challenge_control_round_trips(challenge_id: int, action: ChallengeAction, in_thread: bool) -> None:
    control = ChallengeControl(challenge_id, action, in_thread)
    assert len(control.custom_id) <= MAX_CUSTOM_ID
    assert ChallengeControl.parse(control.custom_id) == control
    assert GAME_TEMPLATE.fullmatch(control.custom_id) is None


def test_step_encodes_match_version_point_and_die() -> None:
    assert GameControl(42, 7, GameAction.STEP, 13, 5).custom_id == "bg:42:7:step:13:5"
    assert GameControl(42, 7, GameAction.ROLL).custom_id == "bg:42:7:roll"


def test_distinct_controls_of_one_message_have_distinct_ids() -> None:
    controls = [GameControl(1, 3, GameAction.STEP, start, die) for start in range(1, 26) for die in range(1, 7)]
    controls += [GameControl(1, 3, GameAction.PICK, start) for start in range(1, 26)]
    controls += [GameControl(1, 3, action) for action in GameAction if action not in (GameAction.PICK, GameAction.STEP)]
    assert len({c.custom_id for c in controls}) == len(controls)


@pytest.mark.parametrize(
    "custom_id",
    ["", "bg:1:2", "bg:1:2:fly", "bg:x:2:roll", "bg:1:2:step:13", "bg:1:2:step:13:7", "bgc:1:maybe", "lb:1:next"],
)
def test_foreign_or_malformed_ids_are_refused(custom_id: str) -> None:
    with pytest.raises(ValueError):
        GameControl.parse(custom_id)
    with pytest.raises(ValueError):
        ChallengeControl.parse(custom_id)


@pytest.mark.parametrize(
    ("action", "start", "die"),
    [(GameAction.STEP, None, 3), (GameAction.STEP, 13, None), (GameAction.ROLL, 13, None), (GameAction.PICK, 26, None)],
)
def test_inconsistent_controls_are_rejected(action: GameAction, start: int | None, die: int | None) -> None:
    with pytest.raises(ValueError):
        GameControl(1, 1, action, start, die)
