"""The board image: patches pasted on a cached static board, already in a 256-colour palette, then PNG bytes.

The static board (frame, points, numbers) is drawn once per width and theme, in full colour (static.py) and mapped
onto the theme's palette (palette.py). Every piece goes in a box fixed by the layout (scene.py), so a box with its
layers (a checker, a checker with a ring, a faded die) is drawn (painting.py) and mapped onto the palette once,
then reused, as are the parts of the rows around the board (rows.py): an image costs a copy of the indexed board,
pastes of cached patches, the two name rows and the info row, and the PNG encoding (png.py), which the palette
makes about three times smaller and several times quicker than full colour.
"""

from __future__ import annotations

import dataclasses
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from bot.engine import Play, Step
from render.banner import draw_banner
from render.fonts import font, glyph, plain_text_positions
from render.layout import Box
from render.painting import paint_patch
from render.palette import full_colour, scene_of, to_palette
from render.png import palette_png
from render.rows import RowPart, ids_anchor, ids_font, ids_text, label_part, row_parts
from render.scene import InfoRow, Layer
from render.state import BoardState
from render.static import DEFAULT_WIDTH, DRAWING, layout, static_rgb
from render.theme import THEMES, get_theme

__all__ = ["DEFAULT_WIDTH", "board", "full_colour", "warm_up"]


def board(
    state: BoardState,
    *,
    perspective: int,
    last_play: Play | None = None,
    partial_steps: Sequence[Step] = (),
    size: int = DEFAULT_WIDTH,
    theme: str = "dark",
) -> bytes:
    """The board as PNG bytes; a pure function of its arguments.

    `perspective` is the player (0 or 1) drawn at the bottom, whose numbering the points show. `last_play` is
    the previous turn's play, made by the player not on roll; `partial_steps` are the steps the player on roll
    has entered so far this turn. Steps use their mover's numbering (25 = bar, 0 = off). `size` is the width in
    pixels (400..2400); `theme` is "dark" or "light", after Discord's.
    :raises ValueError: for a perspective other than 0 or 1, an unknown theme or a width out of range.
    """
    scene = scene_of(state, perspective, last_play, partial_steps, size, theme)
    with DRAWING:
        image = _static(size, theme).indexed.copy()
        for box, layers in scene.boxes.items():
            image.paste(_indexed_patch(size, theme, box, tuple(layers)), box[:2])
        for row in scene.rows:
            for part_box, part in row_parts(size, row):
                image.paste(_indexed_part(size, theme, part), part_box[:2])
        if scene.info is not None:
            label_box, label = label_part(size, scene.info)
            image.paste(_indexed_part(size, theme, label), label_box[:2])
            _paste_ids(image, size, theme, scene.info)
        if scene.banner is not None:  # a game's final board: one per game, so not worth a cache
            region = image.crop(scene.banner.box).convert("RGB")
            draw_banner(region, size, theme, dataclasses.replace(scene.banner, box=(0, 0, *region.size)))
            image.paste(to_palette(region, theme), scene.banner.box[:2])
    return palette_png(image)  # outside the lock: the image is this call's own


def warm_up(size: int = DEFAULT_WIDTH) -> None:
    """Build the palettes and static boards of every theme now (about 0.05 s each), so that the first board a
    player sees is as quick as the rest. Optional: `board` builds them on first use."""
    for theme in THEMES:
        with DRAWING:
            _static(size, theme)


@lru_cache(maxsize=4096)
def _indexed_patch(size: int, theme_name: str, box: Box, layers: tuple[Layer, ...]) -> Image.Image:
    return to_palette(paint_patch(size, theme_name, box, layers), theme_name)


def _indexed_part(size: int, theme_name: str, part: RowPart) -> Image.Image:
    packed = _packed_part(size, theme_name, part)
    return Image.frombytes("P", packed.size, zlib.decompress(packed.pixels))


@dataclass(frozen=True)
class _Packed:
    size: tuple[int, int]
    pixels: bytes  # the palette indices, deflated


@lru_cache(maxsize=4096)
def _packed_part(size: int, theme_name: str, part: RowPart) -> _Packed:
    """A row part on the palette, kept deflated: a player's name part is 42 KB of mostly flat pixels and about
    3 KB deflated, and a busy bot keeps the name parts of every table it serves (at 200 tables, 37 MB of the
    drawing process undeflated); inflating one costs a few tens of microseconds. Each table needs about four
    (two names, each with and without the turn's chip): 1,024 entries would hold about 250 tables, and past that
    every board would draw its names again (2.4 against 1.5 ms a board for 400 tables); 4,096 hold about 1,000
    tables in about 12 MB. Drawn straight from the part, not through `part_image`'s full-colour cache, which
    would hold three times the bytes again."""
    image = to_palette(part.draw(size, theme_name), theme_name)
    return _Packed(image.size, zlib.compress(image.tobytes(), 1))


def _paste_ids(image: Image.Image, size: int, theme_name: str, info: InfoRow) -> None:
    """The IDs straight onto the indexed board, glyph by glyph: they change every move, glyphs do not."""
    face = ids_font(size, info)
    for char, corner in plain_text_positions(ids_text(info), face, ids_anchor(layout(size)), align_right=True):
        glyph_patch, mask = _indexed_glyph(theme_name, char, round(face.size))
        image.paste(glyph_patch, corner, mask)


@lru_cache(maxsize=256)
def _indexed_glyph(theme_name: str, char: str, points: int) -> tuple[Image.Image, Image.Image]:
    """A small-print character on the info row's background, mapped to the palette, with the mask of its ink."""
    theme = get_theme(theme_name)
    mask = glyph(char, font(points))[0]
    canvas = Image.new("RGB", mask.size, theme.background)  # the info row is plain background
    canvas.paste(theme.dim_text, (0, 0), mask)
    return to_palette(canvas, theme_name), mask.point(lambda value: 255 if value else 0, mode="1")


@dataclass(frozen=True)
class _Static:
    rgb: Image.Image
    indexed: Image.Image


@lru_cache(maxsize=8)
def _static(size: int, theme_name: str) -> _Static:
    """Background, frame, fields, points, bar, trays and point numbers: everything that never changes."""
    rgb = static_rgb(size, theme_name)
    return _Static(rgb, to_palette(rgb, theme_name))
