"""A match (or a money game) as a frozen value over games: scores, Crawford, claims, aborts, the log (R8, R9.5).

`match.apply(action, dice)` is the one way to go on: it checks who may act and when (raising `ActionError`),
applies the action with every automatic consequence, drawing from `dice` the rolls it needs, records it in the
log with the dice it drew, and returns the next match and the events in order (`Applied`). The match given stays
as it was, so a caller may hand it out and keep it. `Match.replay(log)` rebuilds the same state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from bot.engine import gnubg_ids
from bot.engine.actions import Abort, Action, ActionError, Claim, Timeout
from bot.engine.dice import DiceExhaustedError, DiceSource, FixedDice
from bot.engine.errors import RefusalError
from bot.engine.events import Claimed, Event, GameStarted, GameWon, MatchAborted, MatchWon, TimedOut
from bot.engine.game import Dice, Game, GameRules, LastPlay, Phase
from bot.engine.game_flow import abort_game, apply_to_game, end_game, start_game
from bot.engine.match_id import MatchIdFields
from bot.engine.match_log import LogEntry, MatchLog
from bot.engine.options import MatchOptions
from bot.engine.outcome import Outcome, OutcomeKind
from bot.engine.play import Play, Step
from bot.engine.position import Position
from bot.i18n.messages import N_

#: Outcomes that end the whole match, whatever the score: the loser lost on time (R9.5).
_MATCH_ENDING = (OutcomeKind.CLAIMED, OutcomeKind.TIMEOUT)
#: How many of the latest actions' events a match keeps (`recent_events`): enough for the last lines of a board.
RECENT_ACTIONS = 12


class _Recorder:
    """Passes dice through from a source and remembers them for the log, while one action is applied."""

    def __init__(self, source: DiceSource) -> None:
        self.source = source
        self.drawn: list[int] = []

    def roll_die(self) -> int:
        value = self.source.roll_die()
        self.drawn.append(value)
        return value


class Applied(NamedTuple):
    """What an action gives: the match after it, and its events in order (a new list, the caller's own)."""

    match: Match
    events: list[Event]


@dataclass(frozen=True, slots=True)
class Match:
    """A money game (length 0) or a match to 1..25 points between players 0 and 1. `Match.start` begins one."""

    names: tuple[str, str]
    options: MatchOptions
    game: Game
    start_dice: tuple[int, ...]  # the first game's opening roll, for the log
    #: The events of the latest actions (the opening first), oldest first: what a board says happened, the same
    #: for a match replayed from its log as for the one that played.
    recent_events: tuple[tuple[Event, ...], ...]
    entries: tuple[LogEntry, ...] = ()  # every action so far with the dice it drew: the log
    scores: tuple[int, int] = (0, 0)
    outcomes: tuple[Outcome, ...] = ()  # finished games, in order
    crawford_done: bool = False
    finished: bool = False
    aborted: bool = False
    winner: int | None = None

    @classmethod
    def start(cls, names: tuple[str, str], options: MatchOptions, dice: DiceSource) -> Match:
        """A new match with the first game's opening roll made from `dice`; its events are `last_events`."""
        if len(names) != 2 or not all(isinstance(name, str) and name.strip() for name in names):
            raise ValueError("A match needs two player names.")
        pair = (names[0], names[1])
        recorder = _Recorder(dice)
        game, events = start_game(_new_game(1, pair, options, (0, 0), crawford=False), recorder)
        return cls(pair, options, game, tuple(recorder.drawn), ((GameStarted(1, False), *events),))

    # --- going on ------------------------------------------------------------------------------------------------

    def apply(self, action: Action, dice: DiceSource) -> Applied:
        """The match after one action, drawing the rolls it needs from `dice`; raises ActionError when it is not
        allowed now."""
        if action.player not in (0, 1):
            raise ActionError(N_("Only the two players of this match can act in it."))
        if self.finished:
            raise ActionError(N_("The match is over."))
        recorder = _Recorder(dice)
        if isinstance(action, Abort):
            match, events = self._abort(action.player)
        elif isinstance(action, Claim):
            match, events = self._claim(action.player)
        elif isinstance(action, Timeout):
            match, events = self._timeout(action.player)
        else:
            game, events = apply_to_game(self.game, action, recorder)
            match = replace(self, game=game)
            if game.outcome is not None:
                match, more = match._game_over(game.outcome, recorder)
                events += more
        match = replace(
            match,
            entries=(*self.entries, LogEntry(action, tuple(recorder.drawn))),
            recent_events=(*self.recent_events, tuple(events))[-RECENT_ACTIONS:],
        )
        return Applied(match, events)

    def _abort(self, player: int) -> tuple[Match, list[Event]]:
        return replace(self, game=abort_game(self.game), finished=True, aborted=True), [MatchAborted(player)]

    def _claim(self, player: int) -> tuple[Match, list[Event]]:
        """R9.5: the claimant wins the match (in a money game, the game at the cube's value)."""
        waiting = self.game.to_act
        if waiting is None:
            raise ActionError(N_("There is nothing to claim: the game is over."))
        if waiting == player:
            raise ActionError(N_("It is your turn: you cannot claim against yourself."))
        return self._won_on_time(player, OutcomeKind.CLAIMED, Claimed(player))

    def _timeout(self, player: int) -> tuple[Match, list[Event]]:
        """`player`'s clock ran out while they had to act; the opponent wins as by a claim (R9.5)."""
        if self.game.to_act != player:
            raise ActionError(N_("Only the player who must act can run out of time."))
        return self._won_on_time(1 - player, OutcomeKind.TIMEOUT, TimedOut(player))

    def _won_on_time(self, winner: int, kind: OutcomeKind, event: Event) -> tuple[Match, list[Event]]:
        """`winner` wins the match by the points it still needs (a money game: the game at the cube's value)."""
        cube = self.game.cube
        points = cube if self.options.is_money else max(1, self.options.length - self.scores[winner])
        outcome = Outcome(winner, kind, points, cube)
        match, events = replace(self, game=end_game(self.game, outcome))._game_over(outcome, None)
        return match, [event, *events]

    def _game_over(self, outcome: Outcome, source: DiceSource | None) -> tuple[Match, list[Event]]:
        """Score the game (R8.1), end the match or start the next game, Crawford or not (R8.3)."""
        scores = list(self.scores)
        scores[outcome.winner] += outcome.points
        match = replace(self, scores=(scores[0], scores[1]), outcomes=(*self.outcomes, outcome))
        events: list[Event] = [GameWon(self.game.number, outcome, match.scores, match.gnubg_id())]
        length = self.options.length
        if self.options.is_money or match.scores[outcome.winner] >= length or outcome.kind in _MATCH_ENDING:
            events.append(MatchWon(outcome.winner, match.scores))
            return replace(match, finished=True, winner=outcome.winner), events
        crawford = not self.crawford_done and length - 1 in match.scores
        assert source is not None
        game = _new_game(len(match.outcomes) + 1, self.names, self.options, match.scores, crawford)
        game, opening = start_game(game, source)
        events += [GameStarted(game.number, crawford), *opening]
        return replace(match, game=game, crawford_done=self.crawford_done or crawford), events

    # --- the log and replay ------------------------------------------------------------------------------------

    @property
    def last_events(self) -> list[Event]:
        """The events of the latest action (the opening's, before any)."""
        return list(self.recent_events[-1])

    @property
    def log(self) -> MatchLog:
        return MatchLog(self.names, self.options, self.start_dice, self.entries)

    @property
    def dice_drawn(self) -> int:
        """How many dice the match has used: a source that goes on from the log's dice starts after these."""
        return len(self.start_dice) + sum(len(entry.dice) for entry in self.entries)

    @classmethod
    def replay(cls, log: MatchLog) -> Match:
        """Rebuild a match from its log, with the dice it recorded.

        :raises ValueError: when the log does not describe a possible match (a bad action, dice missing or left).
        """
        try:
            start = FixedDice(log.start_dice)
            match = cls.start(log.names, log.options, start)
            if start.remaining:
                raise ValueError("The log has more opening dice than the opening roll used.")
            for number, entry in enumerate(log.entries, start=1):
                source = FixedDice(entry.dice)
                match = match.apply(entry.action, source).match
                if source.remaining:
                    raise ValueError(f"Action {number} of the log did not use all the dice recorded with it.")
        except (ActionError, DiceExhaustedError) as error:
            raise ValueError(f"The match log cannot be replayed: {error}") from error
        return match

    # --- queries ---------------------------------------------------------------------------------------------

    @property
    def score_tuple(self) -> tuple[int, int]:
        return self.scores

    @property
    def phase(self) -> Phase:
        return self.game.phase

    @property
    def to_act(self) -> int | None:
        """Which player must act next (None when the match is over)."""
        return None if self.finished else self.game.to_act

    def allowed(self, player: int) -> frozenset[type[Action]]:
        """The action types `player` may take now: e.g. `Double in match.allowed(0)`."""
        if self.finished or player not in (0, 1):
            return frozenset()
        allowed = set(self.game.allowed(player)) | {Abort}
        if self.game.to_act not in (None, player):
            allowed.add(Claim)
        elif self.game.to_act == player:
            allowed.add(Timeout)  # the service stores it when the player's match clock runs out
        return frozenset(allowed)

    @property
    def crawford(self) -> bool:
        """Whether the current game is the Crawford game (no doubling, R8.3)."""
        return self.game.rules.crawford

    @property
    def dice(self) -> Dice | None:
        return self.game.dice

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.game.steps

    @property
    def cube(self) -> int:
        return self.game.cube

    @property
    def cube_owner(self) -> int | None:
        return self.game.cube_owner

    @property
    def last_play(self) -> LastPlay | None:
        return self.game.last_play

    def board(self, player: int) -> Position:
        """The current board (with the steps entered so far) from `player`'s side."""
        return self.game.board_for(player)

    def legal_plays(self) -> list[Play]:
        return self.game.legal_plays

    def next_steps(self) -> list[Step]:
        return self.game.next_steps()

    def parse_play(self, text: str) -> Play:
        """A typed play for the player on roll, checked against the dice (R10.1); raises ActionError."""
        if self.game.phase is not Phase.MOVING or self.game.dice is None:
            raise ActionError(N_("There is no roll to play now."))
        try:
            return self.game.position.parse_play(text, self.game.dice)
        except RefusalError as error:  # the play's text cannot be read, or the rules forbid it
            raise ActionError(error.template, **error.params) from error
        except ValueError as error:
            raise ActionError(str(error)) from error

    # --- identifiers (R10.2) -------------------------------------------------------------------------------------

    def match_id_fields(self) -> MatchIdFields:
        """The current state as gnubg sees it; a finished game shows what gnubg shows then."""
        return gnubg_ids.match_id_fields(self.game, self.options, self.scores)

    def match_id(self) -> str:
        """The gnubg Match ID of the current state; a finished game shows what gnubg shows then."""
        return self.match_id_fields().encode()

    def position_id(self) -> str:
        """The gnubg Position ID of the current game (after a bear-off, from the loser's side, as gnubg has it)."""
        return gnubg_ids.position_id(self.game)

    def gnubg_id(self) -> str:
        """`PositionID:MatchID`, the form gnubg's `set gnubgid` command and its paste box accept."""
        return f"{self.position_id()}:{self.match_id()}"

    # --- state as data -------------------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-ready data; a replayed match has an equal snapshot."""
        return {
            "names": list(self.names),
            "options": self.options.to_dict(),
            "scores": list(self.scores),
            "outcomes": [outcome.to_dict() for outcome in self.outcomes],
            "crawford_done": self.crawford_done,
            "finished": self.finished,
            "aborted": self.aborted,
            "winner": self.winner,
            "game": self.game.snapshot(),
        }


def _new_game(
    number: int, names: tuple[str, str], options: MatchOptions, scores: tuple[int, int], crawford: bool
) -> Game:
    """Game `number` before its opening roll, with the rules the match's options and scores give it."""
    rules = GameRules(
        jacoby=options.is_money and options.jacoby,
        beavers=options.is_money and options.beavers,
        automatic_double_limit=options.automatic_double_limit if options.automatic_doubles else 0,
        crawford=crawford,
        away=None
        if options.is_money or options.dead_cube_doubles
        else (options.length - scores[0], options.length - scores[1]),
    )
    return Game(number, names, rules)
