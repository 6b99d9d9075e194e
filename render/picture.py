"""The board image: patches pasted on a cached static board, already in a 256-colour palette, then PNG bytes.

The static board (frame, points, numbers) is drawn once per width and theme, in full colour and mapped onto the
theme's palette. Every piece goes in a box fixed by the layout (scene.py), so a box with its layers (a checker,
a checker with a ring, a faded die) is drawn and mapped onto the palette once, then reused: an image costs a
copy of the indexed board, pastes of cached patches, the two name rows and the info row, and the PNG encoding,
which the palette makes about three times smaller and several times quicker than full colour.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine import Play, Step
from render import sprites
from render.fonts import draw_plain_text, draw_text, fit, font, glyph, plain_text_positions, prepare_name
from render.layout import Box, Layout, Point2
from render.samples import palette_samples
from render.scene import InfoRow, Layer, PlayerRow, Scene, build_scene
from render.state import PLAYERS, BoardState
from render.theme import RGB, THEMES, Theme, get_theme

DEFAULT_WIDTH = 1000
PNG_COMPRESS_LEVEL = 1  # zlib level 1: the palette already makes the file small; higher levels cost time
_STATIC_SUPERSAMPLE = 3
_FALLBACK_NAMES = ("Player 1", "Player 2")
# Boards are drawn in worker threads (asyncio.to_thread). The caches hold shared fonts, whose FreeType faces are
# not safe to use from two threads at once, so drawing takes this lock; the PNG encoding does not need it.
_DRAWING = threading.RLock()


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
    scene = _scene(state, perspective, last_play, partial_steps, size, theme)
    with _DRAWING:
        image = _static(size, theme).indexed.copy()
        for box, layers in scene.boxes.items():
            image.paste(_indexed_patch(size, theme, box, tuple(layers)), box[:2])
        for row in scene.rows:
            for part, patch in _row_patches(size, theme, row, indexed=True):
                image.paste(patch, part[:2])
        if scene.info is not None:
            label_box = _layout(size).info_parts[0]
            image.paste(_match_label(size, theme, scene.info.match_length, scene.info.crawford, True), label_box[:2])
            _paste_ids(image, size, theme, scene.info)
    out = io.BytesIO()  # encoding, the bulk of the work, runs outside the lock
    image.save(out, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()


def warm_up(size: int = DEFAULT_WIDTH) -> None:
    """Build the palettes and static boards of every theme now (about a second each), so that the first board a
    player sees is as quick as the rest. Optional: `board` builds them on first use."""
    for theme in THEMES:
        with _DRAWING:
            _static(size, theme)


def full_colour(
    state: BoardState,
    *,
    perspective: int,
    last_play: Play | None = None,
    partial_steps: Sequence[Step] = (),
    size: int = DEFAULT_WIDTH,
    theme: str = "dark",
) -> Image.Image:
    """The same picture before palette mapping (RGB): what the palette is fitted to."""
    scene = _scene(state, perspective, last_play, partial_steps, size, theme)
    with _DRAWING:
        image = _static_rgb(size, theme).copy()
        for box, layers in scene.boxes.items():
            image.paste(_patch(size, theme, box, tuple(layers)), box[:2])
        for row in scene.rows:
            for part, patch in _row_patches(size, theme, row, indexed=False):
                image.paste(patch, part[:2])
        if scene.info is not None:
            label_box, ids_box = _layout(size).info_parts
            image.paste(_match_label(size, theme, scene.info.match_length, scene.info.crawford, False), label_box[:2])
            image.paste(_ids(size, theme, scene.info), ids_box[:2])
    return image


def _scene(
    state: BoardState, perspective: int, last_play: Play | None, partial_steps: Sequence[Step], size: int, theme: str
) -> Scene:
    if perspective not in PLAYERS:
        raise ValueError(f"perspective must be 0 or 1, not {perspective!r}")
    get_theme(theme)
    return build_scene(state, _layout(size), perspective, last_play, partial_steps)


@lru_cache(maxsize=16)
def _layout(size: int) -> Layout:
    return Layout.for_width(size)


def _paste_centred(canvas: Image.Image, sprite: Image.Image, center: Point2) -> None:
    corner = (center[0] - sprite.width // 2, center[1] - sprite.height // 2)
    canvas.paste(sprite, corner, sprite)


def _colour(theme: Theme, role: str) -> RGB:
    if role.startswith("player"):
        return theme.players[int(role[-1])].text
    roles = {
        "frame_text": theme.frame_text,
        "dark": theme.cube_text,
        "last": theme.last_play,
        "partial": theme.partial_play,
    }
    return roles[role]


def _paint(canvas: Image.Image, layer: Layer, layout: Layout, theme: Theme) -> None:
    """Draw one layer centred on a patch."""
    kind, *args = layer
    center = (canvas.width // 2, canvas.height // 2)
    if kind == "checker":
        _paste_centred(canvas, sprites.checker(theme.players[int(args[0])], layout.checker), center)
    elif kind == "ghost":
        _paste_centred(canvas, sprites.ghost(_colour(theme, str(args[0])), layout.checker - layout.px(8)), center)
    elif kind == "ring":
        _paste_centred(canvas, sprites.ring(_colour(theme, str(args[0])), layout.checker), center)
    elif kind == "die":
        player, value, dimmed = int(args[0]), int(args[1]), bool(args[2])
        _paste_centred(canvas, sprites.die(theme.players[player], value, layout.die, dimmed), center)
    elif kind == "cube":
        cube = sprites.cube(theme.cube_face, theme.cube_text, theme.frame_edge, int(args[0]), layout.cube)
        _paste_centred(canvas, cube, center)
    elif kind == "halo":
        ImageDraw.Draw(canvas).rounded_rectangle(
            (0, 0, canvas.width - 1, canvas.height - 1),
            radius=layout.px(10),
            outline=_colour(theme, str(args[0])),
            width=max(2, layout.px(4)),
        )
    elif kind == "slab":
        _paste_centred(canvas, sprites.slab(theme.players[int(args[0])], canvas.width, canvas.height), center)
    elif kind == "slab_mark":
        ImageDraw.Draw(canvas).rounded_rectangle(
            (0, 0, canvas.width - 1, canvas.height - 1),
            radius=canvas.height // 3,
            outline=_colour(theme, str(args[0])),
            width=max(2, layout.px(3)),
        )
    elif kind == "chip":
        chip = sprites.rounded_box(_colour(theme, str(args[0])), canvas.width, canvas.height, layout.px(8))
        _paste_centred(canvas, chip, center)
    elif kind == "text":
        text, points, role = str(args[0]), int(args[1]), str(args[2])
        draw_text(canvas, center, text, font(layout.px(points), bold=True), _colour(theme, role), anchor="mm")
    else:
        raise ValueError(f"Unknown layer {layer!r}")


@lru_cache(maxsize=4096)
def _patch(size: int, theme_name: str, box: Box, layers: tuple[Layer, ...]) -> Image.Image:
    """A box of the static board with its layers drawn on it, in full colour."""
    theme, layout = get_theme(theme_name), _layout(size)
    canvas = _static_rgb(size, theme_name).crop(box)
    for layer in layers:
        _paint(canvas, layer, layout, theme)
    return canvas


@lru_cache(maxsize=4096)
def _indexed_patch(size: int, theme_name: str, box: Box, layers: tuple[Layer, ...]) -> Image.Image:
    return _to_palette(_patch(size, theme_name, box, layers), theme_name)


def _to_palette(image: Image.Image, theme_name: str) -> Image.Image:
    """Map onto the theme's palette without dithering, so flat areas stay flat and patches match the board."""
    return image.quantize(palette=_palette(theme_name), dither=Image.Dither.NONE)


