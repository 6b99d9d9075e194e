"""From a match to its picture: the renderer's input built from the engine's state, drawn off the event loop.

`board_state` is pure (the engine's match in, render.BoardState out); `draw_board` runs Pillow in a small pool of
worker processes, so that a click on one board never stalls the others. Processes rather than threads:
under load, drawing threads fought the event loop for the GIL, and each of the renderer's many Pillow calls waited
for its turn, so boards queued behind each other and the loop answered later.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import os
from collections.abc import Callable, Sequence

import render
from bot import allocator
from bot.engine.events import Event, GameWon, Played
from bot.engine.match import Match
from bot.engine.play import Play, Step
from bot.i18n import DEFAULT_LANGUAGE
from bot.processes import forkserver
from cogs.ui.board_words import with_words
from cogs.ui.drawing_processes import DrawingProcesses
from cogs.ui.drawing_queue import DrawingQueue, in_background
from render.match_state import board_state

FILENAME = "board.png"
_DRAWING_PROCESSES = max(1, (os.cpu_count() or 2) - 1)  # one core stays with the event loop
_processes: DrawingProcesses | None = None


def drawing_processes() -> DrawingProcesses:
    """The drawing processes (cogs/ui/drawing_processes.py), forked from the bot's forkserver (bot.processes)."""
    global _processes
    if _processes is None:
        _processes = DrawingProcesses(_DRAWING_PROCESSES, forkserver())
    return _processes


_queue: tuple[asyncio.AbstractEventLoop, DrawingQueue] | None = None


def _drawing_queue() -> DrawingQueue:
    """The event loop's queue in front of the drawing processes: one job for each and one more waiting."""
    global _queue
    loop = asyncio.get_running_loop()
    if _queue is None or _queue[0] is not loop:
        _queue = (loop, DrawingQueue(_DRAWING_PROCESSES + 1))
    return _queue[1]


async def _drawn(function: Callable[..., bytes], *args: object, **kwargs: object) -> bytes:
    call = functools.partial(function, *args, **kwargs)
    async with _drawing_queue().turn():  # a click's board before the computer's (cogs/ui/drawing_queue.py)
        picture: bytes = await drawing_processes().run(call)
        return picture


async def draw_picture(function: Callable[..., bytes], *args: object, **kwargs: object) -> bytes:
    """A picture posted by the bot on its own (an analysis's decisions, a daily position) drawn in the drawing
    processes after the boards clicks wait for: in the bot's own threads, the full-colour canvases of a few
    analyses posted at once held 44 MB at the bot's peak under load, and glibc kept that heap afterwards."""
    with in_background():
        return await _drawn(_draw_and_trim, function, *args, **kwargs)


def _draw_and_trim(function: Callable[..., bytes], *args: object, **kwargs: object) -> bytes:
    """In a drawing process: the picture, then the heap its full-colour canvases took given back (a board's
    patches are cached on the palette, so boards need no such trim)."""
    try:
        return function(*args, **kwargs)
    finally:
        allocator.trim()


#: The phases in which the player to act answers an offer rather than playing a turn (R6.2, R6.4, R7.4).
#: Who is drawn at the bottom of a picture that is not one player's own view: the challenger. Every public board
#: of a match is drawn from this one side, so that it does not turn over between turns.
PUBLIC_SIDE = 0


def perspective(match: Match, viewer: int | None = None) -> int:
    """Who is drawn at the bottom: the viewer when one of the two players asks for their own view (a private
    answer), otherwise always the challenger (player 0), whoever is to act: the state of `match` does not turn
    the board over."""
    return viewer if viewer in (0, 1) else PUBLIC_SIDE


def last_play(match: Match) -> Play | None:
    """The previous turn, drawn for the player not on roll (a play of the player on roll is this turn's steps)."""
    last = match.last_play
    if last is None or last.player == match.game.on_roll:
        return None
    return last.play


def render_match(match: Match, viewer: int | None = None) -> bytes:
    """The PNG of the match now, seen from `viewer`'s side (0 or 1) or, by default, the challenger's (blocking:
    async code calls draw_board)."""
    return render.board(
        board_state(match),
        perspective=perspective(match, viewer),
        last_play=last_play(match),
        partial_steps=match.steps,
    )


async def draw_board(
    match: Match, viewer: int | None = None, clocks: tuple[str, str] | None = None, language: str = DEFAULT_LANGUAGE
) -> bytes:
    """The PNG drawn in a worker process, from immutable values read here on the loop (the match may change).

    `viewer` (0 or 1) draws the board from that player's side, for an answer only that player sees (a private
    `/bg board`); None, for every public message, draws it from the challenger's side (player 0). Its words are in
    the reader's `language`."""
    state, bottom, last = with_words(board_state(match, clocks), language), perspective(match, viewer), last_play(match)
    steps = match.steps
    return await _drawn(render.board, state, perspective=bottom, last_play=last, partial_steps=steps)


def final_state(before: Match, events: Sequence[Event]) -> render.BoardState:
    """The last board of a game that `events` ended, drawn from the match as it was just before: with the
    winning play made and its dice when a play ended it (a play made for the player after their roll, R9.3, has
    dice the match before did not), a drop or a resignation leaving the board as it was, nobody to act, no cube on
    offer, and the result written across it with the scores after the game."""
    state = dataclasses.replace(board_state(before), answering=None, offered_cube=0, game_over=True)
    won = next((event for event in events if isinstance(event, GameWon)), None)
    if won is not None:
        state = dataclasses.replace(state, result=won.outcome, scores=won.scores)
    if won is not None and won.gnubg_id:  # the finished game's IDs, as gnubg shows them
        position_id, match_id = won.gnubg_id.split(":")
        state = dataclasses.replace(state, position_id=position_id, match_id=match_id)
    played = winning_play(before, events)
    if played is None:
        return state
    steps = played.play.steps
    position = before.game.position.after_steps(steps)
    return dataclasses.replace(state, position=position, dice=played.dice, used_dice=tuple(step.die for step in steps))


def winning_play(before: Match, events: Sequence[Event]) -> Played | None:
    """The play that ended the game, when a play ended it."""
    for event in events:
        if isinstance(event, GameWon):
            break
        if isinstance(event, Played) and event.player == before.game.on_roll and event.play.steps:
            return event
    return None


def winning_steps(before: Match, events: Sequence[Event]) -> tuple[Step, ...]:
    """The steps of the play that ended the game, when a play ended it (marked on the final board)."""
    played = winning_play(before, events)
    return () if played is None else played.play.steps


async def draw_final_board(
    before: Match, events: Sequence[Event], viewer: int | None = None, language: str = DEFAULT_LANGUAGE
) -> bytes:
    """The PNG of a finished game's last board, drawn in a worker process (sides and words as in `draw_board`)."""
    state, bottom = with_words(final_state(before, events), language), perspective(before, viewer)
    steps = winning_steps(before, events)
    last = None if steps else last_play(before)  # the winning play is marked; else the opponent's last one
    return await _drawn(render.board, state, perspective=bottom, last_play=last, partial_steps=steps)


async def start_drawing() -> None:
    """Start the drawing processes and build their static boards now, at start-up, so that the first board a
    player sees after a start is as quick as the others (building them takes about a second)."""
    processes = drawing_processes()
    await asyncio.gather(*(processes.run(_warm_up) for _ in range(processes.count)))


def _warm_up() -> None:
    """In a drawing process: build the static boards, then give back the heap that drawing them took (each is
    drawn three times larger and shrunk: 33 MB that glibc would otherwise keep for good)."""
    render.warm_up()
    allocator.trim()
