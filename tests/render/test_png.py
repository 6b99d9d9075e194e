"""The board's own PNG writer: what Pillow reads back is the picture given, palette and every index."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from render import board
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


def test_a_board_is_the_picture_pillow_would_have_written() -> None:
    """The boards' bytes decode to what Pillow's own PNG of the same picture decodes to, and the flat board
    compresses: a few tens of KB, not the 0.9 MB of its pixels."""
    example = palette_samples()[0]
    data = board(example.state, perspective=example.perspective, last_play=example.last_play, size=1000)
    ours = Image.open(io.BytesIO(data))
    ours.load()
    pillows = io.BytesIO()
    ours.save(pillows, format="PNG")
    again = Image.open(io.BytesIO(pillows.getvalue()))
    assert again.tobytes() == ours.tobytes() and again.getpalette() == ours.getpalette()
    assert len(data) < 100_000 < ours.width * ours.height


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
