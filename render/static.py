"""The static board (frame, fields, points, bar, trays, point numbers) in full colour, and the layout per width.

Both are cached: every picture starts from a copy of the static board and pastes patches cut from it.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from PIL import Image, ImageDraw

from render.fonts import draw_text, font
from render.layout import Layout
from render.theme import get_theme

DEFAULT_WIDTH = 1000
_STATIC_SUPERSAMPLE = 3
# Boards are drawn in worker threads (asyncio.to_thread). The caches hold shared fonts, whose FreeType faces are
# not safe to use from two threads at once, so drawing takes this lock; the PNG encoding does not need it.
DRAWING = threading.RLock()


@lru_cache(maxsize=16)
def layout(size: int) -> Layout:
    return Layout.for_width(size)


@lru_cache(maxsize=8)
def static_rgb(size: int, theme_name: str) -> Image.Image:
    """Background, frame, fields, points, bar, trays and point numbers: everything that never changes."""
    theme = get_theme(theme_name)
    board_layout = layout(size)
    big_layout = Layout(size * _STATIC_SUPERSAMPLE)  # drawn large and shrunk for smooth triangle edges
    big = Image.new("RGB", (big_layout.width, big_layout.height), theme.background)
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle(
        big_layout.frame_box,
        radius=big_layout.px(14),
        fill=theme.frame,
        outline=theme.frame_edge,
        width=big_layout.px(3),
    )
    for field_box in big_layout.field_boxes:
        draw.rectangle(field_box, fill=theme.field)
    draw.rectangle(big_layout.bar_box, fill=theme.bar)
    for top in (True, False):
        draw.rounded_rectangle(big_layout.tray_box(top), radius=big_layout.px(6), fill=theme.tray)
    for point in range(1, 25):
        draw.polygon(big_layout.point_triangle(point), fill=theme.points[point % 2])
    # reducing_gap=1: a box reduce by the whole factor first (the supersampling's average), then LANCZOS over
    # what is left; six times quicker than LANCZOS over the big image (0.03 s instead of 0.2 s at every start
    # of a drawing process), the edges within 23 levels of it (more than 8 on 0.2% of the pixels)
    image = big.resize((board_layout.width, board_layout.height), Image.Resampling.LANCZOS, reducing_gap=1.0)
    number_font = font(board_layout.px(20), bold=True)
    for point in range(1, 25):
        draw_text(image, board_layout.number_center(point), str(point), number_font, theme.frame_text, anchor="mm")
    return image
