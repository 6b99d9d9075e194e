"""What to draw where, without drawing: one state becomes boxes of layered pieces and rows of text.

Every piece sits in a box fixed by the layout (a checker slot, a die, a tray slab, a point number), over the
static board, so the same box with the same layers always looks the same: the picture module draws each such
patch once and reuses it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from bot.engine import BAR, OFF, Play, Step
from render.banner import Banner
from render.layout import Box, Layout, Point2
from render.marks import Marks
from render.state import PLAYERS, BoardState
from render.words import ENGLISH, BoardWords

# Layers are small hashable tuples, drawn centred in their box, in order:
#   ("checker", player) ("ghost", mark) ("ring", mark) ("die", player, value, dimmed) ("cube", shown)
#   ("halo", mark) ("slab", player) ("slab_mark", mark) ("chip", mark) ("text", text, size, colour_role)
# where mark is "last" or "partial" and colour_role names a theme colour ("frame_text", "dark", "player0", ...).
Layer = tuple[str | int | bool, ...]
LAST, PARTIAL = "last", "partial"
TO_PLAY, TO_ANSWER = "to play", "to answer"
WINNER = "winner"  # the marker of a finished game's winner
OFFERED = "offered"


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """A player's row above or below the board."""

    box: Box
    player: int
    name: str
    pips: int
    score: int | None  # None in a money game
    marker: str  # TO_PLAY or TO_ANSWER for the player to act, WINNER on a finished game's board, else ""
    clock: str | None = None  # the player's match clock reserve left; None: no clock
    words: BoardWords = ENGLISH  # the marker, "pips" and "Score" in the reader's language

    @property
    def acting(self) -> bool:
        """Whether the row is highlighted: the player to act, or the winner of a finished game."""
        return bool(self.marker)


@dataclass(frozen=True, slots=True)
class InfoRow:
    box: Box
    match_length: int
    crawford: bool
    position_id: str
    match_id: str
    words: BoardWords = ENGLISH


@dataclass(slots=True)
class Scene:
    boxes: dict[Box, list[Layer]] = field(default_factory=dict)
    rows: list[PlayerRow] = field(default_factory=list)
    info: InfoRow | None = None
    banner: Banner | None = None

    def add(self, box: Box, *layers: Layer) -> None:
        self.boxes.setdefault(box, []).extend(layers)


def centred(center: Point2, width: int, height: int) -> Box:
    left, top = center[0] - width // 2, center[1] - height // 2
    return (left, top, left + width, top + height)


@lru_cache(maxsize=4096)
def _point_slot(layout: Layout, view_point: int, slot: int) -> Box:
    """The box of a checker slot on a viewer point (cached: boards are built from a few hundred such boxes)."""
    return centred(layout.slot_center(view_point, slot), layout.checker, layout.checker)


@lru_cache(maxsize=256)
def _bar_slot(layout: Layout, top: bool, slot: int) -> Box:
    return centred(layout.bar_slot_center(top, slot), layout.checker, layout.checker)


def build_scene(
    state: BoardState, layout: Layout, perspective: int, last_play: Play | None, partial_steps: Sequence[Step]
) -> Scene:
    builder = _Builder(state, layout, perspective)
    builder.checkers()
    builder.cube()
    builder.dice()
    builder.marks(1 - state.on_roll, Marks.of(last_play.steps if last_play else ()), LAST)
    builder.marks(state.on_roll, Marks.of(partial_steps), PARTIAL)
    builder.rows()
    if state.result is not None:
        builder.scene.banner = Banner(
            layout.banner_box, state.names, state.result, state.scores, state.match_length, state.words
        )
    return builder.scene


