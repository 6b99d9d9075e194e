#!/usr/bin/env python3
"""Redraw the renderer's golden images on purpose, after a deliberate change to the picture.

Run `.venv/bin/python scripts/regenerate_goldens.py`, look at every image in tests/render/golden/, and commit them
with the themes' palettes it fits first (render/palettes/: the boards are drawn in them).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from render.palette import PALETTE_DIR, fitted_palette  # noqa: E402
from render.theme import THEMES  # noqa: E402
from tests.render.cases import GOLDEN_CASES, GOLDEN_DIR  # noqa: E402


def main() -> None:
    PALETTE_DIR.mkdir(exist_ok=True)
    for theme in THEMES:
        path = PALETTE_DIR / f"{theme}.pal"
        path.write_bytes(fitted_palette(theme))
        print(f"wrote {path.relative_to(ROOT)}")
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for name, case in GOLDEN_CASES.items():
        path = GOLDEN_DIR / f"{name}.png"
        # Stored at maximum compression to keep the repository small; the test compares pixels, not bytes.
        Image.open(io.BytesIO(case.render())).save(path, optimize=True)
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
