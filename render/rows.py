"""The rows around the board: each player's name, pip count and score, and the info row's match line and IDs.

A row is cut in fixed parts (layout.row_parts). Each part is a small hashable value saying what it shows, so a
part is drawn once and reused: picture.py caches its palette version, `part_image` the full-colour one that only
the palette fitting's full-colour boards use.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render import sprites
from render.fonts import Font, draw_plain_text, draw_text, fit, font, glyph, prepare_name
from render.layout import Box, Layout, Point2
from render.painting import paste_centred
from render.scene import TO_ANSWER, TO_PLAY, WINNER, InfoRow, PlayerRow
from render.static import layout, static_rgb
from render.theme import get_theme
from render.words import ENGLISH, fit_word

_FALLBACK_NAMES = ("Player 1", "Player 2")


@lru_cache(maxsize=16)
def _row_background(size: int, theme_name: str, top: bool, acting: bool, arrow: bool = True) -> Image.Image:
    """A row's strip of the static board, highlighted (with a turn arrow for the player to act)."""
    theme, board_layout = get_theme(theme_name), layout(size)
    canvas = static_rgb(size, theme_name).crop(board_layout.player_row(top))
    if acting:
        width, height = canvas.size
        middle, pad = height // 2, board_layout.px(7)
        highlight = sprites.rounded_box(theme.turn_highlight, width, height - 2 * pad, board_layout.px(12))
        canvas.paste(highlight, (0, pad), highlight)
        if arrow:
            tip, x = board_layout.px(9), board_layout.px(10)
            ImageDraw.Draw(canvas).polygon(
                [(x, middle - tip), (x + tip, middle), (x, middle + tip)], fill=theme.last_play
            )
    return canvas


def _row_canvas(size: int, theme_name: str, top: bool, acting: bool, part: Box, arrow: bool = True) -> Image.Image:
    row = layout(size).player_row(top)
    background = _row_background(size, theme_name, top, acting, arrow)
    return background.crop((part[0] - row[0], part[1] - row[1], part[2] - row[0], part[3] - row[1]))


