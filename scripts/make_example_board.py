#!/usr/bin/env python3
"""Draw the example board shown at the top of the README: docs/example-board.png (render.samples.mid_game).

Run `.venv/bin/python scripts/make_example_board.py` after a change to the picture, and commit the image.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import render  # noqa: E402
from render.samples import mid_game  # noqa: E402

OUTPUT = ROOT / "docs" / "example-board.png"


def main() -> None:
    example = mid_game()
    png = render.board(
        example.state,
        perspective=example.perspective,
        last_play=example.last_play,
        partial_steps=example.partial_steps,
        theme="dark",
    )
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    Image.open(io.BytesIO(png)).save(OUTPUT, optimize=True)  # smaller file for the repository, same pixels
    print(f"wrote {OUTPUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
