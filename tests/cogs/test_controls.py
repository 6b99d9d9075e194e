"""The buttons and prompt for each phase of a real engine match (R6, R7.4, R9.2, R9.4)."""

from __future__ import annotations

import re

from bot.engine import actions
from bot.engine.dice import FixedDice
from bot.engine.game import Phase
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.engine.position import WinKind
from cogs.ui.controls import controls, prompt, status_line
from cogs.ui.custom_ids import ControlAction, GameAction, PlaySelectControl
from cogs.ui.move_menu import SelectSpec

#: Beside every phase's controls (tested on their own below).
EXTRAS: set[ControlAction] = {actions.Resign, GameAction.MOVES}


def labels(match: Match, extras: bool = False) -> list[list[str]]:
    """Each row's labels, without Resign and Moves unless `extras` (a row left empty without them is dropped)."""
    rows = [
        ["select"]
        if isinstance(row, SelectSpec)
        else [button.label for button in row if extras or button.control.action not in EXTRAS]
        for row in controls(7, 3, match)
    ]
    return [row for row in rows if row]


def actions_of(match: Match) -> set[ControlAction]:
    found = {
        button.control.action for row in controls(7, 3, match) if not isinstance(row, SelectSpec) for button in row
    }
    return found - EXTRAS


def new_match(dice: list[int], options: MatchOptions | None = None) -> tuple[Match, FixedDice]:
    """A match begun with the first of `dice`, and the source of the rest."""
    source = FixedDice(dice)
    return Match.start(("Alice", "Bob"), options or MatchOptions.money(beavers=True), source), source


def test_opening_roll_leads_straight_to_moving_with_the_plays_and_step_buttons() -> None:
    match, _ = new_match([3, 1])  # Alice 3, Bob 1: Alice plays 3-1 (R2.2)
    assert match.phase is Phase.MOVING and match.to_act == 0
    rows = controls(7, 3, match)
    menu = rows[0]
    assert isinstance(menu, SelectSpec) and menu.control == PlaySelectControl(7, 3)
    assert {value for _, value in menu.options} == {str(play) for play in match.legal_plays()}  # 16 plays
    assert actions_of(match) == {actions.MoveChecker}  # every step has its button: no "From" needed
    for row in rows[1:]:
        assert not isinstance(row, SelectSpec)
        for button in row:
            assert button.control.match_id == 7 and button.control.version == 3
    assert prompt(match, "@Alice") == (
        "@Alice, play your 3-1: choose your whole play from the list (it ends your turn), or move checker by "
        "checker, or type it with `/bg move`."
    )


def test_a_chosen_play_is_the_engine_play_of_the_same_name() -> None:
    match, _ = new_match([3, 1])
    menu = controls(7, 3, match)[0]
    assert isinstance(menu, SelectSpec)
    for _, value in menu.options:
        assert str(match.parse_play(value)) == value


def test_the_last_checker_is_moved_by_its_step_buttons_with_undo() -> None:
    match, dice = new_match([3, 1])
    match = match.apply(actions.MoveChecker(0, 8, 5), dice).match
    assert labels(match) == [["24/23", "8/7", "6/5", "5/4"], ["Undo"]]
    assert prompt(match, "@Alice") == (
        "@Alice, play your 3-1: choose a checker to move, or type it with `/bg move`. So far: 8/5."
    )


def test_a_double_with_more_plays_than_one_list_holds_gets_several_lists() -> None:
    match, dice = new_match([3, 1, 3, 3])
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    match = match.apply(actions.Roll(1), dice).match
    assert match.phase is Phase.MOVING and len(match.legal_plays()) == 73  # three lists
    menus = [row for row in controls(7, 3, match) if isinstance(row, SelectSpec)]
    assert [len(menu.options) for menu in menus] == [25, 25, 23]
    assert "from the lists" in prompt(match, "@Bob")


def test_turn_start_offers_roll_and_double_then_cube_answers_with_beaver() -> None:
    match, dice = new_match([3, 1, 6, 5])
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    assert match.phase is Phase.ROLLING and match.to_act == 1
    assert labels(match) == [["Roll", "Double"]]
    assert prompt(match, "@Bob") == "@Bob, your turn: **Roll**, or **Double** to 2."
    match = match.apply(actions.Double(1), dice).match
    assert labels(match) == [["Take", "Drop", "Beaver"]]
    assert prompt(match, "@Alice") == (  # what each answer means, for players new to the cube (R6.2)
        "@Alice, Bob doubles to 2: **Take** (play on with the cube at 2), **Beaver** or "
        "**Drop** (give up this game, losing 1 point)?"
    )
    match = match.apply(actions.Beaver(0), dice).match
    assert labels(match) == [["Accept beaver", "Refuse beaver"]]
    assert "lose 2 points" in prompt(match, "@Bob")


