"""GNU Backgammon (PyPI `gnubg`) as the reference for differential tests, and seeded random positions.

Known quirks of gnubg 1.1.0a16 handled here: `find_best_moves` cuts a move tuple at its first bear-off (an
odd-length tuple), so full move strings for those come from the `hint` command, whose output goes to the
process's file descriptor 1; `hint` hangs unless gnubg runs single-threaded (`set threads 1`).
"""

from __future__ import annotations

import os
import random
import re
import sys
import tempfile
from collections.abc import Iterator

import gnubg

from bot.engine import Position
from bot.engine.movegen import make_step

Result = tuple[tuple[int, ...], tuple[int, ...]]  # (mover, opponent) after a play, still from the mover's side
ROLLS = [(high, low) for high in range(1, 7) for low in range(1, high + 1)]
_HINT_LINE = re.compile(r"^\s*\d+\.\s+Cube\w+\s+\d+-ply\s+(.+?)\s+Eq\.:", re.MULTILINE)
_set_up = False


def board(position: Position) -> list[list[int]]:
    """gnubg's board: points 1..24 then the bar for each side, the player on roll second."""
    return [list(position.opponent[1:26]), list(position.mover[1:26])]


def result_of_moves(position: Position, moves: list[tuple[int, int]]) -> Result:
    """The board after (from, to) single-die moves, hits included, for gnubg's move tuples and our steps alike."""
    me = list(position.mover)
    opp = list(reversed(position.opponent))
    for start, end in moves:
        make_step(me, opp, start, end, end > 0 and opp[end] == 1)
    return tuple(me), tuple(reversed(opp))


def _commands(*commands: str) -> str:
    """Run gnubg commands and return what they print (gnubg writes to fd 1, not to sys.stdout)."""
    sys.stdout.flush()
    with tempfile.TemporaryFile() as sink:
        saved = os.dup(1)
        os.dup2(sink.fileno(), 1)
        try:
            for command in commands:
                gnubg.command(command)
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        sink.seek(0)
        return sink.read().decode()


def set_up() -> None:
    """Single-threaded (hint hangs otherwise), no cache, 0-ply, both sides entered by hand."""
    global _set_up
    if not _set_up:
        _commands(
            "set threads 1",
            "set cache 0",
            "set sound enable off",
            "set display off",
            "set player 0 human",
            "set player 1 human",
            "set evaluation chequerplay evaluation plies 0",
            "new game",
        )
        _set_up = True


def find_best_moves(position: Position, dice: tuple[int, int]) -> list[tuple[int, ...]]:
    """gnubg's move tuples, one per distinct result; `[]` when nothing can be played."""
    found = gnubg.find_best_moves(board(position), gnubg.cube_info(), gnubg.eval_context(0, 0, 1, 0, 0), dice)
    return [entry["move"] for entry in found]


def move_string(position: Position, move: tuple[int, ...]) -> str:
    return str(gnubg.move_tuple_to_string(move, board(position)))


def hint_strings(position: Position, dice: tuple[int, int]) -> list[str]:
    """Every play gnubg's `hint` lists, as its move strings (complete, bear-offs included)."""
    set_up()
    output = _commands(f"set board {position.position_id()}", f"set dice {dice[0]} {dice[1]}", "hint 10000")
    return _HINT_LINE.findall(output)


def random_positions(seed: int, count: int) -> Iterator[Position]:
    """Positions from seeded random games (uniformly random legal plays), games restarting when one ends."""
    rng = random.Random(seed)
    position = Position.initial()
    produced = 0
    while produced < count:
        yield position
        produced += 1
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        following = position.apply(rng.choice(position.legal_plays(dice)))
        position = Position.initial() if following.opponent[0] == 15 else following