@dataclass(frozen=True, slots=True)
class NamePart:
    """The player's checker colour and name, cut with an ellipsis to fit, then the marker of the player to act
    ("to play", "to answer") in a chip: the board keeps its sides, so the turn must be told in words too. A
    finished game's winner gets "winner" in the chip, without the turn arrow."""

    top: bool
    player: int
    name: str
    marker: str  # the words in the chip, "" for none
    match: bool
    clocked: bool
    arrow: bool = True  # the turn arrow: for the player to act, not for a finished game's winner

    def draw(self, size: int, theme_name: str) -> Image.Image:
        theme, board_layout = get_theme(theme_name), layout(size)
        px, marker = board_layout.px, self.marker
        part = board_layout.row_parts(self.top, self.match, self.clocked)[0]
        canvas = _row_canvas(size, theme_name, self.top, bool(marker), part, arrow=self.arrow)
        middle = canvas.height // 2
        paste_centred(canvas, sprites.checker(theme.players[self.player], px(40)), (px(44), middle))
        name_left, gap = px(74), px(14)
        marker_font = font(px(26), bold=True)  # 10 pixels on a 400-pixel phone
        chip_width = round(marker_font.getlength(marker)) + px(22) if marker else 0
        text, path = prepare_name(self.name, _FALLBACK_NAMES[self.player])
        name_font = font(px(32), path=path)
        text = fit(text, name_font, canvas.width - name_left - (chip_width + gap if marker else 0))
        draw_text(canvas, (name_left, middle), text, name_font, theme.text, anchor="lm")
        if marker:
            chip_left = name_left + round(name_font.getlength(text)) + gap
            chip = sprites.rounded_box(theme.last_play, chip_width, px(38), px(9))
            center = (chip_left + chip_width // 2, middle)
            paste_centred(canvas, chip, center)
            draw_text(canvas, center, marker, marker_font, theme.cube_text, anchor="mm")
        return canvas


@dataclass(frozen=True, slots=True)
class PipsPart:
    """The pip count, and before it the match clock's reserve left when the match has a clock."""

    top: bool
    pips: int
    acting: bool
    match: bool
    clock: str | None
    template: str = ENGLISH.pips

    def draw(self, size: int, theme_name: str) -> Image.Image:
        theme, board_layout = get_theme(theme_name), layout(size)
        part = board_layout.row_parts(self.top, self.match, self.clock is not None)[1]
        canvas = _row_canvas(size, theme_name, self.top, self.acting, part)
        right, middle = canvas.width - board_layout.px(14), canvas.height // 2
        unclocked = board_layout.row_parts(self.top, self.match)[1]
        widest = self.template.format(pips=375)  # one size all game long, whatever the count
        room = unclocked[2] - unclocked[0] - board_layout.px(14 + 4)
        pips_font = fit_word(widest, board_layout.px(29), room)[1]
        text = fit(self.template.format(pips=self.pips), pips_font, room)
        draw_text(canvas, (right, middle), text, pips_font, theme.text, anchor="rm")
        if self.clock is not None:
            left_of_pips = right - round(pips_font.getlength(widest)) - board_layout.px(16)
            clock_font = font(board_layout.px(29), bold=True)
            draw_text(canvas, (left_of_pips, middle), self.clock, clock_font, theme.text, anchor="rm")
        return canvas


@dataclass(frozen=True, slots=True)
class ScorePart:
    """The player's match score as words, "Score 4", behind a divider: plain text, never a square that could be
    taken for the cube (which is drawn as a cube, left of the board)."""

    top: bool
    player: int
    score: int
    acting: bool
    word: str = ENGLISH.score

    def draw(self, size: int, theme_name: str) -> Image.Image:
        theme, board_layout = get_theme(theme_name), layout(size)
        px = board_layout.px
        part = board_layout.row_parts(self.top, True)[2]
        assert part is not None
        canvas = _row_canvas(size, theme_name, self.top, self.acting, part)
        middle, right = canvas.height // 2, canvas.width - px(14)
        ImageDraw.Draw(canvas).line(
            [(px(2), middle - px(18)), (px(2), middle + px(18))], fill=theme.dim_text, width=max(1, px(2))
        )
        score_font = font(px(34), bold=True)
        draw_text(canvas, (right, middle), str(self.score), score_font, theme.text, anchor="rm")
        word_right = right - round(score_font.getlength(str(self.score))) - px(9)
        widest_right = right - round(score_font.getlength("24")) - px(9)  # R8.1: scores below 25
        word, word_font = fit_word(self.word, px(24), widest_right - px(6))  # right of the divider
        draw_text(canvas, (word_right, middle + px(2)), word, word_font, theme.dim_text, anchor="rm")
        return canvas


@dataclass(frozen=True, slots=True)
class LabelPart:
    """ "7-point match · Crawford game" or "Money game" (R8), at the left of the info row, in the reader's words:
    `label` the match's kind, `crawford` the Crawford game's words ("" when this is not the Crawford game)."""

    label: str
    crawford: str

    def draw(self, size: int, theme_name: str) -> Image.Image:
        theme, board_layout = get_theme(theme_name), layout(size)
        canvas = static_rgb(size, theme_name).crop(board_layout.info_parts[0])
        middle, x = canvas.height // 2, board_layout.px(4)
        crawford = f"\u00b7 {self.crawford}" if self.crawford else ""
        whole = f"{self.label} {crawford}" if crawford else self.label
        room = canvas.width - x - board_layout.px(12)  # the IDs start right of the part
        text, label_font = fit_word(whole, board_layout.px(24), room, bold=True)
        label = self.label if text == whole else text  # a cut line is drawn as one
        draw_text(canvas, (x, middle), label, label_font, theme.dim_text, anchor="lm")
        if crawford and text == whole:
            x += round(label_font.getlength(f"{self.label} "))
            draw_text(canvas, (x, middle), crawford, label_font, theme.text, anchor="lm")
        return canvas


RowPart = NamePart | PipsPart | ScorePart | LabelPart


def row_parts(size: int, row: PlayerRow) -> list[tuple[Box, RowPart]]:
    """A player's row in its fixed parts (name, pip count, score), each drawn and cached on its own."""
    top = row.box[1] == 0
    match = row.score is not None
    clocked = row.clock is not None
    name_box, pips_box, score_box = layout(size).row_parts(top, match, clocked)
    words = row.words
    marker = {TO_PLAY: words.to_play, TO_ANSWER: words.to_answer, WINNER: words.winner}.get(row.marker, row.marker)
    parts: list[tuple[Box, RowPart]] = [
        (name_box, NamePart(top, row.player, row.name, marker, match, clocked, arrow=row.marker != WINNER)),
        (pips_box, PipsPart(top, row.pips, row.acting, match, row.clock, words.pips)),
    ]
    if score_box is not None and row.score is not None:
        parts.append((score_box, ScorePart(top, row.player, row.score, row.acting, words.score)))
    return parts


def label_part(size: int, info: InfoRow) -> tuple[Box, LabelPart]:
    words = info.words
    label = words.match.format(length=info.match_length) if info.match_length else words.money_game
    return layout(size).info_parts[0], LabelPart(label, words.crawford if info.crawford else "")


@lru_cache(maxsize=4096)
def part_image(size: int, theme_name: str, part: RowPart) -> Image.Image:
    """A row part drawn in full colour."""
    return part.draw(size, theme_name)


def ids_text(info: InfoRow) -> str:
    parts = [
        info.words.position_id.format(id=info.position_id) if info.position_id else "",
        info.words.match_id.format(id=info.match_id) if info.match_id else "",
    ]
    return "   ".join(part for part in parts if part)  # what does not fit is cut off at the row's left


def ids_anchor(board_layout: Layout) -> Point2:
    box = board_layout.info_parts[1]
    return (box[2] - board_layout.px(4), (box[1] + box[3]) // 2)


def _glyphs_width(text: str, face: Font) -> float:
    return sum(glyph(char, face)[3] for char in text)  # as plain_text_positions lays them out


def ids_font(size: int, info: InfoRow) -> Font:
    """The small print's font: 18 pixels at 1000 wide, smaller when the IDs in the reader's words would run
    past the left of their part."""
    board_layout = layout(size)
    box = board_layout.info_parts[1]
    room = ids_anchor(board_layout)[0] - box[0]
    return fit_word(ids_text(info), board_layout.px(18), room, measure=_glyphs_width)[1]


@lru_cache(maxsize=64)
def ids_image(size: int, theme_name: str, info: InfoRow) -> Image.Image:
    """The gnubg Position ID and Match ID in small print (R10.2), in full colour."""
    theme, board_layout = get_theme(theme_name), layout(size)
    box = board_layout.info_parts[1]
    canvas = static_rgb(size, theme_name).crop(box)
    anchor = ids_anchor(board_layout)
    draw_plain_text(
        canvas,
        (anchor[0] - box[0], anchor[1] - box[1]),
        ids_text(info),
        ids_font(size, info),
        theme.dim_text,
        align_right=True,
    )
    return canvas
