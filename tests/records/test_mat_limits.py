"""Matches with the biggest cubes the bot allows (R6.3: no limit), and games won on time, export to files GNU
Backgammon imports and scores as the bot did, or as the file's comment says (issue 31).

gnubg holds a cube of at most 64 in a match (a taken 256 made gnubg 1.07 crash on `import mat`) and 4096 in a money
game (it ignores doubles past it); see bot/records/mat_games.py. Each match here is imported by the PyPI gnubg (and
by the `gnubg` command line when it is installed): gnubg shows every position, cube and score as the project does,
except where the file had to leave doubles out or write a game won on time as a resignation, and there the
file's comment and the export's notes say so and give the score gnubg then shows.
"""

from __future__ import annotations

import datetime
import random
import re
import subprocess
import tempfile
from pathlib import Path

import pytest

from bot.engine import actions as act
from bot.engine import events as ev
from bot.engine.game import Phase
from bot.engine.match import Match
from bot.engine.match_id import MatchIdFields
from bot.engine.options import MatchOptions
from bot.engine.outcome import OutcomeKind
from bot.records import MatExport, export_mat
from bot.records.mat import MATCH_CUBE_LIMIT, MONEY_CUBE_LIMIT, match_events
from tests.flow.driver import SeededDice
from tests.records.gnubg_import import import_mats
from tests.records.test_mat_gnubg import compare
from tests.support.system_programs import installed

DATE = datetime.date(2026, 11, 25)
SEEDS = {OutcomeKind.SINGLE: 1, OutcomeKind.GAMMON: 3, OutcomeKind.BACKGAMMON: 8}  # how random play ends the game


def stored_before_the_dead_cube_rule(length: int) -> MatchOptions:
    """A match whose dead cube could still be doubled (stored before R6.1 forbade it): the only way a match cube
    grows past what gnubg holds."""
    return MatchOptions(length, dead_cube_doubles=True)


def cube_match(options: MatchOptions, takes: int, seed: int, last: str = "take") -> Match:
    """A game where the cube is doubled and taken `takes` times at the first turns, then played out with random
    plays; `last` is what answers the double after those: "take" (none is offered), "drop", "beaver" (beavered and
    taken), or "refuse" (beavered and refused)."""
    dice = SeededDice(seed)
    match = Match.start(("Alice", "Bob"), options, dice)
    rng = random.Random(seed)
    offers = 0
    while not match.finished:
        player = match.to_act
        assert player is not None
        answer = last if offers > takes else "take"
        if match.phase is Phase.ROLLING and offers <= takes - (last == "take") and not match.crawford:
            match = match.apply(act.Double(player), dice).match
            offers += 1
        elif match.phase is Phase.ROLLING:
            match = match.apply(act.Roll(player), dice).match
        elif match.phase is Phase.DOUBLED:
            beaver = answer in ("beaver", "refuse")
            match = match.apply(
                act.Drop(player) if answer == "drop" else act.Beaver(player) if beaver else act.Take(player), dice
            ).match
        elif match.phase is Phase.BEAVERED:
            match = match.apply(
                act.AcceptBeaver(player) if answer == "beaver" else act.RefuseBeaver(player), dice
            ).match
        else:
            match = match.apply(act.Move(player, rng.choice(match.legal_plays())), dice).match
    return match


def extreme_matches() -> list[Match]:
    """Cubes up to the engine's 32768, taken and played out to each kind of end, dropped, and beavered."""
    matches = []
    for length, takes in [(3, 6), (3, 7), (3, 8), (25, 8), (7, 15), (1, 9)]:
        for kind in OutcomeKind.SINGLE, OutcomeKind.GAMMON, OutcomeKind.BACKGAMMON:
            match = cube_match(stored_before_the_dead_cube_rule(length), takes, SEEDS[kind])
            assert match.outcomes[-1].kind is kind
            matches.append(match)
    matches.append(cube_match(stored_before_the_dead_cube_rule(3), 8, 1, "drop"))
    for takes, jacoby in [(12, True), (13, False), (15, True)]:
        for kind in OutcomeKind.SINGLE, OutcomeKind.GAMMON, OutcomeKind.BACKGAMMON:
            match = cube_match(MatchOptions.money(jacoby=jacoby), takes, SEEDS[kind])
            assert match.outcomes[-1].kind is kind
            matches.append(match)
    beavers = MatchOptions.money(beavers=True)
    for takes, last in [(11, "beaver"), (11, "refuse"), (12, "beaver"), (12, "refuse"), (12, "drop"), (14, "drop")]:
        matches.append(cube_match(beavers, takes, 1, last))
    return matches + on_time_matches()