def test_no_beaver_button_in_a_match_and_resignation_answers() -> None:
    match, dice = new_match([3, 1, 6, 5], MatchOptions.match(3))
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    match = match.apply(actions.Double(1), dice).match
    assert labels(match) == [["Take", "Drop"]]
    match = match.apply(actions.Take(0), dice).match
    match = match.apply(actions.Resign(1, WinKind.SINGLE), dice).match
    assert labels(match) == [["Accept resignation", "Decline"]]
    assert prompt(match, "@Alice") == (
        "@Alice, Bob offers to resign for 2 points: **Accept resignation** or **Decline**?"
    )


def named_buttons(text: str) -> list[str]:
    """The words a prompt sets in bold: each names a button."""
    return re.findall(r"\*\*(.+?)\*\*", text)


def test_every_button_a_prompt_names_is_labelled_exactly_so() -> None:
    """Issue 33: "**Accept**" over a button labelled "Accept beaver" sends a player looking for a button that
    is not there. Every phase with buttons: each bold word of the prompt is one of its labels."""
    money, dice = new_match([3, 1, 6, 5])
    money = money.apply(actions.Move(0, money.parse_play("8/5 6/5")), dice).match
    states = [money.log]  # Bob to roll or double
    for action in (actions.Double(1), actions.Beaver(0)):
        money = money.apply(action, dice).match
        states.append(money.log)  # Alice to take, drop or beaver; then Bob to accept or refuse the beaver
    resigning, dice = new_match([3, 1, 6, 5], MatchOptions.match(3))
    resigning = resigning.apply(actions.Resign(0, WinKind.SINGLE), dice).match
    states.append(resigning.log)
    done, dice = new_match([3, 1])
    for step in (actions.MoveChecker(0, 8, 5), actions.MoveChecker(0, 6, 5)):
        done = done.apply(step, dice).match
    states.append(done.log)
    for log in states:
        match = Match.replay(log)
        player = match.to_act
        assert player is not None
        text = prompt(match, "@someone")
        buttons = {label for row in labels(match) for label in row}
        assert named_buttons(text), text
        assert set(named_buttons(text)) <= buttons, (text, buttons)


def test_the_how_to_sentence_comes_once_per_match() -> None:
    """Issue 33: the ways to enter a play are told on each player's first turn, not on every turn."""
    match, dice = new_match([3, 1, 6, 5, 4, 2, 5, 3])
    assert "or type it with `/bg move`" in prompt(match, "@Alice")  # Alice's first turn
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    match = match.apply(actions.Roll(1), dice).match
    assert "or type it with `/bg move`" in prompt(match, "@Bob")  # Bob's first turn
    match = match.apply(actions.Move(1, match.legal_plays()[0]), dice).match
    match = match.apply(actions.Roll(0), dice).match
    assert match.dice == (4, 2)
    assert prompt(match, "@Alice") == "@Alice, play your 4-2."
    match = match.apply(actions.MoveChecker(0, 8, 4), dice).match
    assert prompt(match, "@Alice") == "@Alice, play your 4-2. So far: 8/4."


def test_done_and_undo_after_the_last_step() -> None:
    match, dice = new_match([3, 1])
    match = match.apply(actions.MoveChecker(0, 8, 5), dice).match
    match = match.apply(actions.MoveChecker(0, 6, 5), dice).match
    assert labels(match) == [["Undo", "Done"]]
    assert prompt(match, "@Alice").startswith("@Alice, press **Done**")


def test_finished_match_has_no_controls() -> None:
    match, dice = new_match([3, 1, 6, 5])
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    match = match.apply(actions.Double(1), dice).match
    match = match.apply(actions.Drop(0), dice).match
    assert match.to_act is None
    assert controls(7, 3, match) == () and prompt(match, "@Alice") == ""


def test_status_line_says_the_cube_on_offer_and_who_must_answer() -> None:
    """R6.2, R6.4: while a double or a beaver waits, the line names the value offered, not the cube in the middle."""
    match, dice = new_match([3, 1, 6, 5])
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    assert status_line(match).endswith("Cube: 1, centred")
    match = match.apply(actions.Double(1), dice).match
    assert status_line(match).endswith("Cube: 2 offered to Alice")
    match = match.apply(actions.Beaver(0), dice).match
    assert status_line(match).endswith("Cube: 4 offered to Bob")
    match = match.apply(actions.AcceptBeaver(1), dice).match  # the beaverer owns the cube at 4 and Bob rolls at once
    assert status_line(match).endswith("Cube: 4, Alice's")


def test_resign_and_moves_sit_beside_the_play_controls() -> None:
    """Issue 33: Resign wherever a player may offer it (R7.4: at the start of a turn or while moving), the move
    list in every phase; both after the phase's own buttons, in the same row."""
    match, dice = new_match([3, 1, 6, 5, 4, 2])
    assert labels(match, extras=True)[-1][-2:] == ["Resign", "Moves"]  # moving: beside Undo / Done
    match = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), dice).match
    assert labels(match, extras=True) == [["Roll", "Double", "Resign", "Moves"]]
    match = match.apply(actions.Double(1), dice).match
    assert labels(match, extras=True) == [["Take", "Drop", "Beaver", "Moves"]]  # no resigning over a double
