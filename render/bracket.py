"""The tournament bracket as a picture, in the board's colours: one column per round, a box per
match with the seeds, names and scores, the winner marked in the board's amber and matches in play in its blue.

Pure: plain data in (`BracketPicture`, built by the front end from the stored bracket), PNG bytes out; callers
run it off the event loop. Names are drawn like the board's (render.fonts: any script, cut to fit). The picture's
own words come in `BracketWords` (English by default; the front end fills them in the server's language),
and every text is cut to its place: `overflowing` says which words a language writes too long to show whole.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from render.fonts import fit, font, prepare_name
from render.theme import DARK, RGB, Theme

BOX_WIDTH, ROW_HEIGHT, NOTE_HEIGHT = 230, 26, 16
BOX_HEIGHT = 2 * ROW_HEIGHT
SLOT_HEIGHT = BOX_HEIGHT + NOTE_HEIGHT + 14  # a first-round box with its note and the gap below
COLUMN_GAP, MARGIN, HEADER = 44, 24, 104
SEED_WIDTH, SCORE_WIDTH = 30, 34
CHAMPION_WIDTH = 200
#: The room of each kind of text: a round's name over its column, a player's line in a box, the note under a box,
#: the word over the champion's name.
ROUND_NAME_WIDTH = BOX_WIDTH + COLUMN_GAP - 8
NAME_WIDTH = BOX_WIDTH - SEED_WIDTH - SCORE_WIDTH - 6
NOTE_WIDTH = BOX_WIDTH - 4
CHAMPION_LABEL_WIDTH = CHAMPION_WIDTH + COLUMN_GAP - 24


#: (size, bold) of the fonts of those texts, and of the subtitle.
ROUND_FONT, WORD_FONT, NOTE_FONT, LABEL_FONT, SUBTITLE_FONT = (
    (14, True),
    (13, False),
    (12, False),
    (13, True),
    (14, False),
)


@dataclass(frozen=True, slots=True)
class BracketWords:
    """The picture's own words (the names, round names, subtitle and notes come with the picture's data)."""

    bye: str = "bye"
    to_be_decided: str = "to be decided"
    champion: str = "Champion"
    player: str = "Player"  # for a name with no letter the fonts can draw
    tournament: str = "Tournament"  # the same, for the tournament's name


@dataclass(frozen=True, slots=True)
class Side:
    """One line of a match box: the player (None: not known yet), the seed, the score, or a bye."""

    name: str | None
    seed: int | None = None
    score: int | None = None
    bye: bool = False


@dataclass(frozen=True, slots=True)
class Box:
    """One match of the bracket. `winner` is 0 or 1 once decided; `live` while it is being played; `note`
    is a short line under the box ('awarded: no-show', 'stopped')."""

    sides: tuple[Side, Side]
    winner: int | None = None
    live: bool = False
    note: str = ""
    hidden: bool = False  # a slot no player will ever reach (two byes): not drawn


@dataclass(frozen=True, slots=True)
class BracketPicture:
    title: str
    subtitle: str
    round_names: tuple[str, ...]
    rounds: tuple[tuple[Box, ...], ...]  # rounds[0] is the first round; each halves the one before
    round_in_play: int | None = None  # 1-based; its name is marked
    champion: str | None = None
    words: BracketWords = field(default_factory=BracketWords)


def _centre(round_index: int, index: int) -> int:
    """The vertical centre of a box, relative to the top of the first column: a box sits midway between the
    two boxes that feed it (the python-qrcode habit: one geometry helper, everything else calls it)."""
    span = SLOT_HEIGHT << round_index
    return index * span + span // 2


def _column_left(round_index: int) -> int:
    return MARGIN + round_index * (BOX_WIDTH + COLUMN_GAP)


def size_of(picture: BracketPicture) -> tuple[int, int]:
    rounds = len(picture.rounds)
    first = len(picture.rounds[0]) if picture.rounds else 1
    width = _column_left(rounds) + CHAMPION_WIDTH + MARGIN
    height = HEADER + first * SLOT_HEIGHT + MARGIN
    return width, height


def bracket_image(picture: BracketPicture, *, theme: Theme = DARK) -> bytes:
    """The bracket as PNG bytes."""
    image = Image.new("RGB", size_of(picture), theme.background)
    draw = ImageDraw.Draw(image)
    _header(draw, picture, theme, image.width - 2 * MARGIN)
    for round_index, boxes in enumerate(picture.rounds):
        left = _column_left(round_index)
        current = picture.round_in_play == round_index + 1
        name = picture.round_names[round_index] if round_index < len(picture.round_names) else ""
        draw.text(
            (left, HEADER - 16),
            fit(name, font(*ROUND_FONT), ROUND_NAME_WIDTH),
            font=font(*ROUND_FONT),
            fill=theme.partial_play if current else theme.dim_text,
            anchor="ls",
        )
        for index, box in enumerate(boxes):
            if box.hidden:
                continue
            top = HEADER + _centre(round_index, index) - BOX_HEIGHT // 2
            _box(draw, left, top, box, picture.words, theme)
            if round_index + 1 < len(picture.rounds):
                _connector(draw, round_index, index, theme)
    _champion(draw, picture, theme)
    stream = io.BytesIO()
    image.save(stream, format="PNG", optimize=True)
    return stream.getvalue()


def _header(draw: ImageDraw.ImageDraw, picture: BracketPicture, theme: Theme, width: int) -> None:
    title, path = prepare_name(picture.title, picture.words.tournament)
    title_font = font(24, path=path)
    draw.text((MARGIN, 34), fit(title, title_font, width), font=title_font, fill=theme.text, anchor="ls")
    small = font(*SUBTITLE_FONT)
    draw.text((MARGIN, 56), fit(picture.subtitle, small, width), font=small, fill=theme.dim_text, anchor="ls")


def _box(draw: ImageDraw.ImageDraw, left: int, top: int, box: Box, words: BracketWords, theme: Theme) -> None:
    right, bottom = left + BOX_WIDTH, top + BOX_HEIGHT
    outline = theme.partial_play if box.live else theme.frame_edge
    draw.rounded_rectangle(
        (left, top, right, bottom), radius=6, fill=theme.field, outline=outline, width=3 if box.live else 2
    )
    draw.line((left + 2, top + ROW_HEIGHT, right - 2, top + ROW_HEIGHT), fill=theme.tray, width=1)
    for row, side in enumerate(box.sides):
        won, lost = box.winner == row, box.winner == 1 - row
        _side(draw, (left, top + row * ROW_HEIGHT), side, (won, lost), words, theme)
    if box.note:
        note_font = font(*NOTE_FONT)
        draw.text(
            (left + 4, bottom + 4),
            fit(box.note, note_font, NOTE_WIDTH),
            font=note_font,
            fill=theme.dim_text,
            anchor="lt",
        )


def _side(
    draw: ImageDraw.ImageDraw,
    corner: tuple[int, int],
    side: Side,
    result: tuple[bool, bool],
    words: BracketWords,
    theme: Theme,
) -> None:
    """One player's line of a box (`result`: whether they won, whether they lost)."""
    (left, top), (won, lost) = corner, result
    middle = top + ROW_HEIGHT // 2
    if won:
        draw.rectangle((left + 3, top + 4, left + 7, top + ROW_HEIGHT - 4), fill=theme.last_play)
    if side.seed is not None:
        draw.text((left + SEED_WIDTH - 4, middle), str(side.seed), font=font(12), fill=theme.frame_text, anchor="rm")
    colour = theme.last_play if won else theme.points[0] if lost else theme.frame_text
    if side.bye or side.name is None:
        word = words.bye if side.bye else words.to_be_decided
        face = font(*WORD_FONT)
        draw.text(
            (left + SEED_WIDTH + 2, middle), fit(word, face, NAME_WIDTH), font=face, fill=theme.points[0], anchor="lm"
        )
    else:
        text, path = prepare_name(side.name, words.player)
        face = font(14, path=path)
        draw.text((left + SEED_WIDTH + 2, middle), fit(text, face, NAME_WIDTH), font=face, fill=colour, anchor="lm")
    if side.score is not None:
        draw.text(
            (left + BOX_WIDTH - 10, middle),
            str(side.score),
            font=font(14, bold=True),
            fill=theme.last_play if won else theme.frame_text,
            anchor="rm",
        )


