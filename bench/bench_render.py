"""How fast the board image is drawn, side by side with Pillow encoding the same final image (issue 5).

Boards 1000 px wide from a seeded random game played with the engine's legal plays, from the mid-game sample on
(a new position, pip counts and IDs in every round, as in a running bot whose caches are warm). Each round times,
one after the other, for the same board:
- render: `render.board(...)`, the whole job from state to PNG bytes;
- pillow_png_level_1: Pillow alone saving the finished picture (the indexed image it decodes to) as PNG at
  zlib's fastest level, what the renderer's own PNG writer (render/png.py, ISA-L's deflate) replaces;
- pillow_png_full_colour: Pillow alone saving the same finished picture in full colour with default settings,
  what a renderer that skips the palette would pay for encoding alone.
Targets: median render <= 1.5x pillow_png_level_1 and < 25 ms; PNG < 150 KB.

Then the bytes: the same finished pictures, 400 and 1000 px wide, encoded as render.board does (png_board) and
by the other encodings Pillow offers, one after the other on each board (the order turned every board, so that a
noisy machine weighs on all alike), with each encoding's bytes, CPU time (process time) and error against the
board's picture. Aim: a third of png_board's bytes with no visible error, in no more CPU than png_board.
Prints the tables and writes bench/results/render.json. Run: .venv/bin/python bench/bench_render.py [rounds]
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

from PIL import Image, ImageChops, ImageStat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import PIL  # noqa: E402

import render  # noqa: E402
from bot.engine import Play, Position  # noqa: E402
from render.palette import to_palette  # noqa: E402
from render.picture import DEFAULT_WIDTH  # noqa: E402
from render.png import palette_png  # noqa: E402
from render.samples import Example, ids_state, mid_game  # noqa: E402
from render.static import static_rgb  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "render.json"
TARGET_RATIO = 1.5
TARGET_MS = 25.0
TARGET_BYTES = 150_000
BOARD = "board"  # ENCODINGS' format for the renderer's own PNG writer


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


def draw(example: Example, size: int = DEFAULT_WIDTH) -> bytes:
    return render.board(
        example.state,
        perspective=example.perspective,
        last_play=example.last_play,
        partial_steps=example.partial_steps,
        size=size,
    )


#: name -> (colours, Pillow's save arguments, or the format BOARD: the renderer's own writer, render.png). Colours
#: None: the finished picture as it is (lossless); a number: the picture mapped first onto a palette of that many
#: colours fitted to sample boards (what a smaller palette would give; the mapping is not timed, as the renderer
#: maps its cached pieces once). Only PNG keeps the file a PNG (board.png in the bot, /m/<token>/<n>.png on the web
#: page); WebP and JPEG are measured as what a change of format would buy, the lossy ones at qualities where their
#: error is still small. JPEG has no palette: it (and every lossy encoding) is timed from the full-colour picture,
#: its conversion included, as the renderer would have to.
ENCODINGS: dict[str, tuple[int | None, dict[str, object]]] = {
    "png_board": (None, {"format": BOARD}),
    "pillow_png_level_1": (None, {"format": "PNG", "compress_level": 1}),
    "png_level_6": (None, {"format": "PNG", "compress_level": 6}),
    "png_optimize": (None, {"format": "PNG", "optimize": True}),
    "webp_lossless_m1": (None, {"format": "WEBP", "lossless": True, "method": 1, "quality": 10}),
    "webp_lossless_m4": (None, {"format": "WEBP", "lossless": True, "method": 4, "quality": 50}),
    "png_64_colours": (64, {"format": BOARD}),
    "png_16_colours": (16, {"format": "PNG", "compress_level": 1}),  # Pillow packs 16 colours 4 bits a pixel
    "webp_lossy_q90_m0": (None, {"format": "WEBP", "quality": 90, "method": 0}),
    "webp_lossy_q80_m0": (None, {"format": "WEBP", "quality": 80, "method": 0}),
    "jpeg_q90_444": (None, {"format": "JPEG", "quality": 90, "subsampling": 0}),
    "jpeg_q85_420": (None, {"format": "JPEG", "quality": 85}),
}


def encoded(picture: Image.Image, settings: dict[str, object]) -> tuple[bytes, float]:
    """The file and the CPU milliseconds (process time) of one encoding; a lossy one from the full-colour picture."""
    out = io.BytesIO()
    start = time.process_time()
    if settings["format"] == BOARD:
        out.write(palette_png(picture))
    else:
        source = picture.convert("RGB") if lossy(settings) else picture
        source.save(out, **settings)  # type: ignore[arg-type]
    return out.getvalue(), (time.process_time() - start) * 1000


def lossy(settings: dict[str, object]) -> bool:
    return settings["format"] == "JPEG" or (settings["format"] == "WEBP" and not settings.get("lossless"))


def fitted_palettes(size: int) -> dict[int, Image.Image]:
    """For each smaller palette of ENCODINGS, its colours fitted (median cut) to four boards of another game."""
    pictures = [Image.open(io.BytesIO(draw(example, size))).convert("RGB") for example in game_boards(4, seed=99)]
    sheet = Image.new("RGB", (pictures[0].width, sum(picture.height for picture in pictures)))
    for index, picture in enumerate(pictures):
        sheet.paste(picture, (0, index * picture.height))
    counts = {colours for colours, _ in ENCODINGS.values() if colours is not None}
    return {
        colours: sheet.quantize(colors=colours, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        for colours in counts
    }


def error(first: Image.Image, second: Image.Image) -> tuple[float, int]:
    """The worst channel's mean absolute error and the largest difference of any channel (0..255)."""
    difference = ImageChops.difference(first.convert("RGB"), second.convert("RGB"))
    return max(ImageStat.Stat(difference).mean), max(int(high) for _, high in difference.getextrema())  # type: ignore[misc]


