"""The board image: a cached static board, sprites pasted on a copy of it, a fixed palette, PNG bytes.

The static board (frame, points, numbers) is drawn once per width and theme. Each image then costs a copy,
some pastes and a few short texts, a mapping onto a 256-colour palette fitted once per theme (its flat colours
listed first, so they come out within Pillow's lookup rounding of a level or two), and the PNG encoding, which
the palette makes about three times smaller and several times quicker than full colour.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine import BAR, OFF, Play, Step
from render import sprites
from render.fonts import Font, draw_text, fit, font, prepare_name
from render.layout import Box, Layout, Point2
from render.marks import Marks
from render.samples import palette_samples
from render.state import PLAYERS, BoardState
from render.theme import RGB, Theme, get_theme

DEFAULT_WIDTH = 1000
PNG_COMPRESS_LEVEL = 1
_STATIC_SUPERSAMPLE = 3
_FALLBACK_NAMES = ("Player 1", "Player 2")


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
    """
    image = compose(state, perspective=perspective, last_play=last_play, partial_steps=partial_steps, size=size,
                    theme=theme)
    return encode(image, _palette(theme))


def encode(image: Image.Image, palette: Image.Image) -> bytes:
    """Map the image onto the palette (no dithering: flat areas stay flat) and write it as a PNG."""
    indexed = image.quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()


def compose(
    state: BoardState,
    *,
    perspective: int,
    last_play: Play | None = None,
    partial_steps: Sequence[Step] = (),
    size: int = DEFAULT_WIDTH,
    theme: str = "dark",
) -> Image.Image:
    """The full-colour picture before palette mapping (for the benchmark and the palette itself)."""
    if perspective not in PLAYERS:
        raise ValueError(f"perspective must be 0 or 1, not {perspective!r}")
    colours = get_theme(theme)
    layout = _layout(size)
    image = _static_board(size, theme).copy()
    painter = _Painter(image, layout, colours, state, perspective)
    painter.checkers()
    painter.cube()
    painter.dice()
    painter.marks(1 - state.on_roll, Marks.of(last_play.steps if last_play else ()), colours.last_play)
    painter.marks(state.on_roll, Marks.of(partial_steps), colours.partial_play)
    painter.player_rows()
    painter.info_row()
    return image


@lru_cache(maxsize=16)
def _layout(size: int) -> Layout:
    return Layout.for_width(size)


def _paste(image: Image.Image, sprite: Image.Image, center: Point2) -> None:
    left = center[0] - sprite.width // 2
    top = center[1] - sprite.height // 2
    image.paste(sprite, (left, top), sprite)


