"""Every decision and roll of a match, read from its stored log: what the analysis evaluates. No bgsage here.

The log is replayed into the engine's events (bot.records.mat.match_events) and a small tracker follows the board,
the cube and the score through them. Each turn gives:

- a cube decision when the player on roll could double and chose to roll (`Rolled`, not automatic) or doubled;
- the answer to a double (take, drop, beaver) and the doubler's answer to a beaver;
- a checker decision for every completed play; `forced` when the roll allowed one play or none (R9.3);
- a roll, for the luck figures, each with the cube as it was when the dice fell.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bot.computer.board import SageBoard, away_from_scores, sage_board, sage_owner
from bot.computer.sage import CubeState
from bot.engine import events as ev
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.match_log import MatchLog
from bot.engine.play import Play
from bot.engine.position import Position
from bot.records.mat import match_events


class Kind(enum.Enum):
    CHECKER = "checker"
    DOUBLE = "double"  # the player on roll doubled or rolled (no double)
    TAKE = "take"  # the answer to a double: take, drop or beaver
    BEAVER = "beaver"  # the doubler's answer to a beaver: accept or refuse


class Choice(enum.Enum):
    PLAY = "play"
    NO_DOUBLE = "no double"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    BEAVER = "beaver"
    ACCEPT = "accept beaver"
    REFUSE = "refuse beaver"


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision. `board` is before it, seen from `cube_view`'s side (bgsage's format): the player on roll for
    checker plays and doubles, the doubler for answers to a double (bgsage judges a double from the doubler)."""

    index: int  # in the match, from 0
    game: int
    player: int
    kind: Kind
    choice: Choice
    board: SageBoard
    cube: CubeState
    position_id: str  # of `board`'s position, for the texts
    dice: tuple[int, int] = (0, 0)
    play: Play | None = None
    played_board: SageBoard | None = None  # after the play, seen from the player who moved
    forced: bool = False


@dataclass(frozen=True, slots=True)
class RollPoint:
    """A roll: `board` and `cube` before it, from the roller's side."""

    game: int
    player: int
    dice: tuple[int, int]
    board: SageBoard
    cube: CubeState
    opening: bool


@dataclass(frozen=True, slots=True)
class MatchPoints:
    decisions: tuple[Decision, ...]
    rolls: tuple[RollPoint, ...]


class _Tracker:
    """The board, cube and score through the events."""

    def __init__(self, log: MatchLog) -> None:
        self.options = log.options
        self.position = Position.initial()
        self.on_roll = 0
        self.cube = 1
        self.owner: int | None = None
        self.scores = (0, 0)
        self.crawford = False
        self.game = 0
        self.taken = False
        self.decisions: list[Decision] = []
        self.rolls: list[RollPoint] = []

    def cube_state(self, side: int) -> CubeState:
        return CubeState(
            value=self.cube,
            owner=sage_owner(self.owner, side),
            away=away_from_scores(self.scores, self.options.length, side),
            crawford=self.crawford,
            jacoby=self.options.jacoby and not self.taken,
            beavers=self.options.beavers,
        )

    def board_for(self, side: int) -> tuple[SageBoard, str]:
        position = self.position if side == self.on_roll else self.position.swapped()
        return sage_board(position), position.position_id()

    def add(self, player: int, kind: Kind, choice: Choice, view: int, **extra: object) -> None:
        board, position_id = self.board_for(view)
        self.decisions.append(
            Decision(
                len(self.decisions),
                self.game,
                player,
                kind,
                choice,
                board,
                self.cube_state(view),
                position_id,
                **extra,  # type: ignore[arg-type]
            )
        )

    def roll(self, player: int, dice: tuple[int, int], opening: bool) -> None:
        board, _ = self.board_for(player)
        self.rolls.append(RollPoint(self.game, player, dice, board, self.cube_state(player), opening))

    def event(self, event: ev.Event) -> None:
        match event:
            case ev.GameStarted(number=number, crawford=crawford):
                self.game, self.crawford = number, crawford
                self.position, self.cube, self.owner, self.taken = Position.initial(), 1, None, False
            case ev.AutomaticDouble(cube=cube):
                self.cube = cube
            case ev.OpeningRolled(deciding=dice, player=player):
                self.on_roll = player
                self.roll(player, dice, opening=True)
            case ev.Rolled(player=player, dice=dice, automatic=automatic):
                if not automatic:
                    self.add(player, Kind.DOUBLE, Choice.NO_DOUBLE, player)
                self.roll(player, dice, opening=False)
            case ev.Doubled(player=player):
                self.add(player, Kind.DOUBLE, Choice.DOUBLE, player)
            case ev.Taken(player=player, cube=cube):
                self.add(player, Kind.TAKE, Choice.TAKE, 1 - player)
                self.cube, self.owner, self.taken = cube, player, True
            case ev.Dropped(player=player):
                self.add(player, Kind.TAKE, Choice.DROP, 1 - player)
            case ev.Beavered(player=player):
                self.add(player, Kind.TAKE, Choice.BEAVER, 1 - player)
            case ev.BeaverAccepted(player=player, cube=cube):
                self.add(player, Kind.BEAVER, Choice.ACCEPT, player)
                self.cube, self.owner, self.taken = cube, 1 - player, True
            case ev.BeaverRefused(player=player):
                self.add(player, Kind.BEAVER, Choice.REFUSE, player)
            case ev.Played(player=player, dice=dice, play=play, automatic=automatic):
                after = self.position.apply(play)
                self.add(
                    player,
                    Kind.CHECKER,
                    Choice.PLAY,
                    player,
                    dice=dice,
                    play=play,
                    played_board=sage_board(after.swapped()),
                    forced=automatic,
                )
                self.position, self.on_roll = after, 1 - player
            case ev.GameWon(scores=scores):
                self.scores = scores
            case _:
                pass


def match_points(log: MatchLog) -> MatchPoints:
    """The decisions and rolls of a finished or running match, in order."""
    tracker = _Tracker(log)
    for event in match_events(log):
        tracker.event(event)
    return MatchPoints(tuple(tracker.decisions), tuple(tracker.rolls))


def decision_at(log: MatchLog, entry: int) -> Decision | None:
    """The decision the log's entry number `entry` (from 0) made, as the analysis would judge it: the tutor asks
    for one decision of a running match without replaying it twice. None when that entry decided nothing (a
    step entered, a roll the player could not double before, R9.4)."""
    dice = FixedDice([*log.start_dice, *(die for item in log.entries for die in item.dice)])
    match = Match.start(log.names, log.options, dice)
    tracker = _Tracker(log)
    for event in match.last_events:
        tracker.event(event)
    for index, item in enumerate(log.entries[: entry + 1]):
        before = len(tracker.decisions)
        match, events = match.apply(item.action, dice)
        for event in events:
            tracker.event(event)
        if index == entry:
            return tracker.decisions[before] if len(tracker.decisions) > before else None
    return None


def decision_now(log: MatchLog, kind: Kind, player: int, dice: tuple[int, int] = (0, 0)) -> Decision:
    """The decision of `kind` that `player` faces at the end of the log (a hint: nothing chosen yet), seen as the
    analysis sees it: the board at the start of the turn (steps entered and not confirmed left out)."""
    tracker = _Tracker(log)
    for event in match_events(log):
        tracker.event(event)
    view = player if kind in (Kind.CHECKER, Kind.DOUBLE, Kind.BEAVER) else 1 - player
    choice = Choice.PLAY if kind is Kind.CHECKER else Choice.NO_DOUBLE
    tracker.add(player, kind, choice, view, dice=dice)
    return tracker.decisions[-1]
