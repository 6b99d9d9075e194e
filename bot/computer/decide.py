"""`choose_action(match, level)`: what the computer does when the match waits for it. Blocking and Discord-free.

One function for every decision a human takes, through the engine's own actions, so the service stores and
checks them like anyone's: the cube before the roll (R6.1), answers to a double and a beaver (R6.2, R6.4), the
checker play (always one of `match.legal_plays()`, R4), resigning a game it cannot win and answering a
resignation offer (R7.4). Equities come from bgsage at the level's depth (bot.computer.sage); a weaker level
blurs them with its noise before choosing.
"""

from __future__ import annotations

import logging
import random
import time
from typing import Literal

from bot.computer import sage
from bot.computer.board import SageBoard, away_from_scores, plays_by_result, sage_board, sage_owner
from bot.computer.levels import Level, level
from bot.computer.search import filtered_checker_play
from bot.engine.actions import (
    AcceptBeaver,
    AcceptResignation,
    Action,
    Beaver,
    DeclineResignation,
    Double,
    Drop,
    Move,
    RefuseBeaver,
    Resign,
    Roll,
    Take,
)
from bot.engine.dice import FixedDice
from bot.engine.game import Phase
from bot.engine.match import Match
from bot.engine.outcome import win_points
from bot.engine.play import OFF, Play
from bot.engine.position import Position, WinKind

log = logging.getLogger(__name__)

#: Below this chance the computer treats an outcome as impossible (resigning, R7.4). bgsage's bear-off
#: database gives exact figures; its net gives a few parts in 10,000 where nothing can happen.
CERTAIN = 0.001


class NothingToDoError(ValueError):
    """choose_action was called while the match does not wait for anyone (it is over)."""


def choose_action(
    match: Match, level_name: str, rng: random.Random | None = None, *, seconds: float | None = None
) -> Action:
    """The action of the player the match waits for, chosen at `level_name` (see bot.computer.levels).
    `seconds`: the time a deep checker search may take (bot.computer.search); None: as long as it needs.

    :raises NothingToDoError: when the match is over.
    :raises ValueError: for an unknown level.
    """
    chosen = level(level_name)
    me = match.to_act
    if me is None:
        raise NothingToDoError("The match is over: there is nothing to decide.")
    deadline = None if seconds is None else time.monotonic() + seconds
    return _Chooser(match, me, chosen, rng or random.Random(), deadline).action()


