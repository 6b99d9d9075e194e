"""A match (or a money game) as a state machine over games: scores, Crawford, claims, aborts, the log (R8, R9.5).

`Match.apply(action)` is the one way to change a match: it checks who may act and when (raising
`ActionError`, with nothing changed), applies the action with every automatic consequence, records it in the
log with the dice it drew, and returns the events in order. `Match.replay(log)` rebuilds the same state.
"""

from __future__ import annotations

import copy
from typing import Any

from bot.engine.actions import Abort, Action, ActionError, Claim, Timeout
from bot.engine.dice import DiceExhaustedError, DiceSource, FixedDice, SecretDice
from bot.engine.errors import RefusalError
from bot.engine.events import Claimed, Event, GameStarted, GameWon, MatchAborted, MatchWon, TimedOut
from bot.engine.game import Game
from bot.engine.game_base import Dice, GameRules, LastPlay, Phase
from bot.engine.match_id import GameState, MatchIdFields
from bot.engine.match_log import LogEntry, MatchLog
from bot.engine.options import MatchOptions
from bot.engine.outcome import Outcome, OutcomeKind
from bot.engine.play import Play, Step
from bot.engine.position import Position
from bot.i18n.messages import N_

_SCORE_BITS = (1 << 15) - 1  # a Match ID holds 15 bits of each score; a huge cube's win can score more
#: Outcomes that end the whole match, whatever the score: the loser lost on time (R9.5).
_MATCH_ENDING = (OutcomeKind.CLAIMED, OutcomeKind.TIMEOUT)


class _Recorder:
    """Passes dice through from a source and remembers them for the log."""

    def __init__(self, source: DiceSource) -> None:
        self.source = source
        self.drawn: list[int] = []

    def roll_die(self) -> int:
        value = self.source.roll_die()
        self.drawn.append(value)
        return value


#: How many of the latest actions' events a match keeps (`recent_events`): enough for the last lines of a board.
RECENT_ACTIONS = 12