class _Painter:
    """Draws one state on a copy of the static board. Holds no state beyond this one image."""

    def __init__(self, image: Image.Image, layout: Layout, theme: Theme, state: BoardState, perspective: int):
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.layout = layout
        self.theme = theme
        self.state = state
        self.bottom = perspective

    def is_top(self, player: int) -> bool:
        return player != self.bottom

    def view_point(self, player: int, point: int) -> int:
        """A player's point in the bottom player's numbering."""
        return point if player == self.bottom else 25 - point

    def _text(self, xy: Point2, text: str, *, font: Font, fill: RGB, anchor: str = "la") -> None:
        draw_text(self.image, xy, text, font, fill, anchor)

    def _count_label(self, center: Point2, count: int, colour: RGB) -> None:
        size = self.layout.px(26 if count < 10 else 22)
        self._text(center, str(count), font=font(size, bold=True), fill=colour, anchor="mm")

    def checkers(self) -> None:
        layout, state = self.layout, self.state
        for player in PLAYERS:
            colours = self.theme.players[player]
            sprite = sprites.checker(colours, layout.checker)
            side = state.side(player)
            for point in range(1, 25):
                count = side[point]
                view = self.view_point(player, point)
                for slot in range(min(count, layout.stack)):
                    _paste(self.image, sprite, layout.slot_center(view, slot))
                if count > layout.stack:
                    self._count_label(layout.slot_center(view, layout.stack - 1), count, colours.text)
            top = self.is_top(player)
            on_bar = side[BAR]
            for slot in range(min(on_bar, layout.stack)):
                _paste(self.image, sprite, layout.bar_slot_center(top, slot))
            if on_bar > 1:
                self._count_label(layout.bar_slot_center(top, min(on_bar, layout.stack) - 1), on_bar, colours.text)
            self._tray(player, side[OFF])

    def _tray(self, player: int, borne_off: int) -> None:
        top = self.is_top(player)
        layout = self.layout
        for index in range(borne_off):
            box = layout.tray_slab(top, index)
            sprite = sprites.slab(self.theme.players[player], box[2] - box[0], box[3] - box[1])
            self.image.paste(sprite, box[:2], sprite)
        if borne_off:
            tray = layout.tray_box(top)
            last = layout.tray_slab(top, borne_off - 1)
            gap = layout.px(20)
            y = last[3] + gap if top else last[1] - gap
            x = (tray[0] + tray[2]) // 2
            if tray[1] + gap // 2 <= y <= tray[3] - gap // 2:
                self._text((x, y), str(borne_off), font=font(layout.px(22), bold=True), fill=self.theme.frame_text,
                           anchor="mm")
            else:  # a full tray: the count goes on the last checker
                y = (last[1] + last[3]) // 2
                self._text((x, y), str(borne_off), font=font(layout.px(16), bold=True),
                           fill=self.theme.players[player].text, anchor="mm")

    def cube(self) -> None:
        state, theme = self.state, self.theme
        owner = state.cube_owner
        shown = 64 if owner is None and state.cube_value == 1 else state.cube_value  # R1.2
        sprite = sprites.cube(theme.cube_face, theme.cube_text, theme.frame_edge, shown, self.layout.cube)
        _paste(self.image, sprite, self.layout.cube_center(None if owner is None else self.is_top(owner)))

    def dice(self) -> None:
        state = self.state
        if state.dice is None:
            return
        roller = state.on_roll
        rolled = state.rolled_dice
        unused = Counter(rolled)
        unused.subtract(state.used_dice)
        remaining = dict(unused)
        # Doubles show four dice, the used ones first; otherwise each die keeps its place and fades once played.
        faded: list[bool] = []
        for value in reversed(rolled):
            keep = remaining.get(value, 0) > 0
            faded.append(not keep)
            if keep:
                remaining[value] -= 1
        faded.reverse()
        centers = self.layout.dice_centers(len(rolled), right_half=not self.is_top(roller))
        for value, dim, center in zip(rolled, faded, centers, strict=True):
            sprite = sprites.die(self.theme.players[roller], value, self.layout.die, dimmed=dim)
            _paste(self.image, sprite, center)

    def marks(self, player: int, marks: Marks, colour: RGB) -> None:
        if marks.empty:
            return
        layout, state = self.layout, self.state
        side = state.side(player)
        top = self.is_top(player)
        ring = sprites.ring(colour, layout.checker + layout.px(8))
        ghost = sprites.ghost(colour, layout.checker - layout.px(6))
        for point, count in marks.left.items():
            if point != BAR:
                self._mark_number(self.view_point(player, point), colour)
            for slot in range(side[point], min(side[point] + count, layout.stack)):  # beyond the stack: number only
                center = (layout.bar_slot_center(top, slot) if point == BAR
                          else layout.slot_center(self.view_point(player, point), slot))
                _paste(self.image, ghost, center)
        for point, count in marks.arrived.items():
            if point == OFF:
                self._mark_tray(top, side[OFF], count, colour)
                continue
            view = self.view_point(player, point)
            self._mark_number(view, colour)
            for index in range(min(count, side[point])):
                _paste(self.image, ring, layout.slot_center(view, side[point] - 1 - index))
        opponent = 1 - player
        for index in range(min(marks.hits, state.side(opponent)[BAR])):
            slot = state.side(opponent)[BAR] - 1 - index
            _paste(self.image, ring, layout.bar_slot_center(self.is_top(opponent), slot))

    def _mark_number(self, point: int, colour: RGB) -> None:
        """The point's number in the frame on a chip of the mark's colour, readable even on a full point."""
        layout = self.layout
        center = layout.number_center(point)
        chip = sprites.rounded_box(colour, layout.px(40), layout.px(24), layout.px(8))
        _paste(self.image, chip, center)
        self._text(center, str(point), font=font(layout.px(17), bold=True), fill=self.theme.cube_text, anchor="mm")

    def _mark_tray(self, top: bool, borne_off: int, count: int, colour: RGB) -> None:
        if not borne_off:
            return
        first = self.layout.tray_slab(top, borne_off - 1)
        last = self.layout.tray_slab(top, max(0, borne_off - count))
        pad = self.layout.px(3)
        box = (min(first[0], last[0]) - pad, min(first[1], last[1]) - pad,
               max(first[2], last[2]) + pad, max(first[3], last[3]) + pad)
        self.draw.rounded_rectangle(box, radius=self.layout.px(6), outline=colour, width=max(2, self.layout.px(3)))

    def player_rows(self) -> None:
        for player in PLAYERS:
            self._player_row(player, self.layout.player_row(self.is_top(player)))

    def _player_row(self, player: int, row: Box) -> None:
        layout, theme, state = self.layout, self.theme, self.state
        left, top, right, bottom = row
        middle = (top + bottom) // 2
        pad = layout.px(7)
        if player == state.on_roll:
            highlight = sprites.rounded_box(theme.turn_highlight, right - left, bottom - top - 2 * pad, layout.px(12))
            self.image.paste(highlight, (left, top + pad), highlight)
            arrow = layout.px(9)
            x = left + layout.px(10)
            self.draw.polygon([(x, middle - arrow), (x + arrow, middle), (x, middle + arrow)], fill=theme.last_play)
        icon = sprites.checker(theme.players[player], layout.px(36))
        _paste(self.image, icon, (left + layout.px(44), middle))
        x = right - layout.px(14)
        if state.match_length:
            score = str(state.scores[player])
            score_font = font(layout.px(28), bold=True)
            chip_width = round(score_font.getlength(score)) + layout.px(24)
            chip_height = layout.px(38)
            chip = sprites.rounded_box(theme.players[player].face, chip_width, chip_height, layout.px(8))
            self.image.paste(chip, (x - chip_width, middle - chip_height // 2), chip)
            self._text((x - chip_width // 2, middle), score, font=score_font, fill=theme.players[player].text,
                           anchor="mm")
            x -= chip_width + layout.px(16)
        pips = f"{state.pips(player)} pips"
        pip_font = font(layout.px(21))
        self._text((x, middle), pips, font=pip_font, fill=theme.dim_text, anchor="rm")
        x -= round(pip_font.getlength(pips)) + layout.px(24)
        name_left = left + layout.px(72)
        text, path = prepare_name(state.names[player], _FALLBACK_NAMES[player])
        name_font = font(layout.px(26), path=path)
        text = fit(text, name_font, x - name_left)
        self._text((name_left, middle), text, font=name_font, fill=theme.text, anchor="lm")

    def info_row(self) -> None:
        layout, theme, state = self.layout, self.theme, self.state
        left, top, right, bottom = layout.info_row
        middle = (top + bottom) // 2
        small = font(layout.px(16))
        if state.match_length:
            match = f"{state.match_length}-point match"
            self._text((left + layout.px(4), middle), match, font=font(layout.px(17), bold=True),
                           fill=theme.dim_text, anchor="lm")
            if state.crawford:
                x = left + layout.px(12) + round(font(layout.px(17), bold=True).getlength(match))
                self._text((x, middle), "\u00b7 Crawford game", font=font(layout.px(17), bold=True),
                               fill=theme.text, anchor="lm")
        else:
            self._text((left + layout.px(4), middle), "Money game", font=font(layout.px(17), bold=True),
                           fill=theme.dim_text, anchor="lm")
        ids = "   ".join(
            part for part in (
                f"Position ID {state.position_id}" if state.position_id else "",
                f"Match ID {state.match_id}" if state.match_id else "",
            ) if part
        )
        if ids:
            self._text((right - layout.px(4), middle), ids, font=small, fill=theme.dim_text, anchor="rm")


@lru_cache(maxsize=8)
def _static_board(size: int, theme_name: str) -> Image.Image:
    """Background, frame, fields, points, bar, trays and point numbers: everything that never changes."""
    theme = get_theme(theme_name)
    layout = _layout(size)
    big_layout = Layout(size * _STATIC_SUPERSAMPLE)  # drawn large and shrunk for smooth triangle edges
    big = Image.new("RGB", (big_layout.width, big_layout.height), theme.background)
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle(big_layout.frame_box, radius=big_layout.px(14), fill=theme.frame,
                           outline=theme.frame_edge, width=big_layout.px(3))
    for field in big_layout.field_boxes:
        draw.rectangle(field, fill=theme.field)
    draw.rectangle(big_layout.bar_box, fill=theme.bar)
    for top in (True, False):
        draw.rounded_rectangle(big_layout.tray_box(top), radius=big_layout.px(6), fill=theme.tray)
    for point in range(1, 25):
        draw.polygon(big_layout.point_triangle(point), fill=theme.points[point % 2])
    image = big.resize((layout.width, layout.height), Image.Resampling.LANCZOS)
    draw = ImageDraw.Draw(image)
    number_font = font(layout.px(17), bold=True)
    for point in range(1, 25):
        draw.text(layout.number_center(point), str(point), font=number_font, fill=theme.frame_text, anchor="mm")
    return image


@lru_cache(maxsize=8)
def _palette(theme_name: str) -> Image.Image:
    """A 256-colour palette: the theme's flat colours, the rest fitted to sample boards (median cut).

    Fitted once per theme at the default width; the colours (and their blends) are the same at every width.
    """
    theme = get_theme(theme_name)
    flat = theme.flat_colours()
    pictures = [
        compose(example.state, perspective=example.perspective, last_play=example.last_play,
                partial_steps=example.partial_steps, size=DEFAULT_WIDTH, theme=theme_name)
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