def encodings_side_by_side(boards: list[Example], size: int) -> dict[str, dict[str, float]]:
    """Each encoding of the same finished pictures `size` px wide: bytes, CPU, and its error against the picture."""
    palettes = fitted_palettes(size)
    figures: dict[str, dict[str, list[float]]] = {
        name: {"bytes": [], "cpu": [], "mean": [], "max": []} for name in ENCODINGS
    }
    names = list(ENCODINGS)
    for index, example in enumerate(boards):
        picture = Image.open(io.BytesIO(draw(example, size)))
        picture.load()
        mapped = {
            colours: picture.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE)
            for colours, palette in palettes.items()
        }
        turn = index % len(names)
        for name in names[turn:] + names[:turn]:
            colours, settings = ENCODINGS[name]
            encoding = picture if colours is None else mapped[colours]
            data, ms = encoded(encoding, settings)
            mean, largest = error(Image.open(io.BytesIO(data)), picture)  # what a viewer is shown
            for key, value in (("bytes", len(data)), ("cpu", ms), ("mean", mean), ("max", largest)):
                figures[name][key].append(value)
    board = {key: statistics.median(figures["png_board"][key]) for key in ("bytes", "cpu")}
    return {
        name: {
            "bytes_median": statistics.median(values["bytes"]),
            "bytes_max": max(values["bytes"]),
            "bytes_to_board": statistics.median(values["bytes"]) / board["bytes"],
            "cpu_ms_median": statistics.median(values["cpu"]),
            "cpu_to_board": statistics.median(values["cpu"]) / board["cpu"],
            "error_mean_median": statistics.median(values["mean"]),
            "error_max": max(values["max"]),
        }
        for name, values in figures.items()
    }


