"""The rating-history chart: a PNG of the right size whose line goes where the ratings go."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.chart import HEIGHT, WIDTH, nice_step, rating_chart

_BLURPLE = (88, 101, 242)


def _open(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def _line_rows(image: Image.Image, x: int) -> list[int]:
    """Rows of column x drawn in (nearly) the line colour."""
    column = [image.getpixel((x, y)) for y in range(HEIGHT)]
    return [y for y, pixel in enumerate(column) if isinstance(pixel, tuple) and _near(pixel, _BLURPLE)]


def _near(pixel: tuple[float, ...], colour: tuple[int, int, int]) -> bool:
    return sum(abs(a - b) for a, b in zip(pixel, colour, strict=True)) < 40


def test_rising_history_ends_higher_than_it_starts() -> None:
    image = _open(rating_chart([1500.0, 1510.0, 1520.0, 1530.0, 1540.0], name="Alice"))
    assert image.size == (WIDTH, HEIGHT)
    near_start, near_end = _line_rows(image, 100), _line_rows(image, WIDTH - 60)
    assert near_start and near_end
    assert min(near_end) < min(near_start)  # higher rating = nearer the top


def test_falling_history_ends_lower() -> None:
    image = _open(rating_chart([1500.0, 1480.0, 1460.0], name="Bob"))
    assert min(_line_rows(image, WIDTH - 60)) > min(_line_rows(image, 100))


def test_newcomer_and_hard_names_still_draw() -> None:
    assert _open(rating_chart([1500.0], name="")).size == (WIDTH, HEIGHT)
    assert _open(rating_chart([1500.0, 1490.0], name="\u202e\U0001f600" * 40 + "x" * 300)).size == (WIDTH, HEIGHT)


def test_empty_history_is_refused() -> None:
    with pytest.raises(ValueError, match="initial rating"):
        rating_chart([], name="Alice")


@pytest.mark.parametrize(("span", "step"), [(100, 20), (9, 2), (40, 10), (1000, 200), (0.5, 0.1), (0, 1)])
def test_nice_steps(span: float, step: float) -> None:
    assert nice_step(span) == pytest.approx(step)
