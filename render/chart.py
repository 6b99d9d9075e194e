"""The rating-history chart of the stats command: one line, a rating after each rated match.

Drawn at 3x and shrunk with LANCZOS so the line and text are smooth (the python-qrcode habit), saved as PNG
into any stream. Pure: plain numbers, a name and the caption in the reader's language in (English by default), PNG
bytes out; callers run it in a thread.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.fonts import fit, font, prepare_name

WIDTH, HEIGHT = 800, 320
_SCALE = 3
_BACKGROUND = (43, 45, 49)  # Discord's dark theme
_GRID = (64, 66, 73)
_AXIS_TEXT = (181, 186, 193)
_TITLE = (242, 243, 245)
_LINE = (88, 101, 242)  # blurple
_START = (148, 155, 164)
_LAST = (255, 179, 33)
_MARGIN_LEFT, _MARGIN_RIGHT, _MARGIN_TOP, _MARGIN_BOTTOM = 64, 24, 48, 36


def nice_step(span: float, target_ticks: int = 5) -> float:
    """A step of 1, 2 or 5 times a power of ten giving about `target_ticks` ticks over `span`."""
    if span <= 0:
        return 1.0
    rough = span / target_ticks
    power = 10.0 ** math.floor(math.log10(rough))
    for multiple in (1.0, 2.0, 5.0, 10.0):
        if rough <= multiple * power:
            return multiple * power
    return 10.0 * power


def _ticks(low: float, high: float, step: float) -> list[float]:
    first = math.ceil(low / step - 1e-9)
    last = math.floor(high / step + 1e-9)
    return [n * step for n in range(first, last + 1)]


def rating_chart(ratings: Sequence[float], *, name: str, caption: str | None = None, unnamed: str = "Player") -> bytes:
    """A PNG of the ratings (the first one the starting rating, then one per rated match), titled by name (`unnamed`
    when it has nothing drawable), with `caption` at the top right (the rating now, after how many rated matches).

    :raises ValueError: when `ratings` is empty (there is always at least the starting rating).
    """
    if not ratings:
        raise ValueError("A rating history starts with the initial rating; got no ratings")
    s = _SCALE
    image = Image.new("RGB", (WIDTH * s, HEIGHT * s), _BACKGROUND)
    draw = ImageDraw.Draw(image)
    left, right = _MARGIN_LEFT * s, (WIDTH - _MARGIN_RIGHT) * s
    top, bottom = _MARGIN_TOP * s, (HEIGHT - _MARGIN_BOTTOM) * s

    low, high = min(ratings), max(ratings)
    pad = max((high - low) * 0.08, 5.0)
    low, high = low - pad, high + pad
    matches = len(ratings) - 1

    def x_of(index: float) -> float:
        return left + (right - left) * (index / matches if matches else 0.5)

    def y_of(rating: float) -> float:
        return bottom - (bottom - top) * (rating - low) / (high - low)

    small = font(12 * s)
    for tick in _ticks(low, high, nice_step(high - low)):
        y = y_of(tick)
        draw.line([(left, y), (right, y)], fill=_GRID, width=s)
        draw.text((left - 8 * s, y), f"{tick:g}", font=small, fill=_AXIS_TEXT, anchor="rm")
    if matches:
        for tick in _ticks(0, matches, max(1.0, nice_step(matches, 8))):
            draw.text((x_of(tick), bottom + 8 * s), f"{tick:g}", font=small, fill=_AXIS_TEXT, anchor="mt")
    draw.line([(left, bottom), (right, bottom)], fill=_AXIS_TEXT, width=s)

    points = [(x_of(i), y_of(r)) for i, r in enumerate(ratings)]
    if len(points) > 1:
        draw.line(points, fill=_LINE, width=3 * s, joint="curve")
    for (x, y), colour in ((points[0], _START), (points[-1], _LAST)):
        radius = 5 * s
        draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=colour)

    shown, path = prepare_name(name, unnamed)
    title_font = font(18 * s, path=path)
    if caption is None:
        caption = f"{ratings[-1]:.2f} after {matches} rated match{'es' if matches != 1 else ''}"
    caption_font = font(14 * s)
    caption_width = caption_font.getlength(caption)
    title = fit(shown, title_font, int(right - left - caption_width - 16 * s))
    draw.text((left, 16 * s), title, font=title_font, fill=_TITLE, anchor="lm")
    draw.text((right, 16 * s), caption, font=caption_font, fill=_LAST, anchor="rm")

    stream = io.BytesIO()
    image.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS).save(stream, format="PNG", optimize=True)
    return stream.getvalue()