def on_time_matches() -> list[Match]:
    """Games won on time (R9.5, issue 20): written as resignations, which gnubg reads as at most a backgammon."""
    matches = []
    for options in MatchOptions.match(5), MatchOptions.match(1), MatchOptions.money():
        for claim in False, True:
            dice = SeededDice(1)
            match = Match.start(("Alice", "Bob"), options, dice)
            player = match.to_act
            assert player is not None
            match = match.apply(act.Claim(1 - player) if claim else act.Timeout(player), dice).match
            matches.append(match)
    return matches


def gnubg_won(start: str, end: str) -> tuple[int, int]:
    """The points each player won in the last game, from gnubg's Match IDs at its start and end."""
    before, after = MatchIdFields.decode(start).scores, MatchIdFields.decode(end).scores
    return (after[0] - before[0], after[1] - before[1])


def check_notes(match: Match, export: MatExport, won: tuple[int, int]) -> None:
    """The notes say exactly when the file leaves doubles out, and then the score gnubg shows; the file's comment
    holds them too."""
    limit = MONEY_CUBE_LIMIT if match.options.is_money else MATCH_CUBE_LIMIT
    ours = match.outcomes[-1]
    taken = [event.cube for event in match_events(match.log) if isinstance(event, ev.Taken | ev.BeaverAccepted)]
    # gnubg registers no double from a cube of 4096 (MAX_CUBE), so such a drop is written as a resignation
    dropped_high = ours.kind is OutcomeKind.DROPPED and match.cube >= 4096
    notes = [str(note) for note in export.notes]  # in English, as the file's comment holds them
    changes = [note for note in notes if "Jacoby rule" not in note]
    for note in changes:
        assert f"; {note}\n" in export.text
    leaves_out = [note for note in changes if "leaves out" in note]
    assert bool(leaves_out) == (max(taken, default=1) > limit or dropped_high), (taken, export.notes)
    if won[ours.winner] != ours.points:
        [note] = changes
        points = won[ours.winner]
        assert re.search(rf"wins {points} points? there, {ours.points} points? here\.$", note), note
    else:
        assert not any("there," in note for note in changes)
    jacoby = [note for note in notes if "Jacoby" in note]
    assert len(jacoby) == match.options.is_money


@pytest.mark.slow
def test_the_biggest_cubes_import_into_gnubg_and_score_as_the_notes_say() -> None:
    matches = extreme_matches()
    exports = [export_mat(match, date=DATE) for match in matches]
    imported = import_mats(
        [(e.text, m.options.is_money and m.options.jacoby) for e, m in zip(exports, matches, strict=True)]
    )
    changed = 0
    for match, export, result in zip(matches, exports, imported, strict=True):
        compare(match, match_events(match.log), result)
        last = result.games[-1]
        won = gnubg_won(last[0][2], last[-1][2])
        assert MatchIdFields.decode(last[-1][2]).cube <= (MONEY_CUBE_LIMIT if match.options.is_money else 64)
        check_notes(match, export, won)
        changed += won != tuple(match.outcomes[-1].points * (match.winner == player) for player in (0, 1))
    assert changed >= 10  # the corpus does reach past the limits


@pytest.mark.slow
def test_the_gnubg_program_imports_them_too() -> None:
    """GNU Backgammon's own program (Debian's 1.07), which crashed on these files before issue 31."""
    program = installed("gnubg", "gnubg")
    with tempfile.TemporaryDirectory() as folder:
        for number, match in enumerate(extreme_matches()):
            path = Path(folder, f"{number}.mat")
            path.write_text(match_text := export_mat(match, date=DATE).text, encoding="utf-8")
            jacoby = "on" if match.options.is_money and match.options.jacoby else "off"
            done = subprocess.run(
                [program, "-t", "-q"],
                input=f"set jacoby {jacoby}\nimport mat {path}\nshow score\n",
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert done.returncode == 0, (done.returncode, match_text[-300:])
            assert re.search(r"The score \(after \d+ games?\) is: Alice \d+, Bob \d+", done.stdout), done.stdout[-500:]