class _Chooser:
    def __init__(self, match: Match, me: int, chosen: Level, rng: random.Random, deadline: float | None = None) -> None:
        self.match = match
        self.me = me
        self.level = chosen
        self.rng = rng
        self.deadline = deadline  # time.monotonic() by which a deep checker search ends (None: no limit)

    def noise(self) -> float:
        """A checker play's error."""
        return self.rng.gauss(0.0, self.level.noise) if self.level.noise else 0.0

    def cube_noise(self) -> float:
        """A cube equity's error (bot.computer.levels: half a checker play's)."""
        return self.rng.gauss(0.0, self.level.cube_noise) if self.level.cube_noise else 0.0

    def cube_state(
        self, side: int, *, value: int | None = None, owner: int | Literal["now"] | None = "now"
    ) -> sage.CubeState:
        """The cube and score from `side`'s view (bgsage's CubeState)."""
        match = self.match
        holder = match.cube_owner if isinstance(owner, str) else owner  # the only string is "now"
        return sage.CubeState(
            value=match.cube if value is None else value,
            owner=sage_owner(holder, side),
            away=away_from_scores(match.scores, match.options.length, side),
            crawford=match.crawford,
            jacoby=match.game.rules.jacoby,
            beavers=match.game.rules.beavers,
        )

    # --- the phases -------------------------------------------------------------------------------------------

    def action(self) -> Action:
        phase = self.match.phase
        if phase is Phase.ROLLING:
            return self.before_roll()
        if phase is Phase.MOVING:
            return self.move()
        if phase is Phase.DOUBLED:
            return self.answer_double()
        if phase is Phase.BEAVERED:
            return self.answer_beaver()
        if phase is Phase.RESIGNING:
            return self.answer_resignation()
        raise NothingToDoError(f"The game waits for nothing ({phase.value}).")

    def before_roll(self) -> Action:
        """Double or roll (R6.1); resign first when the game is lost whatever happens (R7.4)."""
        board = sage_board(self.match.game.position)
        cube = self.cube_state(self.me)
        if Double in self.match.allowed(self.me) and sage.cube_is_live(cube):
            answer = sage.cube_action(self.level.plies, board, cube)
            resign = self.resignation(possible(self.match.game.position, answer.probs))
            if resign is not None:
                return resign
            if self.level.noise:
                double = (
                    min(answer.double_take, answer.double_pass) + self.cube_noise()
                    > answer.no_double + self.cube_noise()
                )
            else:
                double = answer.should_double
            return Double(self.me) if double else Roll(self.me)
        return Roll(self.me)

    def move(self) -> Action:
        """The best play by the level's (blurred) equities, always one of the engine's legal plays (R4)."""
        match = self.match
        position = match.game.position
        dice = match.dice
        assert dice is not None
        legal = plays_by_result(position, match.legal_plays())
        board, cube = sage_board(position), self.cube_state(self.me)
        if self.level.search:
            ranked = filtered_checker_play(self.level.search, board, dice, cube, self.deadline)
        else:
            ranked = sage.checker_play(self.level.plies, board, dice, cube)
        known = [move for move in ranked if move.board in legal]
        if len(known) != len(ranked) or not ranked:
            strange = [move.board for move in ranked if move.board not in legal]
            log.error(
                "bgsage's plays for %s with %s are not the engine's legal plays (%d unknown: %s); "
                "playing the best legal play by evaluation",
                position.position_id(),
                dice,
                len(strange),
                strange[:3],
            )
        if not known:
            return Move(self.me, self.best_by_evaluation(legal))
        if known[0] is not ranked[0]:
            log.error("bgsage's best play for %s with %s is not legal here", position.position_id(), dice)
        best = max(known, key=lambda move: move.equity + self.noise()) if self.level.noise else known[0]
        resign = self.resignation(possible(position, best.probs))
        if resign is not None:
            return resign
        return Move(self.me, legal[best.board])

    def best_by_evaluation(self, legal: dict[SageBoard, Play]) -> Play:
        """When bgsage's list cannot be used: each legal play's resulting board evaluated on its own."""
        cube = self.cube_state(self.me)
        scored = [(sage.after_move(1, board, cube)[0], index) for index, board in enumerate(legal)]
        best = max(scored)[1]
        return list(legal.values())[best]

    def answer_double(self) -> Action:
        """Take, drop or beaver (R6.2, R6.4), judged from the doubler's side as bgsage reports it."""
        match = self.match
        doubler = 1 - self.me
        answer = sage.cube_action(self.level.plies, sage_board(match.game.position), self.cube_state(doubler))
        noisy = answer.double_take + self.cube_noise() <= answer.double_pass
        take = noisy if self.level.noise else answer.should_take
        if not take:
            return Drop(self.me)
        if answer.beaver and Beaver in match.allowed(self.me):
            return Beaver(self.me)
        return Take(self.me)

    def answer_beaver(self) -> Action:
        """Play on at the beavered cube, owned by the other side, unless giving up the doubled cube costs less."""
        match = self.match
        offered = match.game.offered
        cube = self.cube_state(self.me, value=offered, owner=1 - self.me)
        answer = sage.cube_action(self.level.plies, sage_board(match.game.position), cube)
        # Playing on is worth no_double per unit of the beavered cube; refusing loses half of it (R6.4).
        return AcceptBeaver(self.me) if answer.no_double + self.cube_noise() >= -0.5 else RefuseBeaver(self.me)

    def answer_resignation(self) -> Action:
        """Accept when playing on gains nothing: the points offered are at least what playing on is worth."""
        match = self.match
        game = match.game
        assert game.resignation is not None
        kind = game.resignation[1]
        offered = game.resignation_points(kind)
        probs = self.chances()
        return (
            AcceptResignation(self.me) if offered >= self.expected_points(probs) - 1e-9 else DeclineResignation(self.me)
        )

    # --- resignations -------------------------------------------------------------------------------------------

    def chances(self) -> sage.Probabilities:
        """The computer's chances now (1-ply: a resignation needs a rough figure, or a certain one)."""
        game = self.match.game
        board = sage_board(game.position)
        roller = game.on_roll
        cube = self.cube_state(roller)
        ranked = sage.checker_play(1, board, game.dice, cube) if game.dice is not None else []
        # After the roller's best play (the mover's chances), else before the roll.
        probs = ranked[0].probs if ranked else sage.cube_action(1, board, cube).probs
        probs = possible(game.position, probs)
        return probs if roller == self.me else probs.inverted()

    def expected_points(self, probs: sage.Probabilities) -> float:
        """What playing on is worth to the computer in points, cubeless; in a match a win counts at most the
        points it still needs, and a loss at most what the opponent needs (R8.1)."""
        game = self.match.game
        cube = game.cube
        jacoby = game.jacoby_applies()
        length = self.match.options.length
        mine = length - self.match.scores[self.me] if length else None
        theirs = length - self.match.scores[1 - self.me] if length else None

        def points(kind: WinKind, cap: int | None) -> float:
            value = win_points(kind, cube, jacoby_applies=jacoby)
            return float(value if cap is None else min(value, cap))

        wins = (probs.win - probs.gammon_win, probs.gammon_win - probs.backgammon_win, probs.backgammon_win)
        losses = (1.0 - probs.win - probs.gammon_loss, probs.gammon_loss - probs.backgammon_loss, probs.backgammon_loss)
        total = 0.0
        for kind, won, lost in zip(WinKind, wins, losses, strict=True):
            total += won * points(kind, mine) - lost * points(kind, theirs)
        return total

    def resignation(self, probs: sage.Probabilities) -> Action | None:
        """Resign when the game cannot be won and how much it is lost by is certain (R7.4), unless the
        opponent already declined that offer in this game."""
        if probs.win > CERTAIN or Resign not in self.match.allowed(self.me):
            return None
        if probs.backgammon_loss > 1 - CERTAIN:
            kind = WinKind.BACKGAMMON
        elif probs.gammon_loss > 1 - CERTAIN and probs.backgammon_loss < CERTAIN:
            kind = WinKind.GAMMON
        elif probs.gammon_loss < CERTAIN:
            kind = WinKind.SINGLE
        else:
            return None
        if kind in declined_this_game(self.match, self.me):
            return None
        return Resign(self.me, kind)