def _connector(draw: ImageDraw.ImageDraw, round_index: int, index: int, theme: Theme) -> None:
    """From a box's right edge to the middle of the gap, then along to the next round's box."""
    right = _column_left(round_index) + BOX_WIDTH
    middle_x = right + COLUMN_GAP // 2
    y = HEADER + _centre(round_index, index)
    target = HEADER + _centre(round_index + 1, index // 2)
    colour: RGB = theme.dim_text
    draw.line([(right, y), (middle_x, y), (middle_x, target), (right + COLUMN_GAP, target)], fill=colour, width=2)


def _champion(draw: ImageDraw.ImageDraw, picture: BracketPicture, theme: Theme) -> None:
    rounds = len(picture.rounds)
    if not rounds:
        return
    left = _column_left(rounds) - COLUMN_GAP + 14
    y = HEADER + _centre(rounds - 1, 0)
    final_right = _column_left(rounds - 1) + BOX_WIDTH
    draw.line([(final_right, y), (left, y)], fill=theme.dim_text, width=2)
    label = fit(picture.words.champion, font(*LABEL_FONT), CHAMPION_LABEL_WIDTH)
    draw.text((left + 6, y - 16), label, font=font(*LABEL_FONT), fill=theme.dim_text, anchor="ls")
    if picture.champion is None:
        draw.text((left + 6, y + 4), "?", font=font(18, bold=True), fill=theme.dim_text, anchor="lm")
        return
    text, path = prepare_name(picture.champion, picture.words.player)
    face = font(18, bold=True, path=path)
    draw.text(
        (left + 6, y + 4),
        fit(text, face, CHAMPION_LABEL_WIDTH),
        font=face,
        fill=theme.last_play,
        anchor="lm",
    )


def empty_rounds(counts: Sequence[int]) -> tuple[tuple[Box, ...], ...]:
    """Rounds of undecided boxes, `counts` boxes each (for previews and tests)."""
    unknown = Box((Side(None), Side(None)))
    return tuple(tuple(unknown for _ in range(count)) for count in counts)


def overflowing(picture: BracketPicture) -> list[str]:
    """The texts of the picture too wide for their place, which would be cut: its fixed words (all of them, shown or
    not), subtitle, round names and notes (an award's note holds the organiser's reason: check with a short one).
    Players' and tournaments' names are not counted: they are cut to fit like the board's."""
    words = picture.words
    placed = [
        (words.bye, font(*WORD_FONT), NAME_WIDTH),
        (words.to_be_decided, font(*WORD_FONT), NAME_WIDTH),
        (words.player, font(14, bold=True), NAME_WIDTH),
        (words.champion, font(*LABEL_FONT), CHAMPION_LABEL_WIDTH),
        (picture.subtitle, font(*SUBTITLE_FONT), size_of(picture)[0] - 2 * MARGIN),
        *((name, font(*ROUND_FONT), ROUND_NAME_WIDTH) for name in picture.round_names),
        *((box.note, font(*NOTE_FONT), NOTE_WIDTH) for boxes in picture.rounds for box in boxes if box.note),
    ]
    return [text for text, face, width in placed if face.getlength(text) > width]
