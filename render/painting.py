"""The pieces on the board: each box of the scene (scene.py) drawn with its layers on its cut of the static board.

A box with its layers (a checker, a checker with a ring, a faded die) is drawn once and cached, in full colour;
picture.py maps it onto the palette.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import sprites
from render.fonts import draw_text
from render.layout import Box, Layout, Point2
from render.scene import Layer
from render.static import layout, static_rgb
from render.theme import RGB, Theme, get_theme
from render.words import fit_word


def paste_centred(canvas: Image.Image, sprite: Image.Image, center: Point2) -> None:
    corner = (center[0] - sprite.width // 2, center[1] - sprite.height // 2)
    canvas.paste(sprite, corner, sprite)


def _colour(theme: Theme, role: str) -> RGB:
    if role.startswith("player"):
        return theme.players[int(role[-1])].text
    roles = {
        "frame_text": theme.frame_text,
        "dim": theme.dim_text,
        "dark": theme.cube_text,
        "last": theme.last_play,
        "partial": theme.partial_play,
    }
    return roles[role]


def _outline(canvas: Image.Image, radius: int, colour: RGB, width: int) -> None:
    ImageDraw.Draw(canvas).rounded_rectangle(
        (0, 0, canvas.width - 1, canvas.height - 1), radius=radius, outline=colour, width=width
    )


def _paint(canvas: Image.Image, layer: Layer, board_layout: Layout, theme: Theme) -> None:
    """Draw one layer centred on a patch."""
    kind, *args = layer
    center = (canvas.width // 2, canvas.height // 2)
    px = board_layout.px
    if kind == "checker":
        paste_centred(canvas, sprites.checker(theme.players[int(args[0])], board_layout.checker), center)
    elif kind == "ghost":
        paste_centred(canvas, sprites.ghost(_colour(theme, str(args[0])), board_layout.checker - px(8)), center)
    elif kind == "ring":
        paste_centred(canvas, sprites.ring(_colour(theme, str(args[0])), board_layout.checker), center)
    elif kind == "die":
        player, value, dimmed = int(args[0]), int(args[1]), bool(args[2])
        paste_centred(canvas, sprites.die(theme.players[player], value, board_layout.die, dimmed), center)
    elif kind == "cube":
        cube = sprites.cube(theme.cube_face, theme.cube_text, theme.frame_edge, int(args[0]), board_layout.cube)
        paste_centred(canvas, cube, center)
    elif kind == "halo":
        _outline(canvas, px(10), _colour(theme, str(args[0])), max(2, px(4)))
    elif kind == "slab":
        paste_centred(canvas, sprites.slab(theme.players[int(args[0])], canvas.width, canvas.height), center)
    elif kind == "slab_mark":
        _outline(canvas, canvas.height // 3, _colour(theme, str(args[0])), max(2, px(3)))
    elif kind == "chip":
        chip = sprites.rounded_box(_colour(theme, str(args[0])), canvas.width, canvas.height, px(8))
        paste_centred(canvas, chip, center)
    elif kind == "text":
        text, face = fit_word(str(args[0]), px(int(args[1])), canvas.width - 2 * px(2), bold=True)
        draw_text(canvas, center, text, face, _colour(theme, str(args[2])), anchor="mm")
    else:
        raise ValueError(f"Unknown layer {layer!r}")


def paint_patch(size: int, theme_name: str, box: Box, layers: tuple[Layer, ...]) -> Image.Image:
    """A box of the static board with its layers drawn on it, in full colour."""
    theme, board_layout = get_theme(theme_name), layout(size)
    canvas = static_rgb(size, theme_name).crop(box)
    for layer in layers:
        _paint(canvas, layer, board_layout, theme)
    return canvas


#: The full-colour pictures (palette fitting, tests) reuse their patches; the boards keep their own copies on the
#: palette (render.picture), so they paint with `paint_patch` and do not keep a full-colour copy as well.
patch = lru_cache(maxsize=4096)(paint_patch)