class Match:
    """A money game (length 0) or a match to 1..25 points between players 0 and 1."""

    def __init__(self, names: tuple[str, str], options: MatchOptions, dice: DiceSource | None = None) -> None:
        """Set up the match and make the first game's opening roll; its events are `last_events`."""
        if len(names) != 2 or not all(isinstance(name, str) and name.strip() for name in names):
            raise ValueError("A match needs two player names.")
        self.names = (names[0], names[1])
        self.options = options
        self.scores = [0, 0]
        self.outcomes: list[Outcome] = []  # finished games, in order
        self.crawford_done = False
        self.finished = False
        self.aborted = False
        self.winner: int | None = None
        self._source: DiceSource = dice if dice is not None else SecretDice()
        self._entries: list[LogEntry] = []
        recorder = _Recorder(self._source)
        self.game = self._new_game(crawford=False)
        #: The events of the latest actions (the opening first), oldest first: what a board says happened, the same
        #: for a match replayed from its log as for the one that played.
        self.recent_events: tuple[tuple[Event, ...], ...] = ((GameStarted(1, False), *self.game.start(recorder)),)
        self._start_dice = tuple(recorder.drawn)

    # --- changing the match ------------------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply one action; raises ActionError (state unchanged) when it is not allowed now."""
        return self._apply(action, self._source)

    def _apply(self, action: Action, source: DiceSource) -> list[Event]:
        if action.player not in (0, 1):
            raise ActionError(N_("Only the two players of this match can act in it."))
        if self.finished:
            raise ActionError(N_("The match is over."))
        recorder = _Recorder(source)
        if isinstance(action, Abort):
            events = self._abort(action.player)
        elif isinstance(action, Claim):
            events = self._claim(action.player)
        elif isinstance(action, Timeout):
            events = self._timeout(action.player)
        else:
            events = self.game.apply(action, recorder)
            if self.game.outcome is not None:
                events += self._game_over(self.game.outcome, recorder)
        self._entries.append(LogEntry(action, tuple(recorder.drawn)))
        self.recent_events = (*self.recent_events, tuple(events))[-RECENT_ACTIONS:]
        return events

    def _abort(self, player: int) -> list[Event]:
        self.game.abort()
        self.finished = True
        self.aborted = True
        return [MatchAborted(player)]

    def _claim(self, player: int) -> list[Event]:
        """R9.5: the claimant wins the match (in a money game, the game at the cube's value)."""
        waiting = self.game.to_act
        if waiting is None:
            raise ActionError(N_("There is nothing to claim: the game is over."))
        if waiting == player:
            raise ActionError(N_("It is your turn: you cannot claim against yourself."))
        points = self.game.cube if self.options.is_money else max(1, self.options.length - self.scores[player])
        outcome = Outcome(player, OutcomeKind.CLAIMED, points, self.game.cube)
        self.game.end(outcome)
        return [Claimed(player), *self._game_over(outcome, None)]

    def _timeout(self, player: int) -> list[Event]:
        """`player`'s clock ran out while they had to act; the opponent wins as by a claim (R9.5)."""
        if self.game.to_act != player:
            raise ActionError(N_("Only the player who must act can run out of time."))
        winner = 1 - player
        points = self.game.cube if self.options.is_money else max(1, self.options.length - self.scores[winner])
        outcome = Outcome(winner, OutcomeKind.TIMEOUT, points, self.game.cube)
        self.game.end(outcome)
        return [TimedOut(player), *self._game_over(outcome, None)]

    def _game_over(self, outcome: Outcome, source: DiceSource | None) -> list[Event]:
        """Score the game (R8.1), end the match or start the next game, Crawford or not (R8.3)."""
        self.scores[outcome.winner] += outcome.points
        self.outcomes.append(outcome)
        events: list[Event] = [GameWon(self.game.number, outcome, self.score_tuple, self.gnubg_id())]
        length = self.options.length
        if self.options.is_money or self.scores[outcome.winner] >= length or outcome.kind in _MATCH_ENDING:
            self.finished = True
            self.winner = outcome.winner
            events.append(MatchWon(outcome.winner, self.score_tuple))
            return events
        crawford = not self.crawford_done and length - 1 in self.scores
        self.crawford_done = self.crawford_done or crawford
        assert source is not None
        self.game = self._new_game(crawford)
        events.append(GameStarted(self.game.number, crawford))
        events += self.game.start(source)
        return events

    def _new_game(self, crawford: bool) -> Game:
        options = self.options
        rules = GameRules(
            jacoby=options.is_money and options.jacoby,
            beavers=options.is_money and options.beavers,
            automatic_double_limit=options.automatic_double_limit if options.automatic_doubles else 0,
            crawford=crawford,
            away=None
            if options.is_money or options.dead_cube_doubles
            else (options.length - self.scores[0], options.length - self.scores[1]),
        )
        return Game(len(self.outcomes) + 1, self.names, rules)

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        """A deep copy sharing what never changes (all frozen): the log's entries, the outcomes, the recent events, the
        options, and the game's rules, position, steps, last play and legal plays. Copied one by one, they made each
        copy (the service copies a match for every action) cost as much as the whole match so far."""
        clone = type(self).__new__(type(self))
        memo[id(self)] = clone
        memo[id(self._entries)] = list(self._entries)
        game = self.game
        frozen = (*self.outcomes, *game.legal_plays, self.options, game.rules, game.position, self.recent_events)
        for value in (*frozen, game.steps, game.last_play):
            memo.setdefault(id(value), value)
        for name, value in vars(self).items():
            setattr(clone, name, copy.deepcopy(value, memo))
        return clone

    # --- the log and replay ------------------------------------------------------------------------------------

    @property
    def last_events(self) -> list[Event]:
        """The events of the latest action (the opening's, before any)."""
        return list(self.recent_events[-1])

    @property
    def log(self) -> MatchLog:
        return MatchLog(self.names, self.options, self._start_dice, tuple(self._entries))

    @classmethod
    def replay(cls, log: MatchLog, dice: DiceSource | None = None) -> Match:
        """Rebuild a match from its log; later actions draw from `dice` (default: the CSPRNG).

        :raises ValueError: when the log does not describe a possible match (a bad action, dice missing or left).
        """

        def feed(values: tuple[int, ...]) -> FixedDice:
            return FixedDice(values)

        try:
            start = feed(log.start_dice)
            match = cls(log.names, log.options, start)
            if start.remaining:
                raise ValueError("The log has more opening dice than the opening roll used.")
            for number, entry in enumerate(log.entries, start=1):
                source = feed(entry.dice)
                match._apply(entry.action, source)
                if source.remaining:
                    raise ValueError(f"Action {number} of the log did not use all the dice recorded with it.")
        except (ActionError, DiceExhaustedError) as error:
            raise ValueError(f"The match log cannot be replayed: {error}") from error
        match._source = dice if dice is not None else SecretDice()
        return match

    # --- queries ---------------------------------------------------------------------------------------------

    @property
    def score_tuple(self) -> tuple[int, int]:
        return (self.scores[0], self.scores[1])

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

    # --- identifiers ---------------------------------------------------------------------------------------------

    def match_id_fields(self) -> MatchIdFields:
        """The current state as gnubg sees it (R10.2)."""
        game = self.game
        if game.outcome is not None:
            return self._finished_fields(game.outcome)
        state = GameState.OVER if game.phase is Phase.ABORTED else GameState.PLAYING
        cube, owner = game.cube, game.cube_owner
        if game.phase is Phase.BEAVERED:  # as gnubg records a beaver: the cube redoubled, owned by the beaverer
            cube, owner = game.offered // 2, 1 - game.on_roll
        resigned = int(game.resignation[1]) if game.resignation is not None else 0
        return MatchIdFields(
            cube=cube,
            cube_owner=owner,
            on_roll=game.on_roll,
            crawford=self.crawford,
            state=state,
            turn=game.to_act if game.to_act is not None else game.on_roll,
            doubled=game.phase in (Phase.DOUBLED, Phase.BEAVERED),
            resigned=resigned,
            dice=game.dice if game.dice and game.in_progress else (0, 0),
            length=self.options.length,
            scores=self.score_tuple,
            jacoby=self.options.is_money and self.options.jacoby,
        )

    def _finished_fields(self, outcome: Outcome) -> MatchIdFields:
        """A finished game as gnubg shows it once it reads the game's record (an imported .mat, a loaded match, any
        step through the record): the game added to the score, the Crawford flag of this game, the turn
        with the loser after a bear-off or a drop and with the player on roll after a resignation (gnubg records
        no offer), the dice of a resigned turn kept, and a refused beaver as the beavered cube owned by the
        beaverer. (Right after an `accept` typed into gnubg, until it reads the record again, gnubg shows the turn
        with the acceptor and the Crawford flag of the next game instead; tests/flow/test_final_ids.py.)"""
        game = self.game
        loser = 1 - outcome.winner
        borne_off = outcome.kind in (OutcomeKind.SINGLE, OutcomeKind.GAMMON, OutcomeKind.BACKGAMMON)
        state = {OutcomeKind.DROPPED: GameState.DROPPED, OutcomeKind.RESIGNED: GameState.RESIGNED}.get(
            outcome.kind, GameState.OVER
        )
        cube, owner = game.cube, game.cube_owner
        if outcome.kind is OutcomeKind.DROPPED and outcome.cube != game.cube:  # a refused beaver
            cube, owner = outcome.cube, outcome.winner
        resigned = outcome.kind is OutcomeKind.RESIGNED
        return MatchIdFields(
            cube=cube,
            cube_owner=owner,
            on_roll=loser if borne_off else game.on_roll,
            crawford=game.rules.crawford,
            state=state,
            turn=game.on_roll if resigned else loser,
            doubled=False,
            resigned=int(game.resigned_kind) if resigned and game.resigned_kind is not None else 0,
            dice=game.dice if resigned and game.dice else (0, 0),
            length=self.options.length,
            scores=(self.scores[0] & _SCORE_BITS, self.scores[1] & _SCORE_BITS),  # gnubg keeps 15 bits of each
            jacoby=self.options.is_money and self.options.jacoby,
        )

    def match_id(self) -> str:
        """The gnubg Match ID of the current state; a finished game shows what gnubg shows then."""
        return self.match_id_fields().encode()

    def position_id(self) -> str:
        """The gnubg Position ID of the current game, from the side of the player on roll (R10.2); after a
        bear-off, gnubg gives the turn to the loser, so the final position is seen from the loser's side."""
        outcome = self.game.outcome
        if outcome is not None and outcome.kind in (OutcomeKind.SINGLE, OutcomeKind.GAMMON, OutcomeKind.BACKGAMMON):
            return self.game.board_for(1 - outcome.winner).position_id()
        return self.game.position.position_id()

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
