"""A finished match as the pages step through it: its log replayed action by action into frames, each the board as
Discord would show it after one action (checker steps still being entered are skipped: a frame is a whole turn, a
roll or a cube action). Pure: the engine's log in, plain values out.

A play the engine made by itself (a forced play or no move, R9.3) is a step of its own, even when it came in the
same action as the play or roll before it: the position it was made from, its dice rolled, has a frame, whose
`pending` counts the action's automatic plays still to come (0 for a frame showing a whole action).

A game's last frame is its final board (the winning play made, nobody to act), as the Discord board shows it; the
next game's first frame follows. `actions` is how many log entries the frame's state has applied, so a test can
replay the same prefix and compare the Position ID.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import render
from bot.engine import events as ev
from bot.engine.dice import FixedDice
from bot.engine.match import Match
from bot.engine.match_id import GameState, MatchIdFields
from bot.engine.match_log import MatchLog
from bot.engine.play import Play, format_play
from bot.engine.position import Position
from render.match_state import board_state

#: The side drawn at the bottom of every public board (player 0, as cogs.ui.board_picture.PUBLIC_SIDE).
PUBLIC_SIDE = 0
_STEP_EVENTS = (ev.StepMoved, ev.StepUndone)


@dataclass(frozen=True, slots=True)
class Frame:
    """One position of the replay: what is drawn, what happened to reach it, and which decisions it holds."""

    index: int
    game: int
    actions: int  # log entries applied
    player: int | None  # who acted to reach it (None: the match's start)
    texts: tuple[str, ...]  # what happened, in order
    state: render.BoardState
    last_play: Play | None
    decisions: tuple[int, ...] = ()  # indices of the analysis's decisions made by this frame's action
    rolls: tuple[tuple[int, int, int], ...] = ()  # the rolls of this frame's action: (player, die, die), in order
    pending: int = 0  # automatic plays of the action still to come: this frame shows the position before one

    @property
    def pips(self) -> tuple[int, int]:
        """Both players' pip counts, player 0 first."""
        position, on_roll = self.state.position, self.state.on_roll
        mover, other = position.mover_pips, position.opponent_pips
        return (mover, other) if on_roll == 0 else (other, mover)

    @property
    def position_id(self) -> str:
        return self.state.position_id


def _last_play(match: Match) -> Play | None:
    last = match.last_play
    return None if last is None or last.player == match.game.on_roll else last.play


def _final_state(before: render.BoardState, turn_start: Position, events: list[ev.Event]) -> render.BoardState:
    """A game's last board from the state just before its last action (as cogs.ui.board_picture.final_state)."""
    state = dataclasses.replace(before, answering=None, offered_cube=0, game_over=True)
    won = next(event for event in events if isinstance(event, ev.GameWon))
    if won.gnubg_id:
        position_id, match_id = won.gnubg_id.split(":")
        state = dataclasses.replace(state, position_id=position_id, match_id=match_id)
    position, mover, last = turn_start, before.on_roll, None
    for event in events:  # every play up to the end, the forced ones the engine made in the same action included
        if isinstance(event, ev.GameWon):
            break
        if isinstance(event, ev.Played) and event.play.steps:
            if event.player != mover:
                position, mover = position.swapped(), event.player
            position, last = position.after_steps(event.play.steps), event
    if last is None:
        return state
    used = tuple(step.die for step in last.play.steps)
    return dataclasses.replace(state, position=position, on_roll=mover, dice=last.dice, used_dice=used)


@dataclass(frozen=True, slots=True)
class _Before:
    """The match just before an action: its board, the turn's starting position (no steps entered), the last
    play shown, gnubg's Match ID fields and the game's number."""

    state: render.BoardState
    turn_start: Position
    last: Play | None
    fields: MatchIdFields
    game: int


