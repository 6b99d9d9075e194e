"""custom_id encoding: round trips, Discord's 100-character limit, and foreign ids refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import actions
from cogs.ui.custom_ids import (
    ACTION_WORDS,
    CHALLENGE_TEMPLATE,
    GAME_TEMPLATE,
    MAX_CUSTOM_ID,
    PLAY_SELECT_TEMPLATE,
    ChallengeAction,
    ChallengeControl,
    ControlAction,
    GameAction,
    GameControl,
    PlaySelectControl,
)

ids = st.integers(min_value=1, max_value=2**63 - 1)
versions = st.integers(min_value=0, max_value=10**12 - 1)


#: Plays as the engine writes them (R10.1): the longest a button or an option carries is about 30 characters.
plays = st.sampled_from(
    [
        "24/13",
        "bar/22*",
        "13/7(2) 8/2(2)",
        "6/off(4)",
        "bar/21* 13/9*/5* 6/off",
        "24/20*/16*/12*/8*",
        "bar/24(2) 13/12(2)",
    ]
)


#: What a game control can do: each of the other controls, and each action a control asks for.
EVERY_CONTROL: list[ControlAction] = [*GameAction, *ACTION_WORDS.values()]


@st.composite
def game_controls(draw: st.DrawFn) -> GameControl:
    action = draw(st.sampled_from(EVERY_CONTROL))
    start = draw(st.integers(1, 25)) if action in (GameAction.PICK, actions.MoveChecker) else None
    die = draw(st.integers(1, 6)) if action is actions.MoveChecker else None
    play = draw(plays) if action is actions.Move else None
    return GameControl(draw(ids), draw(versions), action, start, die, play)


@given(game_controls())
def test_game_control_round_trips_within_discord_limit(control: GameControl) -> None:
    custom_id = control.custom_id
    assert 1 <= len(custom_id) <= MAX_CUSTOM_ID
    assert GAME_TEMPLATE.fullmatch(custom_id)
    assert GameControl.parse(custom_id) == control
    assert CHALLENGE_TEMPLATE.fullmatch(custom_id) is None
    assert PLAY_SELECT_TEMPLATE.fullmatch(custom_id) is None  # discord.py would call both items


@given(ids, versions, plays)
def test_play_select_round_trips_and_its_choice_is_a_play_control(match_id: int, version: int, play: str) -> None:
    menu = PlaySelectControl(match_id, version)
    assert len(menu.custom_id) <= MAX_CUSTOM_ID
    assert PlaySelectControl.parse(menu.custom_id) == menu
    assert GAME_TEMPLATE.fullmatch(menu.custom_id) is None and CHALLENGE_TEMPLATE.fullmatch(menu.custom_id) is None
    assert menu.chosen(play) == GameControl(match_id, version, actions.Move, play=play)


@given(ids, versions, st.integers(1, 9))
def test_the_parts_of_the_plays_have_ids_of_their_own(match_id: int, version: int, part: int) -> None:
    menu = PlaySelectControl(match_id, version, part)
    assert PlaySelectControl.parse(menu.custom_id) == menu
    assert menu.custom_id.endswith(":plays") == (part == 1)


def test_a_part_out_of_range_is_refused() -> None:
    for part in (0, 10):
        with pytest.raises(ValueError):
            PlaySelectControl(1, 2, part)
    with pytest.raises(ValueError):
        PlaySelectControl.parse("bg:1:2:plays:1")  # part 1 is written without a number: one id per menu


def test_a_chosen_value_that_cannot_be_a_play_is_refused() -> None:
    menu = PlaySelectControl(1, 2)
    for value in ("", "x" * 101):
        with pytest.raises(ValueError):
            menu.chosen(value)


@given(ids, st.sampled_from(list(ChallengeAction)), st.booleans())
def test_challenge_control_round_trips(challenge_id: int, action: ChallengeAction, in_thread: bool) -> None:
    control = ChallengeControl(challenge_id, action, in_thread)
    assert len(control.custom_id) <= MAX_CUSTOM_ID
    assert ChallengeControl.parse(control.custom_id) == control
    assert GAME_TEMPLATE.fullmatch(control.custom_id) is None


def test_step_encodes_match_version_point_and_die() -> None:
    assert GameControl(42, 7, actions.MoveChecker, 13, 5).custom_id == "bg:42:7:step:13:5"
    assert GameControl(42, 7, actions.Roll).custom_id == "bg:42:7:roll"
    assert GameControl(42, 7, actions.Move, play="24/13").custom_id == "bg:42:7:play:24/13"


def test_distinct_controls_of_one_message_have_distinct_ids() -> None:
    controls = [GameControl(1, 3, actions.MoveChecker, start, die) for start in range(1, 26) for die in range(1, 7)]
    controls += [GameControl(1, 3, GameAction.PICK, start) for start in range(1, 26)]
    controls += [GameControl(1, 3, actions.Move, play=play) for play in ("13/8", "13/8 13/7", "13/2", "8/2(2)")]
    simple = [action for action in EVERY_CONTROL if action not in (GameAction.PICK, actions.MoveChecker, actions.Move)]
    controls += [GameControl(1, 3, action) for action in simple]
    assert len({c.custom_id for c in controls}) == len(controls)


@pytest.mark.parametrize(
    "custom_id",
    [
        "",
        "bg:1:2",
        "bg:1:2:fly",
        "bg:1:2:abort",  # an action no control asks for (NO_CONTROL)
        "bg:1:2:timeout",
        "bg:x:2:roll",
        "bg:1:2:step:13",
        "bg:1:2:step:13:7",
        "bgc:1:maybe",
        "lb:1:next",
        "bg:1:2:play",
        "bg:1:2:play:13",
        "bg:1:2:play:13:5",
        "bg:1:2:roll:24/13",
        "bg:1:2:plays",
    ],
)
def test_foreign_or_malformed_ids_are_refused(custom_id: str) -> None:
    with pytest.raises(ValueError):
        GameControl.parse(custom_id)
    with pytest.raises(ValueError):
        ChallengeControl.parse(custom_id)


@pytest.mark.parametrize(
    ("action", "start", "die"),
    [
        (actions.MoveChecker, None, 3),
        (actions.MoveChecker, 13, None),
        (actions.Roll, 13, None),
        (GameAction.PICK, 26, None),
        (actions.Move, None, None),
        (actions.Move, 13, None),
        (actions.Timeout, None, None),  # no control asks for it (NO_CONTROL)
        (actions.Abort, None, None),
    ],
)
def test_inconsistent_controls_are_rejected(action: ControlAction, start: int | None, die: int | None) -> None:
    with pytest.raises(ValueError):
        GameControl(1, 1, action, start, die)


def test_a_play_goes_only_with_the_play_action() -> None:
    with pytest.raises(ValueError):
        GameControl(1, 1, actions.Roll, play="24/13")


#: The custom ids of controls on boards posted by earlier releases, and what each must still do: a deploy leaves
#: every posted board's buttons working.
POSTED: dict[str, ControlAction] = {
    "bg:9:4:roll": actions.Roll,
    "bg:9:4:double": actions.Double,
    "bg:9:4:take": actions.Take,
    "bg:9:4:drop": actions.Drop,
    "bg:9:4:beaver": actions.Beaver,
    "bg:9:4:baccept": actions.AcceptBeaver,
    "bg:9:4:brefuse": actions.RefuseBeaver,
    "bg:9:4:pick:13": GameAction.PICK,
    "bg:9:4:back": GameAction.BACK,
    "bg:9:4:step:13:5": actions.MoveChecker,
    "bg:9:4:undo": actions.Undo,
    "bg:9:4:done": actions.Confirm,
    "bg:9:4:raccept": actions.AcceptResignation,
    "bg:9:4:rdecline": actions.DeclineResignation,
    "bg:9:4:claim": actions.Claim,
    "bg:9:4:play:bar/22* 13/7(2)": actions.Move,
    "bg:9:4:rematch": GameAction.REMATCH,
    "bg:9:4:resign": actions.Resign,
    "bg:9:4:rsingle": GameAction.RESIGN_SINGLE,
    "bg:9:4:rgammon": GameAction.RESIGN_GAMMON,
    "bg:9:4:rbackgammon": GameAction.RESIGN_BACKGAMMON,
    "bg:9:4:moves": GameAction.MOVES,
}


@pytest.mark.parametrize(("custom_id", "action"), POSTED.items())
def test_the_ids_of_posted_boards_keep_their_meaning(custom_id: str, action: ControlAction) -> None:
    control = GameControl.parse(custom_id)
    assert (control.match_id, control.version, control.action) == (9, 4, action)
    assert control.custom_id == custom_id  # written again byte for byte


def test_a_word_names_one_control() -> None:
    """A word is either a control's own or an action's, never both, and the posted boards use only these."""
    words = [action.value for action in GameAction] + list(ACTION_WORDS)
    assert len(words) == len(set(words))
    assert {GameControl.parse(custom_id).word for custom_id in POSTED} <= set(words)