def _row_patches(size: int, theme_name: str, row: PlayerRow, indexed: bool) -> list[tuple[Box, Image.Image]]:
    """A player's row in its fixed parts (name, pip count, score), each cached on its own."""
    top = row.box[1] == 0
    match = row.score is not None
    clocked = row.clock is not None
    name_box, pips_box, score_box = _layout(size).row_parts(top, match, clocked)
    patches = [
        (name_box, _name_part(size, theme_name, top, row.player, row.name, row.marker, match, indexed, clocked)),
        (pips_box, _pips_part(size, theme_name, top, row.pips, row.acting, match, indexed, row.clock)),
    ]
    if score_box is not None and row.score is not None:
        patches.append((score_box, _score_part(size, theme_name, top, row.player, row.score, row.acting, indexed)))
    return patches


@lru_cache(maxsize=16)
def _row_background(size: int, theme_name: str, top: bool, acting: bool) -> Image.Image:
    """A row's strip of the static board, highlighted with a turn arrow for the player to act."""
    theme, layout = get_theme(theme_name), _layout(size)
    canvas = _static_rgb(size, theme_name).crop(layout.player_row(top))
    if acting:
        width, height = canvas.size
        middle, pad = height // 2, layout.px(7)
        highlight = sprites.rounded_box(theme.turn_highlight, width, height - 2 * pad, layout.px(12))
        canvas.paste(highlight, (0, pad), highlight)
        arrow, x = layout.px(9), layout.px(10)
        ImageDraw.Draw(canvas).polygon(
            [(x, middle - arrow), (x + arrow, middle), (x, middle + arrow)], fill=theme.last_play
        )
    return canvas


