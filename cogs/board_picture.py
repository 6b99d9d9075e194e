"""From a match to its picture: the renderer's input built from the engine's state, drawn off the event loop.

`board_state` is pure (the engine's match in, render.BoardState out); `draw_board` runs Pillow in a worker thread
so that a click on one board never stalls the others.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Sequence

import render
from bot.engine.events import Event, GameWon, Played
from bot.engine.match import Match
from bot.engine.play import Play

FILENAME = "board.png"


def board_state(match: Match) -> render.BoardState:
    """Exactly what the picture shows now: the board with this turn's steps applied, seen from the side on roll."""
    game = match.game
    on_roll = game.on_roll
    return render.BoardState(
        position=match.board(on_roll),
        on_roll=on_roll,
        names=match.names,
        cube_value=match.cube,
        cube_owner=match.cube_owner,
        dice=match.dice,
        used_dice=tuple(step.die for step in match.steps) if match.dice else (),
        scores=match.score_tuple,
        match_length=match.options.length,
        crawford=match.crawford,
        position_id=match.position_id(),
        match_id=match.match_id(),
    )


def perspective(match: Match, viewer: int | None = None) -> int:
    """Who is drawn at the bottom: the viewer if a player, else whoever acts next, else the player on roll."""
    if viewer in (0, 1):
        return viewer
    return match.to_act if match.to_act is not None else match.game.on_roll


def last_play(match: Match) -> Play | None:
    """The previous turn, drawn for the player not on roll (a play of the player on roll is this turn's steps)."""
    last = match.last_play
    if last is None or last.player == match.game.on_roll:
        return None
    return last.play


def render_match(match: Match, viewer: int | None = None) -> bytes:
    """The PNG of the match now (blocking: async code calls draw_board)."""
    return render.board(
        board_state(match), perspective=perspective(match, viewer), last_play=last_play(match),
        partial_steps=match.steps,
    )


async def draw_board(match: Match, viewer: int | None = None) -> bytes:
    """The PNG drawn in a worker thread, from immutable values read here on the loop (the match may change)."""
    state, bottom, last, steps = board_state(match), perspective(match, viewer), last_play(match), match.steps
    return await asyncio.to_thread(
        render.board, state, perspective=bottom, last_play=last, partial_steps=steps
    )


def final_state(before: Match, events: Sequence[Event]) -> render.BoardState:
    """The last board of a game that `events` ended, drawn from the match as it was just before: with the
    winning play made when a play ended it (a drop or a resignation leaves the board as it was)."""
    state = board_state(before)
    game = before.game
    for event in events:
        if isinstance(event, GameWon):
            break
        if isinstance(event, Played) and event.player == game.on_roll and event.play.steps:
            position = game.position.after_steps(event.play.steps)
            used = tuple(step.die for step in event.play.steps)
            return dataclasses.replace(state, position=position, used_dice=used, position_id=position.position_id())
    return state


async def draw_final_board(before: Match, events: Sequence[Event]) -> bytes:
    """The PNG of a finished game's last board, drawn in a worker thread."""
    state, bottom = final_state(before, events), perspective(before)
    return await asyncio.to_thread(render.board, state, perspective=bottom, last_play=last_play(before))
