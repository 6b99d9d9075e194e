"""The chart of `/stats dice`: how often each face and each of the 21 rolls came, as bars, beside a
mark for what fair dice give. Drawn like the rating chart (render/chart.py): at 3x, shrunk with LANCZOS, in
Discord's dark colours. Pure: numbers, a name and the words in the reader's language in (English by default), PNG
bytes out; callers run it in a thread."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.chart import _AXIS_TEXT, _BACKGROUND, _GRID, _LAST, _LINE, _SCALE, _TITLE
from render.fonts import fit, font, prepare_name

WIDTH, HEIGHT = 800, 360
_MARGIN = 24
_TOP = 48


def _panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    labels: Sequence[str],
    seen: Sequence[int],
    expected: Sequence[float],
    title: str,
) -> None:
    """Bars of `seen` with a line at each `expected`, labels under them, in `box` (left, top, right, bottom)."""
    s = _SCALE
    left, top, right, bottom = box
    small = font(11 * s)
    draw.text((left, top), title, font=font(13 * s), fill=_AXIS_TEXT, anchor="lt")
    top += 22 * s
    bottom -= 18 * s
    highest = max([*seen, *expected, 1])
    slot = (right - left) / len(labels)
    draw.line([(left, bottom), (right, bottom)], fill=_GRID, width=s)
    for index, (label, count, wanted) in enumerate(zip(labels, seen, expected, strict=True)):
        x0 = left + slot * index + slot * 0.15
        x1 = left + slot * (index + 1) - slot * 0.15
        height = (bottom - top) * count / highest
        if count:
            draw.rectangle([x0, bottom - height, x1, bottom], fill=_LINE)
        y = bottom - (bottom - top) * wanted / highest
        draw.line([(x0 - slot * 0.1, y), (x1 + slot * 0.1, y)], fill=_LAST, width=2 * s)
        draw.text(((x0 + x1) / 2, bottom + 4 * s), label, font=small, fill=_AXIS_TEXT, anchor="mt")


def dice_chart(
    name: str,
    faces: Sequence[int],
    face_expected: float,
    kinds: Sequence[int],
    kind_labels: Sequence[str],
    kinds_expected: Sequence[float],
    *,
    titles: tuple[str, str] = ("Faces", "The 21 rolls"),
    caption: str | None = None,
    unnamed: str = "Player",
) -> bytes:
    """A PNG: the six faces (left) and the 21 rolls (right), each bar beside the orange mark of fair dice, under
    the panels' `titles`; `caption` (top right) says how many rolls, `unnamed` stands for a name with nothing
    drawable."""
    s = _SCALE
    image = Image.new("RGB", (WIDTH * s, HEIGHT * s), _BACKGROUND)
    draw = ImageDraw.Draw(image)
    split = 250 * s
    _panel(
        draw,
        (_MARGIN * s, _TOP * s, split - 16 * s, (HEIGHT - 8) * s),
        [str(f) for f in range(1, 7)],
        faces,
        [face_expected] * 6,
        titles[0],
    )
    _panel(
        draw,
        (split + 8 * s, _TOP * s, (WIDTH - _MARGIN) * s, (HEIGHT - 8) * s),
        kind_labels,
        kinds,
        kinds_expected,
        titles[1],
    )
    shown, path = prepare_name(name, unnamed)
    caption = f"{sum(faces) // 2} rolls · orange: fair dice" if caption is None else caption
    caption_font = font(14 * s)
    title_font = font(18 * s, path=path)
    title = fit(shown, title_font, int((WIDTH - 2 * _MARGIN) * s - caption_font.getlength(caption) - 16 * s))
    draw.text((_MARGIN * s, 18 * s), title, font=title_font, fill=_TITLE, anchor="lm")
    draw.text(((WIDTH - _MARGIN) * s, 18 * s), caption, font=caption_font, fill=_LAST, anchor="rm")
    stream = io.BytesIO()
    image.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS).save(stream, format="PNG", optimize=True)
    return stream.getvalue()
