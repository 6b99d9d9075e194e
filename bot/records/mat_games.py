"""The games of a match as the entries of a .mat file, within what GNU Backgammon can hold (see bot/records/mat.py).

gnubg's limits on the cube, found by importing files into gnubg 1.07 (Debian) and the PyPI build:

- In a match, gnubg's gammon-price tables hold cube values up to 64 (its MAXCUBELEVEL is 7: 1, 2, ..., 64). A
  taken cube of 256 makes gnubg 1.07 crash on `import mat` in any match longer than one point; 128 imports, but
  reads past the tables. So the file holds a match cube of at most 64.
- In a money game, gnubg ignores a double past 4096 (its MAX_CUBE), so the file holds a cube of at most 4096.

A cube the bot took past the limit (R6.3 sets none) is left out of the file with the double (and beaver) that made
it, so gnubg's cube stays at the limit and gnubg scores the game there; a double offered past the limit and dropped
is kept while gnubg can register the offer (its cube below 4096), else it is written as the dropper's resignation
of a single game. `MatGame.left_out` and `MatGame.points` tell what changed, for the file's comment and the note.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from bot.engine import events as ev
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.match_log import MatchLog
from bot.engine.outcome import Outcome, OutcomeKind
from bot.engine.play import Play

MATCH_CUBE_LIMIT = 64
MONEY_CUBE_LIMIT = 4096
_GNUBG_MAX_CUBE = 4096  # gnubg registers no double offered from a cube this high
NO_PLAY = Play(())
_WIN_KINDS = {OutcomeKind.SINGLE: 1, OutcomeKind.GAMMON: 2, OutcomeKind.BACKGAMMON: 3}
#: Written as the loser's resignation: games won on time too (R9.5), which gnubg reads as at most a
#: backgammon at the file's cube.
_RESIGNED_KINDS = (OutcomeKind.RESIGNED, OutcomeKind.CLAIMED, OutcomeKind.TIMEOUT)


class RecordKind(enum.Enum):
    MOVE = "move"  # a roll and its play (possibly no move)
    ROLL = "roll"  # a roll not played: the game ended by resignation after it, or the match is still running
    DOUBLE = "double"
    BEAVER = "beaver"
    TAKE = "take"
    DROP = "drop"
    RESIGN = "resign"  # `player` resigned (or lost on time), giving `points`


@dataclass(frozen=True, slots=True)
class MatRecord:
    """One entry of a game in the file. `points` is what a winning move or a resignation is worth in the file."""

    kind: RecordKind
    player: int
    dice: tuple[int, int] = (0, 0)
    play: Play = NO_PLAY
    points: int = 0


@dataclass(slots=True)
class MatGame:
    """One game: the score at its start, the automatic doubles of its opening, and its entries in order. `cube` is
    gnubg's cube as the file tells it; `left_out` the highest cube the bot offered past gnubg's limit that the file
    leaves out (0: none); `points` the winner's points (bot, gnubg) once a game gnubg scores differently is over
    (a cube left out, or a game won on time for more than gnubg's reading of a resignation gives)."""

    number: int
    scores: tuple[int, int]
    automatic_doubles: int = 0
    records: list[MatRecord] = field(default_factory=list)
    cube: int = 1
    left_out: int = 0
    points: tuple[int, int] | None = None
    winner: int | None = None
    drop_resigned: bool = False  # a double past the limit was dropped: the file says the dropper resigned
    on_time: bool = False  # won on time: the file says the loser resigned


def match_events(log: MatchLog) -> list[ev.Event]:
    """Every event of the match, in order, by replaying its log."""
    dice = FixedDice([*log.start_dice, *(die for entry in log.entries for die in entry.dice)])
    match = Match.start(log.names, log.options, dice)
    events = list(match.last_events)
    for entry in log.entries:
        match, more = match.apply(entry.action, dice)
        events += more
    return events


def mat_games(log: MatchLog) -> list[MatGame]:
    """The games of the match as the file's entries (a running game ends with what has happened so far)."""
    builder = _Builder(MONEY_CUBE_LIMIT if log.options.is_money else MATCH_CUBE_LIMIT)
    for event in match_events(log):
        builder.add(event)
    if builder.games and builder.pending is not None:
        builder.games[-1].records.append(MatRecord(RecordKind.ROLL, *builder.pending))
    return builder.games


def _high_first(dice: tuple[int, int]) -> tuple[int, int]:
    return (max(dice), min(dice))


class _Builder:
    """Turns the events into games of entries, one event at a time."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.games: list[MatGame] = []
        self.scores = (0, 0)
        self.pending: tuple[int, tuple[int, int]] | None = None  # a roll not yet played: (player, dice)
        self.drop_points = 0  # what gnubg scores for the last drop
        self.offered = 0  # the last double's (or beaver's) value

    @property
    def game(self) -> MatGame:
        return self.games[-1]

    def _add(self, kind: RecordKind, player: int) -> None:
        self.game.records.append(MatRecord(kind, player))

    def add(self, event: ev.Event) -> None:
        match event:
            case ev.GameStarted(number=number):
                self.games.append(MatGame(number, self.scores))
                self.pending = None
            case ev.AutomaticDouble():
                self.game.automatic_doubles += 1
            case ev.OpeningRolled(deciding=dice, player=player):
                self.pending = (player, _high_first(dice))
            case ev.Rolled(player=player, dice=dice):
                self.pending = (player, _high_first(dice))
            case ev.Played(player=player, dice=dice, play=play):
                self.game.records.append(MatRecord(RecordKind.MOVE, player, _high_first(dice), play))
                self.pending = None
            case ev.Doubled(player=player, cube=cube):
                self._add(RecordKind.DOUBLE, player)
                self.offered = cube
            case ev.Beavered(player=player, cube=cube):
                self._add(RecordKind.BEAVER, player)
                self.offered = cube
            case ev.Taken(player=player, cube=cube):
                self._taken(player, cube, offers=1)
            case ev.BeaverAccepted(player=player, cube=cube):
                self._taken(1 - player, cube, offers=2)
            case ev.BeaverRefused(player=player):
                self._dropped(player, beaver=True)
            case ev.Dropped(player=player):
                self._dropped(player, beaver=False)
            case ev.GameWon(outcome=outcome, scores=after):
                self._won(outcome)
                self.scores = after
                self.pending = None
            case _:
                pass

    def _taken(self, taker: int, cube: int, *, offers: int) -> None:
        """A double (offers=1) or a beaver (2) taken: gnubg's cube doubles at each offer; those past the limit are
        left out (a beaver taken past it while its double fits is written as that double taken)."""
        game = self.game
        kept = 0
        while kept < offers and game.cube * 2 <= self.limit:
            game.cube *= 2
            kept += 1
        if kept < offers:
            game.left_out = max(game.left_out, cube)
            del game.records[len(game.records) - offers + kept :]
        if kept == 1:  # a beaver kept whole needs no take: gnubg's importer takes it at the next roll
            self._add(RecordKind.TAKE, taker)

    def _dropped(self, player: int, *, beaver: bool) -> None:
        """A double dropped (or a beaver refused, `player` being the doubler who refused it)."""
        game = self.game
        if game.cube < _GNUBG_MAX_CUBE:
            self.drop_points = game.cube * (2 if beaver else 1)
            if beaver:  # written as the redouble it is; gnubg doubles its cube at a beaver, then scores the drop
                assert game.records[-1].kind is RecordKind.BEAVER
                game.records[-1] = MatRecord(RecordKind.DOUBLE, 1 - player)
            self._add(RecordKind.DROP, player)
            return
        del game.records[-1 - int(beaver) :]  # gnubg cannot register the offer: the dropper resigns at its cube
        game.records.append(MatRecord(RecordKind.RESIGN, player, points=game.cube))
        self.drop_points = game.cube
        game.left_out = max(game.left_out, self.offered)
        game.drop_resigned = True

    def _won(self, outcome: Outcome) -> None:
        game = self.game
        file_cube = outcome.cube >> game.automatic_doubles  # the file leaves automatic doubles out
        gnubg_points = game.cube
        if outcome.kind in _WIN_KINDS:
            last = game.records[-1]
            gnubg_points = _WIN_KINDS[outcome.kind] * game.cube
            game.records[-1] = MatRecord(last.kind, last.player, last.dice, last.play, gnubg_points)
        elif outcome.kind in _RESIGNED_KINDS:
            if self.pending is not None:
                game.records.append(MatRecord(RecordKind.ROLL, *self.pending))
            points = max(1, (outcome.points >> game.automatic_doubles) * game.cube // file_cube)
            game.records.append(MatRecord(RecordKind.RESIGN, 1 - outcome.winner, points=points))
            gnubg_points = game.cube * next((kind for kind in (1, 2) if points <= kind * game.cube), 3)
        elif outcome.kind is OutcomeKind.DROPPED:
            gnubg_points = self.drop_points
        game.on_time = outcome.kind in (OutcomeKind.CLAIMED, OutcomeKind.TIMEOUT)
        if game.left_out or (game.on_time and gnubg_points != outcome.points >> game.automatic_doubles):
            game.points = (outcome.points, gnubg_points)
            game.winner = outcome.winner
