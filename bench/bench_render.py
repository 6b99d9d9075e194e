"""How fast the board image is drawn, side by side with Pillow encoding the same final image (issue 5).

Boards 1000 px wide from a seeded random game played with the engine's legal plays, from the mid-game sample on
(a new position, pip counts and IDs in every round, as in a running bot whose caches are warm). Each round times,
one after the other, for the same board:
- render: `render.board(...)`, the whole job from state to PNG bytes;
- pillow_png_same_settings: Pillow alone saving the finished picture (the indexed image it decodes to) as PNG
  with the renderer's settings: the floor, since every PNG costs at least its encoding;
- pillow_png_full_colour: Pillow alone saving the same finished picture in full colour with default settings,
  what a renderer that skips the palette would pay for encoding alone.
Targets: median render <= 1.5x pillow_png_same_settings and < 25 ms; PNG < 150 KB.
Prints a table and writes bench/results/render.json. Run: .venv/bin/python bench/bench_render.py [rounds]
"""

from __future__ import annotations

import io
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import PIL  # noqa: E402

import render  # noqa: E402
from bot.engine import Play, Position  # noqa: E402
from render.picture import PNG_COMPRESS_LEVEL  # noqa: E402
from render.samples import Example, ids_state, mid_game  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "render.json"
TARGET_RATIO = 1.5
TARGET_MS = 25.0
TARGET_BYTES = 150_000


def timed(action: Callable[..., object], *args: object, **kwargs: object) -> float:
    start = time.perf_counter()
    action(*args, **kwargs)
    return (time.perf_counter() - start) * 1000


def game_boards(count: int, seed: int = 5) -> list[Example]:
    """`count` successive boards of a random game (restarted from the sample when one side wins)."""
    rng = random.Random(seed)
    start = mid_game()
    position, on_roll, names = start.state.position, start.state.on_roll, start.state.names
    boards: list[Example] = []
    last: Play | None = start.last_play
    while len(boards) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        state = ids_state(
            position, on_roll=on_roll, names=names, cube_value=2, cube_owner=0, dice=dice, scores=(2, 4), match_length=7
        )
        boards.append(Example(state, perspective=on_roll, last_play=last))
        last = rng.choice(position.legal_plays(dice))
        after: Position = position.apply(last)
        if after.winner_kind(winner_is_mover=False) is not None:
            after, last = start.state.position.swapped(), None
        position, on_roll = after, 1 - on_roll
    return boards


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    boards = game_boards(rounds)

    def draw(example: Example) -> bytes:
        return render.board(
            example.state,
            perspective=example.perspective,
            last_play=example.last_play,
            partial_steps=example.partial_steps,
        )

    for example in game_boards(300, seed=99):  # warm the caches (board, palette, patches) as a running bot has them
        draw(example)
    samples: dict[str, list[float]] = {"render": [], "pillow_png_same_settings": [], "pillow_png_full_colour": []}
    sizes: list[int] = []
    for index, example in enumerate(boards):
        start = time.perf_counter()
        png = draw(example)
        samples["render"].append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))
        final = Image.open(io.BytesIO(png))
        final.load()
        samples["pillow_png_same_settings"].append(
            timed(final.save, io.BytesIO(), format="PNG", compress_level=PNG_COMPRESS_LEVEL)
        )
        if index % 4 == 0:  # the slow one, less often
            samples["pillow_png_full_colour"].append(timed(final.convert("RGB").save, io.BytesIO(), format="PNG"))
    medians = {name: statistics.median(values) for name, values in samples.items()}
    ratio = medians["render"] / medians["pillow_png_same_settings"]
    ratio_full = medians["render"] / medians["pillow_png_full_colour"]
    size = int(statistics.median(sizes))
    print(
        f"Board image, {final.width}x{final.height}, median {size / 1000:.1f} KB (max {max(sizes) / 1000:.1f} KB), "
        f"{rounds} boards:"
    )
    print(f"{'measure':<28}{'median ms':>10}{'p90 ms':>10}")
    for name, values in samples.items():
        p90 = statistics.quantiles(values, n=10)[-1]
        print(f"{name:<28}{medians[name]:>10.2f}{p90:>10.2f}")
    print(f"render / pillow_png_same_settings = {ratio:.2f}x (target <= {TARGET_RATIO}x)")
    print(f"render / pillow_png_full_colour   = {ratio_full:.2f}x")
    print(
        f"render median {medians['render']:.2f} ms (target < {TARGET_MS} ms), "
        f"PNG median {size} bytes, largest {max(sizes)} (target < {TARGET_BYTES})"
    )
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(
        json.dumps(
            {
                "benchmark": "render.board, boards of a random game from the mid-game sample, 1000 px wide",
                "rounds": rounds,
                "width": final.width,
                "height": final.height,
                "png_bytes_median": size,
                "png_bytes_max": max(sizes),
                "median_ms": medians,
                "ratio_to_pillow_png_same_settings": ratio,
                "ratio_to_pillow_png_full_colour": ratio_full,
                "targets": {"ratio": TARGET_RATIO, "median_ms": TARGET_MS, "png_bytes": TARGET_BYTES},
                "machine": {"python": platform.python_version(), "pillow": PIL.__version__, "cpus": os.cpu_count()},
            },
            indent=2,
        )
        + "\n"
    )
    print(f"wrote {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