def _before_automatic(before: _Before, events: list[ev.Event]) -> list[tuple[int, render.BoardState, Play | None]]:
    """(index of the event, board, last play) for each automatic play of the action after its first event, before
    any game's end: the position it was made from, its dice rolled, as the board would have shown it."""
    found = []
    position, mover, last = before.turn_start, before.state.on_roll, before.last
    cube, owner = before.state.cube_value, before.state.cube_owner
    for index, event in enumerate(events):
        if isinstance(event, ev.GameWon):
            break
        if isinstance(event, ev.Taken):
            cube, owner = event.cube, event.player
        elif isinstance(event, ev.BeaverAccepted):
            cube, owner = event.cube, 1 - event.player
        if not isinstance(event, ev.Played):
            continue
        if event.player != mover:
            position, mover = position.swapped(), event.player
        if event.automatic and index > 0:
            fields = dataclasses.replace(
                before.fields, cube=cube, cube_owner=owner, on_roll=mover, turn=mover, doubled=False, resigned=0,
                dice=event.dice, state=GameState.PLAYING,
            )  # fmt: skip
            state = dataclasses.replace(
                before.state, position=position, on_roll=mover, cube_value=cube, cube_owner=owner, dice=event.dice,
                used_dice=(), position_id=position.position_id(), match_id=fields.encode(), answering=None,
                offered_cube=0, game_over=False,
            )  # fmt: skip
            found.append((index, state, last))
        position, last = position.after_steps(event.play.steps), event.play
    return found


def _winner_kind(event: ev.GameWon) -> str:
    kind = event.outcome.kind.value
    return {"dropped": "double dropped", "claimed": "claimed on time", "timeout": "out of time"}.get(kind, kind)


def event_text(event: ev.Event, names: tuple[str, str]) -> str | None:
    """One line for the move list; None for what the list leaves out (single checker steps, game starts)."""
    match event:
        case ev.OpeningRolled(rolls=rolls, player=player):
            dice = ", ".join(f"{a}-{b}" for a, b in rolls)
            return f"Opening roll {dice}: {names[player]} plays first"
        case ev.AutomaticDouble(cube=cube):
            return f"Automatic double: the cube is at {cube}"
        case ev.Rolled(player=player, dice=dice):
            return f"{names[player]} rolls {dice[0]}{dice[1]}"
        case ev.Played(player=player, dice=dice, play=play):
            made = format_play(play.steps) if play.steps else "cannot move"
            return f"{names[player]} {dice[0]}{dice[1]}: {made}"
        case ev.Doubled(player=player, cube=cube):
            return f"{names[player]} doubles to {cube}"
        case ev.Taken(player=player):
            return f"{names[player]} takes"
        case ev.Dropped(player=player):
            return f"{names[player]} drops"
        case ev.Beavered(player=player, cube=cube):
            return f"{names[player]} beavers to {cube}"
        case ev.BeaverAccepted(player=player):
            return f"{names[player]} accepts the beaver"
        case ev.BeaverRefused(player=player):
            return f"{names[player]} refuses the beaver"
        case ev.ResignationOffered(player=player, points=points):
            return f"{names[player]} offers to resign ({points} point{'s' if points != 1 else ''})"
        case ev.ResignationAccepted(player=player):
            return f"{names[player]} accepts the resignation"
        case ev.ResignationDeclined(player=player):
            return f"{names[player]} declines the resignation"
        case ev.Claimed(player=player):
            return f"{names[player]} claims the match: the opponent ran out of time"
        case ev.TimedOut(player=player):
            return f"{names[player]}'s clock ran out"
        case ev.GameWon(number=number, outcome=outcome, scores=scores):
            worth = f"{outcome.points} point{'s' if outcome.points != 1 else ''}"
            return (
                f"{names[outcome.winner]} wins game {number}, {worth} ({_winner_kind(event)}): {scores[0]}-{scores[1]}"
            )
        case ev.MatchWon(winner=winner):
            return f"{names[winner]} wins the match"
        case ev.MatchAborted():
            return "The match was stopped (its channel was deleted)"
    return None