def print_encodings(size: int, figures: dict[str, dict[str, float]], rounds: int) -> None:
    print(f"Encodings of the same pictures, {size} px wide, {rounds} boards (error against the picture, 0..255):")
    print(f"{'encoding':<20}{'median KB':>10}{'max KB':>8}{'x board':>9}{'CPU ms':>8}{'x board':>9}", end="")
    print(f"{'mean err':>9}{'max err':>8}")
    for name, row in figures.items():
        print(
            f"{name:<20}{row['bytes_median'] / 1000:>10.1f}{row['bytes_max'] / 1000:>8.1f}"
            f"{row['bytes_to_board']:>9.2f}{row['cpu_ms_median']:>8.2f}{row['cpu_to_board']:>9.2f}"
            f"{row['error_mean_median']:>9.2f}{row['error_max']:>8.0f}"
        )


def render_timings(boards: list[Example]) -> dict[str, object]:
    """The whole job (state to PNG) 1000 px wide against Pillow encoding the finished picture; prints a table."""
    samples: dict[str, list[float]] = {"render": [], "pillow_png_level_1": [], "pillow_png_full_colour": []}
    sizes: list[int] = []
    for index, example in enumerate(boards):
        start = time.perf_counter()
        png = draw(example)
        samples["render"].append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))
        final = Image.open(io.BytesIO(png))
        final.load()
        samples["pillow_png_level_1"].append(timed(final.save, io.BytesIO(), format="PNG", compress_level=1))
        if index % 4 == 0:  # the slow one, less often
            samples["pillow_png_full_colour"].append(timed(final.convert("RGB").save, io.BytesIO(), format="PNG"))
    medians = {name: statistics.median(values) for name, values in samples.items()}
    ratio = medians["render"] / medians["pillow_png_level_1"]
    ratio_full = medians["render"] / medians["pillow_png_full_colour"]
    size = int(statistics.median(sizes))
    print(
        f"Board image, {final.width}x{final.height}, median {size / 1000:.1f} KB (max {max(sizes) / 1000:.1f} KB), "
        f"{len(boards)} boards:"
    )
    print(f"{'measure':<28}{'median ms':>10}{'p90 ms':>10}")
    for name, values in samples.items():
        p90 = statistics.quantiles(values, n=10)[-1] if len(values) > 1 else values[0]
        print(f"{name:<28}{medians[name]:>10.2f}{p90:>10.2f}")
    print(f"render / pillow_png_level_1     = {ratio:.2f}x (target <= {TARGET_RATIO}x)")
    print(f"render / pillow_png_full_colour   = {ratio_full:.2f}x")
    print(
        f"render median {medians['render']:.2f} ms (target < {TARGET_MS} ms), "
        f"PNG median {size} bytes, largest {max(sizes)} (target < {TARGET_BYTES})"
    )
    return {
        "width": final.width,
        "height": final.height,
        "png_bytes_median": size,
        "png_bytes_max": max(sizes),
        "median_ms": medians,
        "ratio_to_pillow_png_level_1": ratio,
        "ratio_to_pillow_png_full_colour": ratio_full,
    }


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    boards = game_boards(rounds)
    for example in game_boards(300, seed=99):  # warm the caches (board, palette, patches) as a running bot has them
        draw(example)
        draw(example, 400)
    timings = render_timings(boards)
    encodings: dict[str, object] = {}
    for size in (400, DEFAULT_WIDTH):
        figures = encodings_side_by_side(boards, size)
        print_encodings(size, figures, rounds)
        static_bytes = len(encoded(to_palette(static_rgb(size, "dark"), "dark"), ENCODINGS["png_board"][1])[0])
        print(f"the static board alone (frame, points, numbers; no checker, no row) as png_board: {static_bytes} bytes")
        encodings[f"{size}px"] = {**figures, "static_board_bytes": static_bytes}
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(
        json.dumps(
            {
                "benchmark": "render.board, boards of a random game from the mid-game sample, 1000 px wide",
                "rounds": rounds,
                **timings,
                "targets": {"ratio": TARGET_RATIO, "median_ms": TARGET_MS, "png_bytes": TARGET_BYTES},
                "encodings_of_the_same_pictures": encodings,
                "machine": {"python": platform.python_version(), "pillow": PIL.__version__, "cpus": os.cpu_count()},
            },
            indent=2,
        )
        + "\n"
    )
    print(f"wrote {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