def possible(position: Position, probs: sage.Probabilities) -> sage.Probabilities:
    """The chances of the side on roll with what cannot happen any more set to zero. The net is not exact at
    the ends of a game (it may give a backgammon that no roll can bring about), and resigning needs certainty:
    nobody is gammoned once a checker is off; without contact no checker goes back, so one that is out of the
    winner's home board (and off the bar) stays out of it, and there is no backgammon (R7.2)."""
    mine, theirs = position.mover, position.opponent
    contact = position.has_contact()
    win, gammon_win, backgammon_win, gammon_loss, backgammon_loss = (
        probs.win,
        probs.gammon_win,
        probs.backgammon_win,
        probs.gammon_loss,
        probs.backgammon_loss,
    )
    if theirs[OFF]:
        gammon_win = backgammon_win = 0.0
    if mine[OFF]:
        gammon_loss = backgammon_loss = 0.0
    if not contact and not any(theirs[point] for point in range(19, 26)):
        backgammon_win = 0.0
    if not contact and not any(mine[point] for point in range(19, 26)):
        backgammon_loss = 0.0
    return sage.Probabilities(win, gammon_win, backgammon_win, gammon_loss, backgammon_loss)


def declined_this_game(match: Match, player: int) -> set[WinKind]:
    """The resignations `player` offered in the current game that the opponent declined (read from the log)."""
    log_ = match.log
    dice = FixedDice([*log_.start_dice, *(value for entry in log_.entries for value in entry.dice)])
    replay = Match.start(log_.names, log_.options, dice)
    declined: set[WinKind] = set()
    offered: WinKind | None = None
    for entry in log_.entries:
        action = entry.action
        if isinstance(action, Resign) and action.player == player:
            offered = action.kind
        elif isinstance(action, DeclineResignation) and offered is not None:
            declined.add(offered)
            offered = None
        number = replay.game.number
        replay = replay.apply(action, dice).match
        if replay.game.number != number:
            declined.clear()
            offered = None
    return declined
