"""The .mat export read by GNU Backgammon (issue 17): every match of the flow corpus is exported, imported by gnubg
(`import mat`, PyPI gnubg in a child process), and gnubg's position, score, cube value and owner after every
play equal the project's; gnubg writes the same text back; names with spaces and other alphabets survive.
"""

from __future__ import annotations

import datetime
import itertools
import random
from dataclasses import dataclass, field

import pytest

from bot.engine import events as ev
from bot.engine.match import Match
from bot.engine.match_id import GameState, MatchIdFields
from bot.engine.options import MatchOptions
from bot.engine.outcome import Outcome, OutcomeKind
from bot.engine.position import Position
from bot.records.mat import (
    MATCH_CUBE_LIMIT,
    MONEY_CUBE_LIMIT,
    MatGame,
    RecordKind,
    mat_games,
    mat_name,
    match_events,
    match_to_mat,
)
from tests.flow.corpus import flow_corpus
from tests.flow.driver import SeededDice, random_action
from tests.records.gnubg_import import Imported, import_mats

DATE = datetime.date(2026, 11, 24)
GNUBG_MAX_CUBE = 4096
FINISHED_STATES = {GameState.OVER, GameState.RESIGNED, GameState.DROPPED}


@dataclass
class ExpectedGame:
    """What gnubg should show for one game: the score at its start, the board, cube value and owner after each
    play (the board from the side of the player on roll next), and the score once the game is over."""

    scores: tuple[int, int]
    plays: list[tuple[str, int, int | None]] = field(default_factory=list)
    final_scores: tuple[int, int] | None = None


