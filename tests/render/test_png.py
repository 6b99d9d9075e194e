"""The board's own PNG writer: what Pillow reads back is the picture given, palette and every index."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from render import board
from render.palette import PALETTE_DIR
from render.png import SIGNATURE, palette_png
from render.samples import palette_samples


def _random_palette_picture(width: int, height: int, colours: int, seed: int) -> Image.Image:
    rng = random.Random(seed)
    picture = Image.frombytes("P", (width, height), bytes(rng.randrange(colours) for _ in range(width * height)))
    picture.putpalette(bytes(rng.randrange(256) for _ in range(3 * colours)))
    return picture


@pytest.mark.parametrize(("width", "height", "colours"), [(1, 1, 1), (7, 3, 5), (333, 41, 256), (1000, 9, 200)])
def test_pillow_reads_back_the_same_palette_and_indices(width: int, height: int, colours: int) -> None:
    picture = _random_palette_picture(width, height, colours, seed=width)
    data = palette_png(picture)
    assert data.startswith(SIGNATURE)
    checked = Image.open(io.BytesIO(data))
    checked.verify()  # every chunk's CRC
    read = Image.open(io.BytesIO(data))
    assert (read.format, read.mode, read.size) == ("PNG", "P", (width, height))
    assert read.tobytes() == picture.tobytes()
    assert read.getpalette() == picture.getpalette()


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_a_board_file_carries_its_themes_palette(theme: str) -> None:
    """A board's file is a valid palette PNG whose colours are the theme's stored palette, and the flat board
    compresses: a few tens of KB, not the 0.9 MB of its pixels."""
    example = palette_samples()[0]
    data = board(example.state, perspective=example.perspective, last_play=example.last_play, theme=theme)
    Image.open(io.BytesIO(data)).verify()
    read = Image.open(io.BytesIO(data))
    assert read.mode == "P" and read.getpalette() == list((PALETTE_DIR / f"{theme}.pal").read_bytes())
    assert len(data) < 100_000 < read.width * read.height


@pytest.mark.parametrize(
    "picture",
    [Image.new("RGB", (4, 4)), Image.new("L", (4, 4)), Image.new("P", (4, 4), 0)],
    ids=["full colour", "grey", "transparent"],
)
def test_only_an_opaque_palette_picture_is_written(picture: Image.Image) -> None:
    if picture.mode == "P":
        picture.info["transparency"] = 0
    with pytest.raises(ValueError, match="opaque palette picture"):
        palette_png(picture)