class _Builder:
    def __init__(self, state: BoardState, layout: Layout, perspective: int):
        self.state = state
        self.layout = layout
        self.bottom = perspective
        self.scene = Scene()

    def is_top(self, player: int) -> bool:
        return player != self.bottom

    def view_point(self, player: int, point: int) -> int:
        """A player's point in the bottom player's numbering."""
        return point if player == self.bottom else 25 - point

    def point_slot(self, player: int, point: int, slot: int) -> Box:
        return _point_slot(self.layout, self.view_point(player, point), slot)

    def bar_slot(self, player: int, slot: int) -> Box:
        return _bar_slot(self.layout, self.is_top(player), slot)

    def count_text(self, count: int, player: int) -> Layer:
        return ("text", str(count), 26 if count < 10 else 22, f"player{player}")

    def checkers(self) -> None:
        stack = self.layout.stack
        for player in PLAYERS:
            side = self.state.side(player)
            for point in range(1, 25):
                count = side[point]
                for slot in range(min(count, stack)):
                    self.scene.add(self.point_slot(player, point, slot), ("checker", player))
                if count > stack:
                    self.scene.add(self.point_slot(player, point, stack - 1), self.count_text(count, player))
            on_bar = side[BAR]
            for slot in range(min(on_bar, stack)):
                self.scene.add(self.bar_slot(player, slot), ("checker", player))
            if on_bar > 1:
                self.scene.add(self.bar_slot(player, min(on_bar, stack) - 1), self.count_text(on_bar, player))
            self.tray(player, side[OFF])

    def tray(self, player: int, borne_off: int) -> None:
        top, layout = self.is_top(player), self.layout
        for index in range(borne_off):
            self.scene.add(layout.tray_slab(top, index), ("slab", player))
        if not borne_off:
            return
        tray = layout.tray_box(top)
        last = layout.tray_slab(top, borne_off - 1)
        gap = layout.px(20)
        y = last[3] + gap if top else last[1] - gap
        x = (tray[0] + tray[2]) // 2
        if tray[1] + gap // 2 <= y <= tray[3] - gap // 2:
            self.scene.add(centred((x, y), layout.px(44), layout.px(26)), ("text", str(borne_off), 22, "frame_text"))
        else:  # a full tray: the count goes on the last checker
            self.scene.add(last, ("text", str(borne_off), 16, f"player{player}"))

    def cube(self) -> None:
        """The cube in its column (middle or its owner's side), or, while offered, out on the board in the half of
        the player who must answer it, ringed and labelled, as gnubg and XG show a double waiting for an answer."""
        state, layout = self.state, self.layout
        if state.offered_cube and state.answering is not None:
            cube_center, label_center = layout.offer_centers(right_half=not self.is_top(state.answering))
            halo = layout.cube + layout.px(14)
            self.scene.add(centred(cube_center, halo, halo), ("halo", LAST), ("cube", state.offered_cube))
            self.scene.add(centred(label_center, *layout.offer_label), ("text", state.words.offered, 20, LAST))
            return
        owner = self.state.cube_owner
        shown = 64 if owner is None and self.state.cube_value == 1 else self.state.cube_value  # R1.2
        owner_top = None if owner is None else self.is_top(owner)
        center = self.layout.cube_center(owner_top)
        self.scene.add(centred(center, self.layout.cube, self.layout.cube), ("cube", shown))
        caption = centred(self.layout.cube_caption_center(owner_top), *self.layout.cube_caption)
        self.scene.add(caption, ("text", self.state.words.cube, 20, "dim"))

    def dice(self) -> None:
        state = self.state
        if state.dice is None:
            return
        rolled = state.rolled_dice
        remaining = Counter(rolled)
        remaining.subtract(state.used_dice)
        # Each die keeps its place and fades once played; with doubles the first ones fade first.
        faded: list[bool] = []
        for value in reversed(rolled):
            keep = remaining[value] > 0
            faded.append(not keep)
            if keep:
                remaining[value] -= 1
        faded.reverse()
        roller = state.on_roll
        size = self.layout.die
        centers = self.layout.dice_centers(len(rolled), right_half=not self.is_top(roller))
        for value, dim, center in zip(rolled, faded, centers, strict=True):
            self.scene.add(centred(center, size, size), ("die", roller, value, dim))

    def marks(self, player: int, marks: Marks, mark: str) -> None:
        if marks.empty:
            return
        side, stack = self.state.side(player), self.layout.stack
        for point, count in marks.left.items():
            if point != BAR:
                self.number_chip(player, point, mark)
            for slot in range(side[point], min(side[point] + count, stack)):  # beyond the stack: the number only
                box = self.bar_slot(player, slot) if point == BAR else self.point_slot(player, point, slot)
                self.scene.add(box, ("ghost", mark))
        for point, count in marks.arrived.items():
            if point == OFF:
                for index in range(max(0, side[OFF] - count), side[OFF]):
                    self.scene.add(self.layout.tray_slab(self.is_top(player), index), ("slab_mark", mark))
                continue
            self.number_chip(player, point, mark)
            for index in range(min(count, side[point], stack)):
                self.scene.add(self.point_slot(player, point, min(side[point], stack) - 1 - index), ("ring", mark))
        opponent = 1 - player
        on_bar = self.state.side(opponent)[BAR]
        for index in range(min(marks.hits, on_bar, stack)):
            self.scene.add(self.bar_slot(opponent, min(on_bar, stack) - 1 - index), ("ring", mark))

    def number_chip(self, player: int, point: int, mark: str) -> None:
        """A chip over the frame's number of a point a play left or reached. It keeps the frame's number, the
        viewer's own numbering, for either player's play: the chips must read like the labels beside them
        (the top player's "13/8" marks the frame's 12 and 17)."""
        view_point = self.view_point(player, point)
        box = centred(self.layout.number_center(view_point), self.layout.px(42), self.layout.px(26))
        self.scene.add(box, ("chip", mark), ("text", str(view_point), 20, "dark"))

    def rows(self) -> None:
        state = self.state
        for player in PLAYERS:
            self.scene.rows.append(
                PlayerRow(
                    box=self.layout.player_row(self.is_top(player)),
                    player=player,
                    name=state.names[player],
                    pips=state.pips(player),
                    score=state.scores[player] if state.match_length else None,
                    marker=self.marker(player),
                    clock=None if state.clocks is None else state.clocks[player],
                    words=state.words,
                )
            )
        self.scene.info = InfoRow(
            self.layout.info_row, state.match_length, state.crawford, state.position_id, state.match_id, state.words
        )

    def marker(self, player: int) -> str:
        state = self.state
        if state.result is not None:
            return WINNER if player == state.result.winner else ""
        if player != state.acting:
            return ""
        return TO_PLAY if state.answering is None else TO_ANSWER