def gnubg_points(outcome: Outcome, automatic_doubles: int, cube: int, ours: int) -> int:
    """What gnubg scores for the game as the file tells it. The file's cube leaves automatic doubles out; a
    resignation (or a game won on time) is read as one of a single game, gammon or backgammon, the smallest whose
    value at the file's cube reaches the points written. `cube` is gnubg's cube, `ours` the project's in the
    file's units: where the project's went past gnubg's limit, the file leaves the doubles past it out, a drop
    scores gnubg's cube and anything else is scaled down to it (issue 31)."""
    points = outcome.points >> automatic_doubles
    if outcome.kind is OutcomeKind.DROPPED and (cube < ours or cube >= GNUBG_MAX_CUBE):
        return cube  # gnubg registers no double from its MAX_CUBE: the file has the dropper resign
    if cube < ours:
        points = max(1, points * cube // ours)
    if outcome.kind in (OutcomeKind.RESIGNED, OutcomeKind.CLAIMED, OutcomeKind.TIMEOUT):
        return cube * next((kind for kind in (1, 2) if points <= kind * cube), 3)
    return points


def taken(cube: int, value: int, limit: int) -> int:
    """gnubg's cube after a take of `value` from `cube`: each doubling that fits under its limit."""
    while cube < value and cube * 2 <= limit:
        cube *= 2
    return cube


def expected_games(match: Match, events: list[ev.Event]) -> list[ExpectedGame]:
    """The project's own states, from the events of its log (the engine's Position applies the plays)."""
    games: list[ExpectedGame] = []
    scores = (0, 0)
    board = Position.initial()  # from player 0's side
    cube, owner, automatic, ours = 1, None, 0, 1
    limit = MONEY_CUBE_LIMIT if match.options.is_money else MATCH_CUBE_LIMIT
    for event in events:
        match event:
            case ev.GameStarted():
                games.append(ExpectedGame(scores))
                board, cube, owner, automatic, ours = Position.initial(), 1, None, 0, 1
            case ev.AutomaticDouble():
                automatic += 1
            case ev.Played(player=player, play=play):
                after = (board if player == 0 else board.swapped()).apply(play)  # from the other player's side
                games[-1].plays.append((after.position_id(), cube, owner))
                board = after if player == 1 else after.swapped()
            case ev.Taken(player=player, cube=value) | ev.BeaverAccepted(player=player, cube=value):
                ours, before = value >> automatic, cube
                cube = taken(cube, ours, limit)
                owner = owner if cube == before else player if isinstance(event, ev.Taken) else 1 - player
            case ev.GameWon(outcome=outcome, scores=after):
                won = gnubg_points(outcome, automatic, cube, ours)
                start = games[-1].scores
                games[-1].final_scores = (
                    start[0] + won * (outcome.winner == 0),
                    start[1] + won * (outcome.winner == 1),
                )
                scores = after  # the next game's header gives the project's own score
            case _:
                pass
    return games


def compare(match: Match, events: list[ev.Event], imported: Imported) -> None:
    expected = expected_games(match, events)
    assert imported.names == tuple(mat_name(name) for name in match.names)
    assert len(imported.games) == len(expected)
    for number, (ours, theirs) in enumerate(zip(expected, imported.games, strict=True), start=1):
        where = f"game {number}"
        start = MatchIdFields.decode(theirs[0][2])
        assert start.scores == ours.scores, where
        assert start.length == match.options.length, where
        plays = [(position, MatchIdFields.decode(match_id)) for kind, position, match_id in theirs if kind == "move"]
        assert len(plays) == len(ours.plays), where
        for index, ((position, fields), (our_position, cube, owner)) in enumerate(
            zip(plays, ours.plays, strict=True), start=1
        ):
            assert (position, fields.cube, fields.cube_owner) == (our_position, cube, owner), f"{where}, play {index}"
        end = MatchIdFields.decode(theirs[-1][2])
        if ours.final_scores is None:
            assert end.state is GameState.PLAYING, where
        else:
            assert end.state in FINISHED_STATES and end.scores == ours.final_scores, where


def written_back_differently(match: Match, events: list[ev.Event], games: list[MatGame]) -> bool:
    """Where gnubg's own writer cannot give back the text: it writes a beaver as a double followed by a take
    (its exporter does not know beavers), a won-on-time game as the resignation it read, a roll without a play
    by the second player in the opening turn in the first column, and a resignation by the player not on roll
    after the roll where its reader does not look (gnubg's players resign on their own turn only)."""
    if any(isinstance(event, ev.Beavered) for event in events):
        return True
    if any(outcome.kind is OutcomeKind.CLAIMED for outcome in match.outcomes):
        return True
    for game in games:
        if game.records and game.records[0].kind is RecordKind.ROLL and game.records[0].player == 1:
            return True
        for roll, resign in itertools.pairwise(game.records):
            if roll.kind is RecordKind.ROLL and resign.kind is RecordKind.RESIGN and roll.player != resign.player:
                return True
    return False


@pytest.mark.slow
def test_every_flow_match_imports_into_gnubg_as_played() -> None:
    corpus = flow_corpus()
    texts, events, games = [], [], []
    for match in corpus:  # each log replayed three times in a row: the engine's cache of legal plays stays warm
        texts.append(match_to_mat(match, date=DATE))
        events.append(match_events(match.log))
        games.append(mat_games(match.log))
    imported = import_mats(
        [(text, match.options.is_money and match.options.jacoby) for text, match in zip(texts, corpus, strict=True)]
    )
    same_text = 0
    for match, text, result, its_events, its_games in zip(corpus, texts, imported, events, games, strict=True):
        compare(match, its_events, result)
        if not written_back_differently(match, its_events, its_games):
            assert result.exported == text
            same_text += 1
    assert same_text > 300
    assert covered(corpus, events) >= {
        "Crawford game",
        "post-Crawford game",
        "BeaverAccepted",
        "BeaverRefused",
        "Jacoby",
        "AutomaticDouble",
        "ResignationAccepted",
        "ResignationDeclined",
        "Dropped",
        "Claimed",
        "MatchAborted",
        "running",
        "single",
        "gammon",
        "backgammon",
    }


def covered(corpus: list[Match], corpus_events: list[list[ev.Event]]) -> set[str]:
    """What the corpus holds: event names, game endings and options."""
    seen: set[str] = set()
    for match, events in zip(corpus, corpus_events, strict=True):
        seen |= {type(event).__name__ for event in events}
        seen |= {outcome.kind.value for outcome in match.outcomes}
        starts = [event for event in events if isinstance(event, ev.GameStarted)]
        seen |= {"Crawford game"} if any(start.crawford for start in starts) else set()
        seen |= {"post-Crawford game"} if any(start.crawford for start in starts[:-1]) else set()
        seen |= {"Jacoby"} if match.options.is_money and match.options.jacoby else set()
        seen |= {"running"} if not match.finished else set()
    return seen


def test_special_names_survive() -> None:
    names = ("Anne Marie  van Dijk", "Ζωή Παπαδοπούλου")
    dice = SeededDice(7)
    match = Match.start(names, MatchOptions.match(3), dice)
    rng = random.Random(7)
    while not match.finished:
        match = match.apply(random_action(match, rng, end_early=False), dice).match
    text = match_to_mat(match, date=DATE)
    [result] = import_mats([(text, False)])
    assert result.names == names
    assert result.exported == text
    compare(match, match_events(match.log), result)