def _row_canvas(size: int, theme_name: str, top: bool, acting: bool, part: Box) -> Image.Image:
    row = _layout(size).player_row(top)
    background = _row_background(size, theme_name, top, acting)
    return background.crop((part[0] - row[0], part[1] - row[1], part[2] - row[0], part[3] - row[1]))


@lru_cache(maxsize=256)
def _name_part(
    size: int,
    theme_name: str,
    top: bool,
    player: int,
    name: str,
    marker: str,
    match: bool,
    indexed: bool,
    clocked: bool = False,
) -> Image.Image:
    """The player's checker colour and name, cut with an ellipsis to fit, then the marker of the player to act
    ("to play", "to answer") in a chip: the board keeps its sides, so the turn must be told in words too."""
    if indexed:
        return _to_palette(_name_part(size, theme_name, top, player, name, marker, match, False, clocked), theme_name)
    theme, layout = get_theme(theme_name), _layout(size)
    canvas = _row_canvas(size, theme_name, top, bool(marker), layout.row_parts(top, match, clocked)[0])
    middle = canvas.height // 2
    _paste_centred(canvas, sprites.checker(theme.players[player], layout.px(36)), (layout.px(44), middle))
    name_left, gap = layout.px(72), layout.px(16)
    marker_font = font(layout.px(19), bold=True)
    chip_width = round(marker_font.getlength(marker)) + layout.px(20) if marker else 0
    text, path = prepare_name(name, _FALLBACK_NAMES[player])
    name_font = font(layout.px(28), path=path)
    text = fit(text, name_font, canvas.width - name_left - (chip_width + gap if marker else 0))
    draw_text(canvas, (name_left, middle), text, name_font, theme.text, anchor="lm")
    if marker:
        chip_left = name_left + round(name_font.getlength(text)) + gap
        chip = sprites.rounded_box(theme.last_play, chip_width, layout.px(30), layout.px(8))
        center = (chip_left + chip_width // 2, middle)
        _paste_centred(canvas, chip, center)
        draw_text(canvas, center, marker, marker_font, theme.cube_text, anchor="mm")
    return canvas


@lru_cache(maxsize=2048)
def _pips_part(
    size: int, theme_name: str, top: bool, pips: int, acting: bool, match: bool, indexed: bool, clock: str | None = None
) -> Image.Image:
    """The pip count, and before it the match clock's reserve left (issue 20) when the match has a clock."""
    if indexed:
        return _to_palette(_pips_part(size, theme_name, top, pips, acting, match, False, clock), theme_name)
    theme, layout = get_theme(theme_name), _layout(size)
    canvas = _row_canvas(size, theme_name, top, acting, layout.row_parts(top, match, clock is not None)[1])
    right, middle = canvas.width - layout.px(14), canvas.height // 2
    pips_font = font(layout.px(24))
    draw_text(canvas, (right, middle), f"{pips} pips", pips_font, theme.dim_text, anchor="rm")
    if clock is not None:
        left_of_pips = right - round(pips_font.getlength("375 pips")) - layout.px(14)
        draw_text(canvas, (left_of_pips, middle), clock, font(layout.px(24), bold=True), theme.text, anchor="rm")
    return canvas


@lru_cache(maxsize=256)
def _score_part(
    size: int, theme_name: str, top: bool, player: int, score: int, acting: bool, indexed: bool
) -> Image.Image:
    """The player's score in a chip of its checker colour."""
    if indexed:
        return _to_palette(_score_part(size, theme_name, top, player, score, acting, False), theme_name)
    theme, layout = get_theme(theme_name), _layout(size)
    part = layout.row_parts(top, True)[2]
    assert part is not None
    canvas = _row_canvas(size, theme_name, top, acting, part)
    colours = theme.players[player]
    score_font = font(layout.px(30), bold=True)
    chip_width = min(canvas.width - layout.px(14), round(score_font.getlength(str(score))) + layout.px(24))
    chip = sprites.rounded_box(colours.face, chip_width, layout.px(38), layout.px(8), outline=colours.edge)
    center = (canvas.width - layout.px(14) - chip_width // 2, canvas.height // 2)
    _paste_centred(canvas, chip, center)
    draw_text(canvas, center, str(score), score_font, colours.text, anchor="mm")
    return canvas


@lru_cache(maxsize=64)
def _match_label(size: int, theme_name: str, match_length: int, crawford: bool, indexed: bool) -> Image.Image:
    """ "7-point match · Crawford game" or "Money game" (R8)."""
    if indexed:
        return _to_palette(_match_label(size, theme_name, match_length, crawford, False), theme_name)
    theme, layout = get_theme(theme_name), _layout(size)
    canvas = _static_rgb(size, theme_name).crop(layout.info_parts[0])
    middle = canvas.height // 2
    label_font = font(layout.px(19), bold=True)
    x = layout.px(4)
    label = f"{match_length}-point match" if match_length else "Money game"
    draw_text(canvas, (x, middle), label, label_font, theme.dim_text, anchor="lm")
    if crawford:
        x += round(label_font.getlength(label)) + layout.px(8)
        draw_text(canvas, (x, middle), "\u00b7 Crawford game", label_font, theme.text, anchor="lm")
    return canvas


def _ids_text(info: InfoRow) -> str:
    parts = [
        f"Position ID {info.position_id}" if info.position_id else "",
        f"Match ID {info.match_id}" if info.match_id else "",
    ]
    return "   ".join(part for part in parts if part)  # what does not fit is cut off at the row's left


def _ids_anchor(layout: Layout) -> Point2:
    box = layout.info_parts[1]
    return (box[2] - layout.px(4), (box[1] + box[3]) // 2)


@lru_cache(maxsize=64)
def _ids(size: int, theme_name: str, info: InfoRow) -> Image.Image:
    """The gnubg Position ID and Match ID in small print (R10.2), in full colour."""
    theme, layout = get_theme(theme_name), _layout(size)
    box = layout.info_parts[1]
    canvas = _static_rgb(size, theme_name).crop(box)
    anchor = _ids_anchor(layout)
    draw_plain_text(
        canvas,
        (anchor[0] - box[0], anchor[1] - box[1]),
        _ids_text(info),
        font(layout.px(16)),
        theme.dim_text,
        align_right=True,
    )
    return canvas


def _paste_ids(image: Image.Image, size: int, theme_name: str, info: InfoRow) -> None:
    """The IDs straight onto the indexed board, glyph by glyph: they change every move, glyphs do not."""
    face = font(_layout(size).px(16))
    for char, corner in plain_text_positions(_ids_text(info), face, _ids_anchor(_layout(size)), align_right=True):
        patch, mask = _indexed_glyph(size, theme_name, char)
        image.paste(patch, corner, mask)


@lru_cache(maxsize=256)
def _indexed_glyph(size: int, theme_name: str, char: str) -> tuple[Image.Image, Image.Image]:
    """A small-print character on the info row's background, mapped to the palette, with the mask of its ink."""
    theme = get_theme(theme_name)
    mask = glyph(char, font(_layout(size).px(16)))[0]
    canvas = Image.new("RGB", mask.size, theme.background)  # the info row is plain background
    canvas.paste(theme.dim_text, (0, 0), mask)
    return _to_palette(canvas, theme_name), mask.point(lambda value: 255 if value else 0, mode="1")


@dataclass(frozen=True)
class _Static:
    rgb: Image.Image
    indexed: Image.Image


@lru_cache(maxsize=8)
def _static(size: int, theme_name: str) -> _Static:
    """Background, frame, fields, points, bar, trays and point numbers: everything that never changes."""
    rgb = _static_rgb(size, theme_name)
    return _Static(rgb, _to_palette(rgb, theme_name))


@lru_cache(maxsize=8)
def _static_rgb(size: int, theme_name: str) -> Image.Image:
    theme = get_theme(theme_name)
    layout = _layout(size)
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
    image = big.resize((layout.width, layout.height), Image.Resampling.LANCZOS)
    number_font = font(layout.px(20), bold=True)
    for point in range(1, 25):
        draw_text(image, layout.number_center(point), str(point), number_font, theme.frame_text, anchor="mm")
    return image


@lru_cache(maxsize=8)
def _palette(theme_name: str) -> Image.Image:
    """A 256-colour palette: the theme's flat colours, the rest fitted to sample boards (median cut).

    Fitted once per theme at the default width; the colours (and their blends) are the same at every width.
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
    holder = Image.new("P", (1, 1))
    holder.putpalette(palette)
    return holder
