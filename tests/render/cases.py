"""The golden boards: positions the picture must keep drawing the same way (issue 5's list).

`scripts/regenerate_goldens.py` redraws tests/render/golden/<name>.png from these on purpose.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from bot.engine import Play, Position, Step
from bot.engine.outcome import Outcome, OutcomeKind
from render.samples import Example, final_gammon, ids_state, mid_game, pending_double
from render.static import DEFAULT_WIDTH

GOLDEN_DIR = Path(__file__).with_name("golden")
NAMES = ("Alice", "Bob")


@dataclass(frozen=True)
class GoldenCase:
    example: Example
    theme: str = "dark"
    size: int = DEFAULT_WIDTH  # 400: as a phone shows it (Discord scales the picture down)

    def render(self) -> bytes:
        from render import board

        example = self.example
        return board(
            example.state,
            perspective=example.perspective,
            last_play=example.last_play,
            partial_steps=example.partial_steps,
            theme=self.theme,
            size=self.size,
        )


def _final(
    position: Position,
    outcome: Outcome,
    *,
    on_roll: int,
    scores: tuple[int, int] = (0, 0),
    match_length: int = 0,
    cube_value: int = 1,
    cube_owner: int | None = None,
    perspective: int = 0,
) -> Example:
    """A game's final board (issue 33): nobody to act, the result across the board, the scores after the game."""
    won = outcome.points if match_length else 0
    before = tuple(score - (won if player == outcome.winner else 0) for player, score in enumerate(scores))
    names = ("Alice", "Bob")
    state = ids_state(
        position,
        on_roll=on_roll,
        names=names,
        scores=(before[0], before[1]),
        match_length=match_length,
        cube_value=cube_value,
        cube_owner=cube_owner,
    )
    return Example(dataclasses.replace(state, scores=scores, game_over=True, result=outcome), perspective)


def _final_cases() -> dict[str, GoldenCase]:
    middle_game = Position.from_points({24: 2, 13: 4, 8: 3, 6: 4, 5: 2}, {24: 2, 13: 5, 8: 2, 6: 4, 4: 2})
    # Bob has borne off his last checker; Alice still has one on the bar and two in his home board.
    alice_caught = Position.from_points({}, {25: 1, 22: 2, 13: 5, 8: 4, 6: 3})
    return {
        "final_gammon": GoldenCase(final_gammon()),
        "final_backgammon_match_won": GoldenCase(
            _final(
                alice_caught,
                Outcome(winner=1, kind=OutcomeKind.BACKGAMMON, points=3, cube=1),
                on_roll=1,
                scores=(2, 5),
                match_length=5,
            ),
            theme="light",
        ),
        "final_drop_money": GoldenCase(
            _final(middle_game, Outcome(winner=0, kind=OutcomeKind.DROPPED, points=1, cube=1), on_roll=0)
        ),
        "final_resigned_from_bobs_side": GoldenCase(
            _final(
                middle_game,
                Outcome(winner=0, kind=OutcomeKind.RESIGNED, points=4, cube=2),
                on_roll=0,
                scores=(4, 1),
                match_length=7,
                cube_value=2,
                cube_owner=1,
                perspective=1,
            )
        ),
        "final_on_time": GoldenCase(
            _final(
                middle_game,
                Outcome(winner=1, kind=OutcomeKind.TIMEOUT, points=1, cube=1),
                on_roll=0,
                scores=(0, 1),
                match_length=3,
            ),
            theme="light",
        ),
        "phone_final_single": GoldenCase(
            _final(
                Position.from_points({}, {1: 3, 2: 2}),
                Outcome(winner=0, kind=OutcomeKind.SINGLE, points=1, cube=1),
                on_roll=0,
                scores=(3, 2),
                match_length=5,
            ),
            size=400,
        ),
        "phone_mid_game": GoldenCase(mid_game(), size=400),
    }


def _checker_cases() -> dict[str, GoldenCase]:
    """Where the checkers stand: the start, both sides on the bar, a closed board, stacks over five."""
    start, names = Position.initial(), NAMES
    # Both sides on the bar: Bob (1) entered one checker hitting (bar/20*), his other die could not enter.
    bar_both = Position.from_points({25: 2, 13: 5, 8: 3, 6: 4, 24: 1}, {25: 1, 20: 2, 13: 4, 8: 2, 6: 4, 5: 2})
    # Bob (on roll) has two on the bar against Alice's closed home board (R5.1: he cannot enter).
    closed = Position.from_points({25: 2, 13: 5, 8: 3, 6: 3, 7: 2}, {6: 3, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 13: 2})
    # Stacks over 5: 9 on one point, 6 on another, and one side with all 15 on a single point.
    stacks = Position.from_points({6: 9, 8: 6}, {1: 15})
    return {
        "start": GoldenCase(Example(ids_state(start, on_roll=0, names=names), perspective=0)),
        "bar_both_sides": GoldenCase(
            Example(
                ids_state(bar_both, on_roll=0, names=names, dice=(3, 1)),
                perspective=0,
                last_play=Play((Step(25, 20, 5, hit=True),)),
            )
        ),
        "closed_board": GoldenCase(
            Example(
                ids_state(closed, on_roll=1, names=names, dice=(6, 4), cube_value=2, cube_owner=1),
                perspective=1,
                last_play=Play((Step(8, 2, 6), Step(6, 2, 4))),
            )
        ),
        "stacks_over_5": GoldenCase(Example(ids_state(stacks, on_roll=0, names=names), perspective=0)),
    }


