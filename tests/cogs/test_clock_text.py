"""Match clocks in the game message (issue 20): both reserves, and when the player to act runs out as a Discord
relative timestamp; the history kept on an edit drops the line; a finished match offers Rematch."""

from __future__ import annotations

import dataclasses

from bot.engine import actions
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.options import MatchOptions
from bot.service import MatchRecord, MatchStatus, MatchUpdate
from bot.service.clocks import ClockPreset, MatchClock
from cogs.ui.clock_text import clock_line, clock_texts
from cogs.ui.custom_ids import GameAction
from cogs.ui.game_messages import compose_text, rematch_rows, timed_out_text
from tests.cogs.test_game_messages import ALICE, BOB, record

NOW = 1_000_000.0


def clocked(match: Match, started_at: float | None, used: tuple[float, float] = (0.0, 0.0)) -> MatchRecord:
    return dataclasses.replace(record(match), clock=MatchClock(ClockPreset.BLITZ, 3, used, started_at))


def test_the_running_clock_and_its_end_as_a_relative_timestamp() -> None:
    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)  # Alice (0) to play, 90 s each
    shown = clocked(match, started_at=NOW - 20, used=(30.0, 5.0))  # 20 s into the turn: 12 s past the delay
    assert clock_texts(shown, NOW) == ("0:48", "1:25")
    line = clock_line(shown, NOW)
    assert line == f"-# Clock (blitz): Alice 0:48 · Bob 1:25 · Alice's time runs out <t:{int(NOW - 20 + 8 + 60)}:R>"


def test_a_turn_not_shown_yet_runs_out_counted_from_now() -> None:
    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    waiting = clocked(match, started_at=None, used=(30.0, 0.0))
    assert clock_line(waiting, NOW).endswith(f"Alice's time runs out <t:{int(NOW + 8 + 60)}:R>")


def test_the_clock_line_is_not_kept_as_history_and_absent_without_a_clock() -> None:
    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    text = compose_text(clocked(match, started_at=NOW), match.last_events, now=NOW)
    edited = compose_text(clocked(match, started_at=NOW), [], earlier=True, now=NOW)
    assert "Clock (blitz)" in text and edited.count("Clock (blitz)") == 1  # drawn again, never kept
    assert "Clock" not in compose_text(record(match), match.last_events, now=NOW)


def test_a_finished_match_offers_a_rematch() -> None:
    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(1), dice)
    match = match.apply(actions.Resign(0), dice).match
    match = match.apply(actions.AcceptResignation(1), dice).match
    finished = dataclasses.replace(record(match), status=MatchStatus.FINISHED)
    ((button, moves),) = rematch_rows(finished)
    assert button.label == "Rematch" and button.control.action is GameAction.REMATCH
    assert button.control.custom_id == f"bg:{finished.id}:{finished.version}:rematch"
    assert moves.label == "Moves" and moves.control.action is GameAction.MOVES  # issue 33: the move list


def test_the_board_picture_shows_both_reserves_beside_the_pips() -> None:
    import io

    from PIL import Image, ImageChops

    import render
    from cogs.ui.board_picture import board_state

    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    plain = render.board(board_state(match), perspective=0)
    with_clock = render.board(board_state(match, ("0:48", "1:25")), perspective=0)
    other_time = render.board(board_state(match, ("0:47", "1:25")), perspective=0)
    images = [Image.open(io.BytesIO(png)).convert("RGB") for png in (plain, with_clock, other_time)]
    assert images[0].size == images[1].size
    changed = ImageChops.difference(images[0], images[1]).getbbox()
    assert changed is not None  # drawn only in the player rows, above and below the board
    assert ImageChops.difference(images[1], images[2]).getbbox() is not None


def test_a_request_after_the_clock_ran_out_is_told_who_ran_out() -> None:
    dice = FixedDice([3, 1])
    match = Match.start(("Alice", "Bob"), MatchOptions.match(3), dice)
    match, events = match.apply(actions.Timeout(0), dice)
    update = MatchUpdate(dataclasses.replace(record(match), status=MatchStatus.FINISHED), events)
    assert timed_out_text(update, ALICE.user_id) == "Too late: your time had run out, and the match is over."
    assert timed_out_text(update, BOB.user_id) == "Alice's time had run out: the match is over."
    assert timed_out_text(MatchUpdate(record(match), []), ALICE.user_id) is None
