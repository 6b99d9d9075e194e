"""The picture in full colour, and each theme's 256-colour palette fitted to sample pictures of it.

picture.py maps every cached piece onto the palette once, so a board image is a copy and pastes of indexed
patches; the full-colour picture here is what the palette is fitted to.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from PIL import Image

from bot.engine import Play, Step
from render.banner import draw_banner
from render.painting import patch
from render.rows import ids_image, label_part, part_image, row_parts
from render.samples import palette_samples
from render.scene import Scene, build_scene
from render.state import PLAYERS, BoardState
from render.static import DEFAULT_WIDTH, DRAWING, layout, static_rgb
from render.theme import get_theme


def scene_of(
    state: BoardState, perspective: int, last_play: Play | None, partial_steps: Sequence[Step], size: int, theme: str
) -> Scene:
    """The scene to draw, once the arguments are checked."""
    if perspective not in PLAYERS:
        raise ValueError(f"perspective must be 0 or 1, not {perspective!r}")
    get_theme(theme)
    return build_scene(state, layout(size), perspective, last_play, partial_steps)


def full_colour(
    state: BoardState,
    *,
    perspective: int,
    last_play: Play | None = None,
    partial_steps: Sequence[Step] = (),
    size: int = DEFAULT_WIDTH,
    theme: str = "dark",
) -> Image.Image:
    """The same picture as `render.board` before palette mapping (RGB): what the palette is fitted to."""
    scene = scene_of(state, perspective, last_play, partial_steps, size, theme)
    with DRAWING:
        image = static_rgb(size, theme).copy()
        for box, layers in scene.boxes.items():
            image.paste(patch(size, theme, box, tuple(layers)), box[:2])
        for row in scene.rows:
            for part_box, part in row_parts(size, row):
                image.paste(part_image(size, theme, part), part_box[:2])
        if scene.info is not None:
            label_box, label = label_part(size, scene.info)
            image.paste(part_image(size, theme, label), label_box[:2])
            image.paste(ids_image(size, theme, scene.info), layout(size).info_parts[1][:2])
        if scene.banner is not None:
            draw_banner(image, size, theme, scene.banner)
    return image


def to_palette(image: Image.Image, theme_name: str) -> Image.Image:
    """Map onto the theme's palette without dithering, so flat areas stay flat and patches match the board."""
    return image.quantize(palette=_palette(theme_name), dither=Image.Dither.NONE)


#: Each theme's fitted palette, stored (768 bytes: 256 RGB colours) so that a process does not fit it at start: the
#: fit draws sample boards and takes about half a second a theme, paid by the bot, its drawing processes and every
#: test that draws. `scripts/regenerate_goldens.py` writes them; a test checks they are still what the fit gives.
PALETTE_DIR = Path(__file__).with_name("palettes")


@lru_cache(maxsize=8)
def _palette(theme_name: str) -> Image.Image:
    """The theme's palette as an image to quantize against: the stored one, else fitted now (a new theme)."""
    get_theme(theme_name)
    stored = PALETTE_DIR / f"{theme_name}.pal"
    colours = stored.read_bytes() if stored.exists() else fitted_palette(theme_name)
    holder = Image.new("P", (1, 1))
    holder.putpalette(list(colours))
    return holder


def fitted_palette(theme_name: str) -> bytes:
    """A 256-colour palette: the theme's flat colours, the rest fitted to sample boards (median cut).

    Fitted at the default width; the colours (and their blends) are the same at every width.
    """
    theme = get_theme(theme_name)
    flat = theme.flat_colours()
    pictures = [
        full_colour(
            example.state,
            perspective=example.perspective,
            last_play=example.last_play,
            partial_steps=example.partial_steps,
            size=DEFAULT_WIDTH,
            theme=theme_name,
        )
        for example in palette_samples()
    ]
    sheet = Image.new("RGB", (pictures[0].width, sum(picture.height for picture in pictures)))
    y = 0
    for picture in pictures:
        sheet.paste(picture, (0, y))
        y += picture.height
    fitted = sheet.quantize(colors=256 - len(flat), method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    fitted_colours = (fitted.getpalette() or [])[: 3 * (256 - len(flat))]
    palette = [channel for colour in flat for channel in colour] + fitted_colours
    palette += [0] * (768 - len(palette))
    return bytes(palette)