def _turn_cases() -> dict[str, GoldenCase]:
    """A turn partly played: bearing off with one die used, doubles with two used, the top player on roll."""
    names = NAMES
    # Both bearing off: Alice has borne off 9, Bob 4.
    bear_off = Position.from_points({6: 2, 4: 1, 3: 2, 1: 1}, {6: 3, 5: 3, 3: 2, 2: 2, 1: 1})
    # Bob (player 1, top) on roll seen from Alice's side: he has played 24/18 of his 6-5 after her 8/5 6/5.
    bob_moving = Position.from_points({24: 1, 18: 1, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 2, 6: 4, 5: 2})
    return {
        "bear_off": GoldenCase(
            Example(
                ids_state(bear_off, on_roll=0, names=names, dice=(6, 2), used_dice=(6,)),
                perspective=0,
                last_play=Play((Step(4, 0, 4), Step(2, 0, 2))),
                partial_steps=(Step(6, 0, 6),),
            )
        ),
        "doubles_two_used": GoldenCase(
            Example(
                ids_state(
                    Position.from_points({24: 2, 13: 5, 8: 3, 6: 3, 4: 2}, {24: 2, 13: 5, 8: 3, 6: 5}),
                    on_roll=0,
                    names=names,
                    dice=(2, 2),
                    used_dice=(2, 2),
                ),
                perspective=0,
                partial_steps=(Step(6, 4, 2), Step(6, 4, 2)),
            )
        ),
        "top_player_on_roll": GoldenCase(
            Example(
                ids_state(
                    bob_moving, on_roll=1, names=names, dice=(6, 5), used_dice=(6,), scores=(1, 2), match_length=5
                ),
                perspective=0,
                last_play=Play((Step(8, 5, 3), Step(6, 5, 1))),
                partial_steps=(Step(24, 18, 6),),
            )
        ),
    }


def _cube_and_score_cases() -> dict[str, GoldenCase]:
    """The cube (owned by either side, offered, beavered), the score with Crawford, and names in other scripts."""
    start, names = Position.initial(), NAMES
    return {
        "cube_2_bottom_owner": GoldenCase(
            Example(ids_state(start, on_roll=0, names=names, cube_value=2, cube_owner=0), perspective=0)
        ),
        "cube_128_top_owner": GoldenCase(
            Example(ids_state(start, on_roll=0, names=names, cube_value=128, cube_owner=1), perspective=0),
            theme="light",
        ),
        "crawford_score": GoldenCase(
            Example(
                ids_state(start, on_roll=1, names=names, scores=(6, 3), match_length=7, crawford=True, dice=(5, 2)),
                perspective=1,
            ),
            theme="light",
        ),
        "unicode_names": GoldenCase(
            Example(
                ids_state(
                    start,
                    on_roll=0,
                    names=(
                        "\U0001f3b2 \u05e9\u05dc\u05d5\u05dd " + "\u05d0" * 90,
                        "\u65e5\u672c\u8a9e\u306e\u540d\u524d \U0001f525",
                    ),
                    dice=(6, 5),
                ),
                perspective=0,
            )
        ),
        # Issue 15: a double waiting for its answer, and the board kept from player 0's side on player 1's turn.
        "pending_double": GoldenCase(pending_double()),
        "beaver_offered": GoldenCase(
            Example(  # R6.4: Bob beavered Alice's double; she answers the cube at 4
                ids_state(start, on_roll=0, names=names, answering=0, offered_cube=4),
                perspective=0,
            ),
            theme="light",
        ),
    }


def _in_language(example: Example, language: str) -> Example:
    """The same board for a server in `language` (issue 35): the words come from that language's catalogue."""
    from cogs.ui.board_words import board_words

    return dataclasses.replace(example, state=dataclasses.replace(example.state, words=board_words(language)))


def _language_cases() -> dict[str, GoldenCase]:
    """Three boards in each language besides English, whose words the boards above show: the marker ("to play",
    "to answer", "winner"), pips, score, the match line and Crawford, the cube's caption, "offered", the IDs and
    the result banner. Named `<language>_<board>`; a new catalogue needs its three goldens (test_golden)."""
    from bot.i18n import DEFAULT_LANGUAGE, available_languages

    middle_game = Position.from_points({24: 2, 13: 4, 8: 3, 6: 4, 5: 2}, {24: 2, 13: 5, 8: 2, 6: 4, 4: 2})
    crawford = ids_state(
        Position.initial(), on_roll=1, names=("Alice", "Bob"), scores=(6, 3), match_length=7, crawford=True, dice=(5, 2)
    )
    resigned = Outcome(winner=0, kind=OutcomeKind.RESIGNED, points=4, cube=2)
    final = _final(middle_game, resigned, on_roll=0, scores=(4, 1), match_length=7, cube_value=2, cube_owner=1)
    boards = {
        "crawford": (Example(crawford, perspective=1), "light"),
        "final": (final, "dark"),
        "double_offered": (pending_double(), "dark"),
    }
    return {
        f"{language}_{board}": GoldenCase(_in_language(example, language), theme=theme)
        for language in available_languages()
        if language != DEFAULT_LANGUAGE
        for board, (example, theme) in boards.items()
    }


GOLDEN_CASES = {**_checker_cases(), **_turn_cases(), **_cube_and_score_cases(), **_final_cases(), **_language_cases()}
