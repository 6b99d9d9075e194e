"""GNU Backgammon Position IDs (R10.2), byte-compatible with gnubg itself.

The 80-bit key lists, for each side, its checkers on points 1..24 and the bar as runs of 1-bits, each run
ended by a 0-bit; bits are packed least significant first into 10 bytes, then written as 14 base64
characters. gnubg's code writes the player NOT on roll first and the player on roll second (its manual
says the opposite; the code is what gnubg prints and reads).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Sequence

from bot.engine.errors import InvalidPositionIdError

CHECKERS = 15
ID_PATTERN = re.compile(r"[A-Za-z0-9+/]{14}")


def encode(mover: Sequence[int], opponent: Sequence[int]) -> str:
    """The Position ID of a board given as two 26-int sides (0 = off, 1..24 points, 25 = bar)."""
    bits = 0
    length = 0
    for side in (opponent, mover):
        for point in range(1, 26):
            count = side[point]
            bits |= ((1 << count) - 1) << length
            length += count + 1
    return base64.b64encode(bits.to_bytes(10, "little")).decode("ascii")[:14]


def decode(position_id: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The (mover, opponent) sides of a Position ID; raises InvalidPositionIdError for a bad or impossible one."""
    text = position_id.strip()
    if not ID_PATTERN.fullmatch(text):
        raise InvalidPositionIdError(
            f"{position_id!r} is not a Position ID: it should be 14 letters, digits, '+' or '/', like 4HPwATDgc/ABMA"
        )
    try:
        raw = base64.b64decode(text + "==", validate=True)
    except binascii.Error as error:  # pragma: no cover - the pattern above already rules this out
        raise InvalidPositionIdError(f"{position_id!r} is not a Position ID") from error
    bits = int.from_bytes(raw[:10], "little")
    sides: list[tuple[int, ...]] = []
    position = 0
    for name in ("player not on roll", "player on roll"):
        counts = [0] * 26
        for point in range(1, 26):
            while bits >> position & 1:
                counts[point] += 1
                position += 1
                if position >= 80:
                    raise InvalidPositionIdError(f"Position ID {text} does not describe a board: it runs past its end")
            position += 1
        on_board = sum(counts)
        if on_board > CHECKERS:
            raise InvalidPositionIdError(f"Position ID {text} gives the {name} {on_board} checkers; 15 is the most")
        counts[0] = CHECKERS - on_board
        sides.append(tuple(counts))
    if position > 80 or bits >> position:
        raise InvalidPositionIdError(f"Position ID {text} does not describe a board: it has stray bits at its end")
    opponent, mover = sides
    for point in range(1, 25):
        if mover[point] and opponent[25 - point]:
            raise InvalidPositionIdError(
                f"Position ID {text} puts both players' checkers on the same point (the roller's {point}-point)"
            )
    return mover, opponent
