"""The board picture's bytes and how close its palette PNG stays to the picture drawn in full colour, at the
phone's 400 px and the default 1000 px."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.engine import Play, Step
from render import BoardState, board
from render.palette import full_colour
from render.samples import palette_samples
from tests.render.imaging import CHANNEL_TOLERANCE, MAX_DIFFERING_SHARE, decode, differing_share, pixel_error

#: Bytes of the five sample boards together (render.samples.palette_samples, dark theme), 2% above what the palette
#: PNG gives, so that a change that makes every picture larger fails here while a new FreeType does not.
SAMPLE_BYTES_BOUND = {400: 91_000, 1000: 316_800}
#: The palette PNG against full colour: worst channel's mean absolute error (out of 255); measured 0.46-0.76 dark
#: and 1.43-1.66 light.
MEAN_ERROR_BOUND = 2.0


def _drawn(size: int, theme: str = "dark") -> list[tuple[bytes, Image.Image]]:
    """Each sample board as PNG bytes and as the full-colour picture it was mapped from."""
    pictures = []
    for example in palette_samples():
        drawing = (example.state, example.perspective, example.last_play, example.partial_steps, size, theme)
        pictures.append((board_png(*drawing), full_colour_of(*drawing)))
    return pictures


def board_png(state: BoardState, side: int, last: Play | None, steps: tuple[Step, ...], size: int, theme: str) -> bytes:
    return board(state, perspective=side, last_play=last, partial_steps=steps, size=size, theme=theme)


def full_colour_of(
    state: BoardState, side: int, last: Play | None, steps: tuple[Step, ...], size: int, theme: str
) -> Image.Image:
    return full_colour(state, perspective=side, last_play=last, partial_steps=steps, size=size, theme=theme)


@pytest.mark.parametrize("size", sorted(SAMPLE_BYTES_BOUND))
def test_sample_boards_stay_within_their_bytes(size: int) -> None:
    total = sum(len(png) for png, _ in _drawn(size))
    assert total <= SAMPLE_BYTES_BOUND[size], f"{size} px: {total} bytes"


@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("size", [400, 1000])
def test_the_png_shows_the_full_colour_picture_without_visible_loss(size: int, theme: str) -> None:
    for png, rgb in _drawn(size, theme):
        picture = decode(png)
        mean, _ = pixel_error(picture, rgb)
        assert mean <= MEAN_ERROR_BOUND, f"{size} px {theme}: mean error {mean:.2f}"
        assert differing_share(picture, rgb) <= MAX_DIFFERING_SHARE, f"{size} px {theme}: over {CHANNEL_TOLERANCE}"


def test_the_metric_sees_a_visible_loss() -> None:
    """A picture with four levels a channel (what a crude palette would give) fails the mean bound; a picture
    against itself has no error."""
    png, rgb = _drawn(1000)[0]
    crude = rgb.point(lambda value: value // 64 * 64 + 32)
    mean, largest = pixel_error(crude, rgb)
    assert mean > MEAN_ERROR_BOUND and largest >= 32
    assert pixel_error(Image.open(io.BytesIO(png)), Image.open(io.BytesIO(png))) == (0.0, 0)
