"""Message text for the engine's events: what a player reads after each action."""

from __future__ import annotations

from bot.engine import events as ev
from bot.engine.outcome import Outcome, OutcomeKind
from bot.engine.play import Play, Step
from bot.engine.position import WinKind
from cogs.ui.event_text import clip, describe

NAMES = ("Alice", "Bob")
RUN = Play((Step(24, 18, 6), Step(18, 13, 5)))


def test_roll_and_play_in_one_update_is_one_line() -> None:
    events = [ev.Rolled(0, (6, 5), automatic=True), ev.Played(0, (6, 5), RUN, automatic=False)]
    assert describe(events, NAMES, 5) == ["Alice rolled 6-5 and played 24/13."]


def test_roll_alone_and_forced_and_impossible_plays() -> None:
    assert describe([ev.Rolled(1, (3, 1), automatic=False)], NAMES, 5) == ["Bob rolled 3-1."]
    forced = describe([ev.Played(1, (6, 5), RUN, automatic=True)], NAMES, 5)
    assert forced == ["Bob rolled 6-5 and played 24/13 (the only possible play, made for them)."]
    assert describe([ev.Played(1, (6, 6), Play(()), automatic=True)], NAMES, 5) == ["Bob rolled 6-6 and cannot move."]


def test_steps_are_shown_by_the_picture_not_in_words() -> None:
    assert describe([ev.StepMoved(0, Step(13, 8, 5)), ev.StepUndone(0, Step(13, 8, 5))], NAMES, 5) == []


def test_opening_roll_with_a_tie() -> None:
    lines = describe([ev.GameStarted(1, False), ev.OpeningRolled(((3, 3), (2, 5)), 1)], NAMES, 3)
    assert lines == ["Opening roll after 1 tie (3-3): Alice 2, Bob 5. Bob moves first."]


def test_cube_sequence_with_beaver() -> None:
    events = [ev.Doubled(0, 2), ev.Beavered(1, 4), ev.BeaverAccepted(0, 4)]
    assert describe(events, NAMES, 0) == [
        "Alice doubles to 2.",
        "Bob beavers: the cube goes to 4.",
        "Alice accepts the beaver; the cube is at 4.",
    ]


def test_game_and_match_end() -> None:
    events = [
        ev.Dropped(1),
        ev.GameWon(3, Outcome(0, OutcomeKind.DROPPED, 2, 2), (3, 1)),
        ev.MatchWon(0, (3, 1)),
    ]
    assert describe(events, NAMES, 3) == [
        "Bob drops.",
        "**Alice wins game 3 as Bob refused the cube, worth 2 points.** Score: Alice 3, Bob 1 (match to 3).",
        "**Alice wins the match 3-1!**",
    ]


def test_resignation_and_crawford() -> None:
    lines = describe([ev.ResignationOffered(1, WinKind.GAMMON, 4), ev.GameStarted(2, True)], NAMES, 5)
    assert lines == [
        "Bob offers to resign a gammon (4 points).",
        "Game 2 begins (the Crawford game: no doubling in this game).",
    ]


def test_clip_keeps_the_end_within_discords_limit() -> None:
    text = "x" * 2500 + "Bob, your turn"
    clipped = clip(text)
    assert len(clipped) == 2000 and clipped.endswith("Bob, your turn")
    assert clip("short") == "short"


def test_a_roll_made_at_once_says_why_without_contradiction() -> None:
    """Issue 33: "rolled 2-2 (no double possible)" read as a contradiction (2-2 is a double)."""
    assert describe([ev.Rolled(1, (2, 2), automatic=True)], NAMES, 1) == [
        "Bob rolled 2-2 (rolled at once: Bob cannot double now)."
    ]


def test_how_each_game_was_won_reads_as_one_sentence() -> None:
    """Issue 33: "wins game 1 on time: the opponent's clock ran out: 1 point" had two colons and no name."""
    lines = {
        kind: describe([ev.GameWon(1, Outcome(1, kind, points, 1), (0, points))], NAMES, 5)[0]
        for kind, points in (
            (OutcomeKind.SINGLE, 1),
            (OutcomeKind.GAMMON, 2),
            (OutcomeKind.BACKGAMMON, 3),
            (OutcomeKind.RESIGNED, 1),
            (OutcomeKind.CLAIMED, 5),
            (OutcomeKind.TIMEOUT, 5),
        )
    }
    assert lines[OutcomeKind.SINGLE].startswith("**Bob wins game 1 by bearing off, worth 1 point.**")
    assert lines[OutcomeKind.GAMMON].startswith("**Bob wins game 1 with a gammon, worth 2 points.**")
    assert lines[OutcomeKind.BACKGAMMON].startswith("**Bob wins game 1 with a backgammon, worth 3 points.**")
    assert lines[OutcomeKind.RESIGNED].startswith("**Bob wins game 1 as Alice resigned, worth 1 point.**")
    assert lines[OutcomeKind.CLAIMED].startswith(
        "**Bob wins game 1 on time (Alice did not act within the turn limit), worth 5 points.**"
    )
    assert lines[OutcomeKind.TIMEOUT].startswith(
        "**Bob wins game 1 on time (Alice's match clock ran out), worth 5 points.**"
    )