def _decision_count(event: ev.Event) -> int:
    """How many analysed decisions an event is (bot.analysis.decisions counts them in the same order)."""
    match event:
        case ev.Rolled(automatic=automatic):
            return 0 if automatic else 1
        case ev.Doubled() | ev.Taken() | ev.Dropped() | ev.Beavered() | ev.BeaverAccepted() | ev.BeaverRefused():
            return 1
        case ev.Played():
            return 1
    return 0


def _rolls(events: list[ev.Event]) -> tuple[tuple[int, int, int], ...]:
    """The rolls among the events, as bot.analysis.decisions takes them for the luck (an opening roll's last)."""
    rolls: list[tuple[int, int, int]] = []
    for event in events:
        match event:
            case ev.OpeningRolled(deciding=dice, player=player):
                rolls.append((player, *dice))
            case ev.Rolled(player=player, dice=dice):
                rolls.append((player, dice[0], dice[1]))
    return tuple(rolls)


def _actor(events: list[ev.Event]) -> int | None:
    for event in events:
        player = getattr(event, "player", None)
        if isinstance(player, int):
            return player
    return None


class _Builder:
    """Collects the frames while the log is replayed; `match` is the match after the action being added."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.frames: list[Frame] = []
        self.decisions = 0

    def add(
        self,
        actions: int,
        events: list[ev.Event],
        state: render.BoardState,
        last: Play | None,
        pending: int = 0,
        game: int | None = None,
    ) -> None:
        """A frame; its game is the one `events` won, else `game`, else the match's game now."""
        names = self.match.names
        texts = tuple(text for text in (event_text(event, names) for event in events) if text)
        count = sum(_decision_count(event) for event in events)
        decided = tuple(range(self.decisions, self.decisions + count))
        self.decisions += count
        now = self.match.game.number if game is None else game
        game = next((e.number for e in events if isinstance(e, ev.GameWon)), now)
        actor = _actor(events)
        frame = Frame(len(self.frames), game, actions, actor, texts, state, last, decided, _rolls(events), pending)
        self.frames.append(frame)

    def add_action(self, number: int, before: _Before, events: list[ev.Event]) -> None:
        """The frames of log entry `number`: one before each automatic play after its first event, then the
        rest: the board after it, or a game's last board and the next game's first."""
        start = 0
        automatic = _before_automatic(before, events)
        for pending, (index, state, last) in zip(range(len(automatic), 0, -1), automatic, strict=True):
            self.add(number, events[start:index], state, last, pending, before.game)
            start = index
        match = self.match
        ended = next((i for i, event in enumerate(events) if isinstance(event, ev.GameWon)), None)
        if ended is None:
            self.add(number, events[start:], board_state(match), _last_play(match))
            return
        closing = ended + 1 + sum(1 for event in events[ended + 1 :] if isinstance(event, ev.MatchWon))
        last = automatic[-1][2] if automatic else before.last
        self.add(number, events[start:closing], _final_state(before.state, before.turn_start, events), last)
        if closing < len(events):
            self.add(number, events[closing:], board_state(match), _last_play(match))


def match_frames(log: MatchLog) -> list[Frame]:
    """Every frame of the match the log describes, from the first board to the last.

    :raises ValueError: when the log cannot be replayed.
    """
    dice = FixedDice([*log.start_dice, *(die for entry in log.entries for die in entry.dice)])
    match = Match.start(log.names, log.options, dice)
    builder = _Builder(match)
    builder.add(0, list(match.last_events), board_state(match), _last_play(match))
    for number, entry in enumerate(log.entries, start=1):
        game = match.game
        before = _Before(board_state(match), game.position, _last_play(match), match.match_id_fields(), game.number)
        try:
            match, events = match.apply(entry.action, dice)
        except ValueError as error:
            raise ValueError(f"Action {number} of the log cannot be replayed: {error}") from error
        builder.match = match
        if not all(isinstance(event, _STEP_EVENTS) for event in events):
            builder.add_action(number, before, events)
    return builder.frames
