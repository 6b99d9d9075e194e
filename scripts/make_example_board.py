#!/usr/bin/env python3
"""Draw the example board shown at the top of the README: docs/example-board.png.

The position is a legal one reached by real plays, checked here against the engine before it is drawn: a 7-point
match, Alice 2, Bob 4, the cube in the middle, a standard clock running. Alice opened with 3-1 (8/5 6/5), Bob
answered 3-1 the same way, Alice played 5-2 (24/22 13/8), and Bob's 5-4 (13/9 13/8) left a blot in her outfield.
Alice rolled 6-3 and has hit it (22/16*, her 3 still to play); Bob's checker waits on the bar.

Run `.venv/bin/python scripts/make_example_board.py` after a change to the picture, and commit the image.
"""

from __future__ import annotations

import dataclasses
import io
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import render  # noqa: E402
from bot.engine import Position, Step  # noqa: E402
from render.samples import Example, ids_state  # noqa: E402

OUTPUT = ROOT / "docs" / "example-board.png"

#: The game so far, Alice first: each roll and the play made, parsed by the engine, so every play is legal.
GAME = (((3, 1), "8/5 6/5"), ((3, 1), "8/5 6/5"), ((5, 2), "24/22 13/8"), ((5, 4), "13/9 13/8"))
DICE = (6, 3)
HIT = Step(22, 16, 6, hit=True)


def example() -> Example:
    """The README's board, reached from the starting position (R1.1) by legal plays only."""
    position, last_play = Position.initial(), None
    for dice, text in GAME:
        last_play = position.parse_play(text, dice)
        position = position.apply(last_play)
    if HIT not in position.next_steps(DICE, ()):
        raise SystemExit(f"{HIT} does not begin a legal play of {DICE[0]}-{DICE[1]} here")
    state = ids_state(
        position.after_steps((HIT,)),
        on_roll=0,
        names=("Alice", "Bob"),
        dice=DICE,
        used_dice=(HIT.die,),
        scores=(2, 4),
        match_length=7,
    )
    # A standard clock: 90 s a point of a 7-point match, some of it spent.
    state = dataclasses.replace(state, clocks=("8:41", "9:56"))
    return Example(state, perspective=0, last_play=last_play, partial_steps=(HIT,))


def main() -> None:
    board = example()
    png = render.board(
        board.state,
        perspective=board.perspective,
        last_play=board.last_play,
        partial_steps=board.partial_steps,
        theme="dark",
    )
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    Image.open(io.BytesIO(png)).save(OUTPUT, optimize=True)  # smaller file for the repository, same pixels
    print(f"wrote {OUTPUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
