"""The turn timer's lines and the Claim button on the board (issue 33, R9.5): no message of their own.

The reminder and the restart note are said by the board they come with and dropped by its next edit; the claim
offer and its button are drawn from the stored record on every board of the turn, and fit beside every move menu.
"""

from __future__ import annotations

import dataclasses
import random

import discord

from bot.engine import Position, actions
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.service import MatchRecord, MatchStatus, TurnTimer
from cogs.ui.custom_ids import GameAction, GameControl
from cogs.ui.game_messages import compose_text
from cogs.ui.move_menu import MAX_ROWS, ButtonSpec, Rows, move_menu
from cogs.ui.timer_text import CLAIM_LABEL, claim_notes, claim_text, note, reminder_text, resumed_text, with_claim
from tests.cogs.test_game_messages import record
from tests.cogs.test_move_menu import buttons_of, check_limits, random_position, rolls

STARTED = 100.0


def overdue(match: Match, *, offered: bool = True) -> MatchRecord:
    """A record whose turn started at STARTED, its claim offered for that turn (or for an earlier one)."""
    timer = TurnTimer(STARTED, 120, True, STARTED, STARTED if offered else STARTED - 50)
    return dataclasses.replace(record(match), timer=timer)


def opening() -> Match:
    return Match.start(("Alice", "Bob"), MatchOptions.match(3), FixedDice([3, 1]))


def claims(rows: Rows) -> list[ButtonSpec]:
    return [button for button in buttons_of(rows) if button.control.action is actions.Claim]


def test_the_claim_is_on_the_board_only_for_the_turn_it_was_offered_for() -> None:
    match = opening()
    rows = ((ButtonSpec("Roll", GameControl(5, 4, actions.Roll)),),)
    assert with_claim(rows, overdue(match, offered=False)) == rows and claim_notes(overdue(match, offered=False)) == ()
    standing = overdue(match)
    (claim,) = claims(with_claim(rows, standing))
    assert with_claim(rows, standing)[:-1] == rows  # a row of its own, below the controls of the player to act
    assert claim.label == CLAIM_LABEL and claim.style is discord.ButtonStyle.danger
    assert claim.control == GameControl(5, 4, actions.Claim)  # the record's version: stale once it moves on
    assert claim_notes(standing) == (f"> {claim_text(standing)}",)
    assert claim_notes(standing)[0].startswith("> <@222>, Alice has not acted for 2 minutes.")  # Alice to act
    finished = dataclasses.replace(standing, status=MatchStatus.FINISHED)
    assert with_claim(rows, finished) == rows and claim_notes(finished) == ()


def test_the_claim_button_fits_beside_every_move_menu() -> None:
    """Resign and Moves join Undo and Done in the menu's last row, which keeps room for Claim when all five rows
    are taken; Discord's limits hold either way."""
    extras = (
        ButtonSpec("Resign", GameControl(5, 4, actions.Resign)),
        ButtonSpec("Moves", GameControl(5, 4, GameAction.MOVES)),
    )
    standing = overdue(opening())
    rng = random.Random(33)
    cases = [(Position.initial(), dice) for dice in rolls()] + [
        (random_position(rng), rng.choice(rolls())) for _ in range(200)
    ]
    full = 0
    for position, dice in cases:
        rows = with_claim(move_menu(5, 4, position, dice, (), None, extras), standing)
        check_limits(rows)
        assert len(claims(rows)) == 1, (position, dice)
        full += len(rows) == MAX_ROWS and isinstance(rows[-1], tuple) and len(rows[-1]) > 1
    assert full  # some menus fill every row: Claim then sits beside Undo and Done


def test_notes_stand_above_the_prompt_and_an_edit_drops_them() -> None:
    match = opening()
    match, events = match.apply(actions.Move(0, match.parse_play("8/5 6/5")), FixedDice([6, 5]))
    standing = overdue(match)
    said = note(reminder_text(standing) or "")
    text = compose_text(standing, events, notes=(said, *claim_notes(standing)))
    lines = text.splitlines()
    assert lines[-1].startswith("<@222>, your turn") and lines[-3] == said and lines[-2].startswith("> <@111>, Bob")
    assert said.startswith("> <@222>, reminder: it is your turn in Alice vs Bob (3-point match #5).")
    edited = compose_text(standing, [], earlier=True).splitlines()  # the board's next edit: notes are said once
    assert said not in edited and edited[-3] == "Alice rolled 3-1 and played 8/5 6/5."
    restart = note(resumed_text(standing, 90.0))
    assert restart == (
        "> The bot was down for 1 minute 30 seconds; the clock of Alice vs Bob (3-point match #5) was paused "
        "meanwhile and runs again now."
    )
