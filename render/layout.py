"""Where everything goes: the one place that maps board places to pixels.

All measures are given for a picture 1000 pixels wide and scaled. Points are "viewer points": numbered 1..24 from
the side of the player drawn at the bottom, whose home board (1..6) is bottom right and who bears off into the
bottom tray on the right; the top player mirrors that (its 1..6 top right).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

BASE_WIDTH = 1000
MIN_WIDTH = 400
MAX_WIDTH = 2400

# Base measures (pixels at 1000 wide).
_HEADER = 72  # the top player's row: name, pips, score (tall enough for text read on a phone)
_FRAME_TB = 30  # top and bottom frame, carrying the point numbers
_FRAME_SIDE = 14
_CUBE_COLUMN = 72  # left of the board: the cube
_POINT = 62  # width of one point
_BAR = 62
_TRAY = 66
_CHECKER = 58
_STACK = 5  # checkers drawn on one point before a count is shown instead
_MIDDLE_GAP = 96  # between the tips of the top and bottom points: the dice live here
_FOOTER = 72
_INFO = 40  # match line and the gnubg IDs in small print
_OFFER_LABEL = (96, 30)  # "offered", next to an offered cube

_BOARD_LEFT = _CUBE_COLUMN
_FIELD_LEFT = _BOARD_LEFT + _FRAME_SIDE
_BAR_LEFT = _FIELD_LEFT + 6 * _POINT
_RIGHT_LEFT = _BAR_LEFT + _BAR
_FIELD_RIGHT = _RIGHT_LEFT + 6 * _POINT
_TRAY_LEFT = _FIELD_RIGHT + _FRAME_SIDE
_BOARD_RIGHT = _TRAY_LEFT + _TRAY + _FRAME_SIDE
_FIELD_TOP = _HEADER + _FRAME_TB
_FIELD_HEIGHT = 2 * _STACK * _CHECKER + _MIDDLE_GAP
_FIELD_BOTTOM = _FIELD_TOP + _FIELD_HEIGHT
_BOARD_BOTTOM = _FIELD_BOTTOM + _FRAME_TB
_HEIGHT = _BOARD_BOTTOM + _FOOTER + _INFO

Box = tuple[int, int, int, int]
Point2 = tuple[int, int]


@dataclass(frozen=True, slots=False)
class Layout:
    """Pixel positions for one picture width. Build with `Layout.for_width`; all results are ints."""

    width: int

    @classmethod
    def for_width(cls, width: int) -> Layout:
        if not MIN_WIDTH <= width <= MAX_WIDTH:
            raise ValueError(f"The picture must be {MIN_WIDTH} to {MAX_WIDTH} pixels wide, not {width}")
        return cls(width)

    @cached_property
    def scale(self) -> float:
        return self.width / BASE_WIDTH

    def px(self, base: float) -> int:
        return round(base * self.scale)

    def box(self, left: float, top: float, right: float, bottom: float) -> Box:
        return (self.px(left), self.px(top), self.px(right), self.px(bottom))

    @cached_property
    def height(self) -> int:
        return self.px(_HEIGHT)

    @cached_property
    def checker(self) -> int:
        """Diameter of a checker sprite."""
        return self.px(_CHECKER)

    @property
    def stack(self) -> int:
        return _STACK

    # The board's parts.
    @cached_property
    def frame_box(self) -> Box:
        return self.box(_BOARD_LEFT, _HEADER, _BOARD_RIGHT, _BOARD_BOTTOM)

    @cached_property
    def field_boxes(self) -> tuple[Box, Box]:
        """The left and right playing fields, between the frame and the bar."""
        return (
            self.box(_FIELD_LEFT, _FIELD_TOP, _BAR_LEFT, _FIELD_BOTTOM),
            self.box(_RIGHT_LEFT, _FIELD_TOP, _FIELD_RIGHT, _FIELD_BOTTOM),
        )

    @cached_property
    def bar_box(self) -> Box:
        return self.box(_BAR_LEFT, _FIELD_TOP, _RIGHT_LEFT, _FIELD_BOTTOM)

    def tray_box(self, top: bool) -> Box:
        """The borne-off tray of the top or bottom player (right of the board)."""
        middle = _FIELD_TOP + _FIELD_HEIGHT / 2
        if top:
            return self.box(_TRAY_LEFT, _FIELD_TOP, _TRAY_LEFT + _TRAY, middle - 6)
        return self.box(_TRAY_LEFT, middle + 6, _TRAY_LEFT + _TRAY, _FIELD_BOTTOM)

    def tray_slab(self, top: bool, index: int) -> Box:
        """The index-th borne-off checker (seen edge-on) in a tray, stacked from the outer edge inwards."""
        slab, gap, inset = 18, 3, 8
        left, right = _TRAY_LEFT + inset, _TRAY_LEFT + _TRAY - inset
        if top:
            y = _FIELD_TOP + inset + index * (slab + gap)
            return self.box(left, y, right, y + slab)
        y = _FIELD_BOTTOM - inset - index * (slab + gap)
        return self.box(left, y - slab, right, y)

    # Points and checkers.
    @staticmethod
    def is_top(point: int) -> bool:
        return point >= 13

    def point_left(self, point: int) -> float:
        """Left edge (base measures) of a viewer point's column."""
        if 1 <= point <= 6:
            return _RIGHT_LEFT + (6 - point) * _POINT
        if 7 <= point <= 12:
            return _FIELD_LEFT + (12 - point) * _POINT
        if 13 <= point <= 18:
            return _FIELD_LEFT + (point - 13) * _POINT
        if 19 <= point <= 24:
            return _RIGHT_LEFT + (point - 19) * _POINT
        raise ValueError(f"No viewer point {point}")

    def point_triangle(self, point: int) -> tuple[Point2, Point2, Point2]:
        left = self.point_left(point)
        length = _STACK * _CHECKER - 8
        if self.is_top(point):
            base_y, tip_y = _FIELD_TOP, _FIELD_TOP + length
        else:
            base_y, tip_y = _FIELD_BOTTOM, _FIELD_BOTTOM - length
        return (
            (self.px(left + 1), self.px(base_y)),
            (self.px(left + _POINT - 1), self.px(base_y)),
            (self.px(left + _POINT / 2), self.px(tip_y)),
        )

    def number_center(self, point: int) -> Point2:
        y = _HEADER + _FRAME_TB / 2 if self.is_top(point) else _FIELD_BOTTOM + _FRAME_TB / 2
        return (self.px(self.point_left(point) + _POINT / 2), self.px(y))

    def slot_center(self, point: int, slot: int) -> Point2:
        """Centre of the slot-th checker (0 = at the edge) on a viewer point; slots past the stack share the last."""
        slot = min(slot, _STACK - 1)
        x = self.point_left(point) + _POINT / 2
        offset = _CHECKER / 2 + slot * _CHECKER
        y = _FIELD_TOP + offset if self.is_top(point) else _FIELD_BOTTOM - offset
        return (self.px(x), self.px(y))

    def bar_slot_center(self, top: bool, slot: int) -> Point2:
        """The top player's bar checkers stack upwards from the middle, the bottom player's downwards."""
        slot = min(slot, _STACK - 1)
        middle = _FIELD_TOP + _FIELD_HEIGHT / 2
        offset = 12 + _CHECKER / 2 + slot * _CHECKER
        y = middle - offset if top else middle + offset
        return (self.px(_BAR_LEFT + _BAR / 2), self.px(y))

    # Cube, dice, rows of text.
    def cube_center(self, owner_top: bool | None) -> Point2:
        x = _CUBE_COLUMN / 2
        if owner_top is None:
            y = _FIELD_TOP + _FIELD_HEIGHT / 2
        elif owner_top:
            y = _FIELD_TOP + 38
        else:
            y = _FIELD_BOTTOM - 38
        return (self.px(x), self.px(y))

    def offer_centers(self, right_half: bool) -> tuple[Point2, Point2]:
        """An offered cube and its label, side by side in the middle of one half of the board (where that half's
        player rolls): the cube moved out to the player who must answer it."""
        cube, gap, label = 54, 14, _OFFER_LABEL[0]
        left_edge = _RIGHT_LEFT if right_half else _FIELD_LEFT
        x0 = left_edge + (6 * _POINT - (cube + gap + label)) / 2
        y = _FIELD_TOP + _FIELD_HEIGHT / 2
        return ((self.px(x0 + cube / 2), self.px(y)), (self.px(x0 + cube + gap + label / 2), self.px(y)))

    @cached_property
    def offer_label(self) -> tuple[int, int]:
        """Width and height of the offered cube's label."""
        return (self.px(_OFFER_LABEL[0]), self.px(_OFFER_LABEL[1]))

    @cached_property
    def cube(self) -> int:
        """The side of the cube's box: the cube drawn in perspective, its front face and two shaded sides."""
        return self.px(62)

    def cube_caption_center(self, owner_top: bool | None) -> Point2:
        """The word "cube" beside the cube: below it, or above it when it sits at the bottom (its owner's)."""
        x, y = self.cube_center(owner_top)
        below = owner_top is not False
        return (x, y + self.px(46) * (1 if below else -1))

    @cached_property
    def cube_caption(self) -> tuple[int, int]:
        return (self.px(_CUBE_COLUMN - 4), self.px(24))

    @cached_property
    def banner_box(self) -> Box:
        """The result of a finished game, across both fields and the bar in the middle of the board."""
        middle = _FIELD_TOP + _FIELD_HEIGHT / 2
        return self.box(_FIELD_LEFT + 8, middle - 62, _FIELD_RIGHT - 8, middle + 62)

    @cached_property
    def die(self) -> int:
        return self.px(54)

    def dice_centers(self, count: int, right_half: bool) -> list[Point2]:
        """Centres of `count` dice side by side in the middle of one half of the board."""
        gap = 12
        width = count * 54 + (count - 1) * gap
        left_edge = _RIGHT_LEFT if right_half else _FIELD_LEFT
        x0 = left_edge + (6 * _POINT - width) / 2 + 27
        y = _FIELD_TOP + _FIELD_HEIGHT / 2
        return [(self.px(x0 + i * (54 + gap)), self.px(y)) for i in range(count)]

    def player_row(self, top: bool) -> Box:
        """The row above or below the board with a player's name, pip count and score."""
        if top:
            return self.box(_BOARD_LEFT, 0, _BOARD_RIGHT, _HEADER)
        return self.box(_BOARD_LEFT, _BOARD_BOTTOM, _BOARD_RIGHT, _BOARD_BOTTOM + _FOOTER)

    def row_parts(self, top: bool, match: bool, clocked: bool = False) -> tuple[Box, Box, Box | None]:
        """A player row cut in fixed parts, each drawn and cached on its own: name, pip count, score.

        The parts tile the row. Fixed widths (room for "375 pips" and "Score 24") keep a name's part the same
        all game long. Pips and score are drawn 14 px from their part's right edge. A match with a clock
        widens the pips part for the reserve left ("12:30") before the pip count.
        """
        row_top = 0 if top else _BOARD_BOTTOM
        bottom = row_top + _FOOTER
        score_left = _BOARD_RIGHT - 14 - 136
        pips_right = score_left if match else _BOARD_RIGHT
        pips_left = pips_right - 14 - 150 - 12 - (120 if clocked else 0)
        return (
            self.box(_BOARD_LEFT, row_top, pips_left, bottom),
            self.box(pips_left, row_top, pips_right, bottom),
            self.box(score_left, row_top, _BOARD_RIGHT, bottom) if match else None,
        )

    @cached_property
    def info_parts(self) -> tuple[Box, Box]:
        """The info row's match line (left) and the gnubg IDs in small print (right)."""
        top, bottom = _BOARD_BOTTOM + _FOOTER, _HEIGHT
        split = _BOARD_LEFT + 400
        return (self.box(_BOARD_LEFT, top, split, bottom), self.box(split, top, _BOARD_RIGHT, bottom))

    @cached_property
    def info_row(self) -> Box:
        return self.box(_BOARD_LEFT, _BOARD_BOTTOM + _FOOTER, _BOARD_RIGHT, _HEIGHT)
