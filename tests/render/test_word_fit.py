"""Every word on a board picture fits its box in every language (issue 35).

The boards below show every word of `render.BoardWords` (the markers, pips beside a clock, "Score", the match line
with Crawford, "Money game", the cube's caption, "offered", the IDs and every kind of result banner). Each text is
measured where the renderer draws it, with Pillow's `textbbox`, against the part or patch it is drawn on: a word
must lie inside it, whole (a word cut with an ellipsis means it did not fit even drawn smaller). A translation too
long for its box fails here.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from PIL import Image, ImageDraw

from bot.engine import Position
from bot.engine.outcome import Outcome, OutcomeKind
from bot.i18n import available_languages
from cogs.ui.board_words import board_words
from render import BoardWords, painting, rows
from render.banner import banner_lines, result_lines
from render.fonts import ELLIPSIS, Font, glyph, plain_text_positions
from render.rows import ids_anchor, ids_font, ids_text, label_part, row_parts
from render.samples import Example, ids_state
from render.scene import InfoRow, build_scene
from render.state import BoardState
from render.static import layout

NAMES = ("Alexandra", "Maximilian")  # names of a usual length: the banner cuts longer ones to make room
SIZES = (400, 1000)  # the phone's width, where the sizes round the most, and the default
MIDDLE_GAME = Position.from_points({24: 2, 13: 4, 8: 3, 6: 4, 5: 2}, {24: 2, 13: 5, 8: 2, 6: 4, 4: 2})
ENDINGS = (
    OutcomeKind.SINGLE,
    OutcomeKind.GAMMON,
    OutcomeKind.BACKGAMMON,
    OutcomeKind.DROPPED,
    OutcomeKind.RESIGNED,
    OutcomeKind.TIMEOUT,
)


@dataclass(frozen=True)
class Drawn:
    """A text as drawn: its ink's box and the box of what it was drawn on (both in the same pixels)."""

    text: str
    ink: tuple[int, int, int, int]
    box: tuple[int, int, int, int]


def _final(words: BoardWords, kind: OutcomeKind, scores: tuple[int, int], match_length: int) -> Example:
    state = ids_state(MIDDLE_GAME, on_roll=0, names=NAMES, match_length=match_length, cube_value=4, cube_owner=1)
    result = Outcome(winner=0, kind=kind, points=12, cube=4)
    return Example(dataclasses.replace(state, scores=scores, game_over=True, result=result, words=words), 0)


def boards(words: BoardWords) -> Iterator[Example]:
    """Boards that together show every word, with the widest numbers they take (25-point match, 3-digit pips)."""
    start = Position.initial()
    crawford = ids_state(start, on_roll=1, names=NAMES, scores=(24, 20), match_length=25, crawford=True, dice=(5, 2))
    yield Example(dataclasses.replace(crawford, clocks=("12:30", "0:07"), words=words), 1)
    offer = ids_state(MIDDLE_GAME, on_roll=1, names=NAMES, answering=0, offered_cube=2)
    yield Example(dataclasses.replace(offer, clocks=("4:30", "9:59"), words=words), 0)
    for owner in (0, 1):  # the cube's caption below and above the cube
        owned = ids_state(start, on_roll=owner, names=NAMES, cube_value=2, cube_owner=owner, dice=(6, 1))
        yield Example(dataclasses.replace(owned, words=words), 0)
    for kind in ENDINGS:
        yield _final(words, kind, (20, 24), 25)
    yield _final(words, OutcomeKind.GAMMON, (25, 3), 25)  # the match won
    yield _final(words, OutcomeKind.SINGLE, (0, 0), 0)  # a money game


def _ink(canvas: Image.Image, xy: tuple[int, int], text: str, face: Font, anchor: str) -> tuple[int, int, int, int]:
    left, top, right, bottom = ImageDraw.Draw(canvas).textbbox(xy, text, font=face, anchor=anchor)
    return (int(left), int(top), int(right), int(bottom))


def drawn_texts(state: BoardState, perspective: int, size: int, monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    """Every text the board's rows, info row and patches draw, and the banner's lines, as drawn (no cache)."""
    drawn: list[Drawn] = []
    original = rows.draw_text

    def recording(
        canvas: Image.Image, xy: tuple[int, int], text: str, face: Font, fill: object, anchor: str = "la"
    ) -> None:
        drawn.append(Drawn(text, _ink(canvas, xy, text, face, anchor), (0, 0, *canvas.size)))
        original(canvas, xy, text, face, fill, anchor)  # type: ignore[arg-type]

    monkeypatch.setattr(rows, "draw_text", recording)
    monkeypatch.setattr(painting, "draw_text", recording)
    scene = build_scene(state, layout(size), perspective, None, ())
    for row in scene.rows:
        for _, part in row_parts(size, row):
            part.draw(size, "dark")
    assert scene.info is not None
    label_part(size, scene.info)[1].draw(size, "dark")
    for box, layers in scene.boxes.items():
        if any(layer[0] == "text" for layer in layers):
            painting.patch.__wrapped__(size, "dark", box, tuple(layers))
    return drawn + _ids(scene.info, size)


def _ids(info: InfoRow, size: int) -> list[Drawn]:
    """The IDs' small print, glyph by glyph as the picture pastes it, against their part of the info row."""
    face, box = ids_font(size, info), layout(size).info_parts[1]
    text = ids_text(info)
    corners = plain_text_positions(text, face, ids_anchor(layout(size)), align_right=True)
    left = min(corner[0] for _, corner in corners)
    last_char, last_corner = corners[-1]
    right = last_corner[0] + glyph(last_char, face)[0].width
    return [Drawn(text, (left, box[1], right, box[3]), box)]


def misfits(words: BoardWords, size: int, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts of boards drawn with `words` that leave their box or are cut, described for a failure."""
    found = []
    for example in boards(words):
        for text in drawn_texts(example.state, example.perspective, size, monkeypatch):
            (left, top, right, bottom), (box_left, box_top, box_right, box_bottom) = text.ink, text.box
            outside = left < box_left or top < box_top or right > box_right or bottom > box_bottom
            if outside or ELLIPSIS in text.text:
                found.append(f"{text.text!r} drawn at {text.ink} in {text.box} ({size} px)")
        found.extend(_banner_misfits(example.state, size))
    return sorted(set(found))


def _banner_misfits(state: BoardState, size: int) -> list[str]:
    """A banner line must stay inside the panel's rounded edge and show its words whole; a name may be cut, to
    no fewer than four letters."""
    scene = build_scene(state, layout(size), 0, None, ())
    if scene.banner is None:
        return []
    banner, result = scene.banner, scene.banner.result
    width, height = banner.box[2] - banner.box[0], banner.box[3] - banner.box[1]
    edge = layout(size).px(14)
    canvas = Image.new("RGBA", (width, height))
    bare = result_lines(("\x00", "\x01"), result, state.scores, state.match_length, state.words)
    found = []
    for line, template in zip(banner_lines(size, banner), bare, strict=True):
        left, top, right, bottom = _ink(canvas, line.center, line.text, line.face, "mm")
        pattern = "".join(
            "(.+)" if part in ("\x00", "\x01") else re.escape(part) for part in re.split("([\x00\x01])", template)
        )
        match = re.fullmatch(pattern, line.text)
        names_kept = match is not None and all(
            name == whole or (name.endswith(ELLIPSIS) and len(name) > 4 and whole.startswith(name[:-1]))
            for name, whole in zip(match.groups(), _names_in(template), strict=True)
        )
        if left < edge or right > width - edge or top < 0 or bottom > height or not names_kept:
            found.append(f"banner {line.text!r} at {(left, top, right, bottom)} in {(0, 0, width, height)} ({size} px)")
    return found


def _names_in(template: str) -> list[str]:
    return [NAMES[0] if mark == "\x00" else NAMES[1] for mark in re.findall("[\x00\x01]", template)]


@pytest.mark.parametrize("language", available_languages())
def test_every_board_word_fits_its_box(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    words = board_words(language)
    assert [misfit for size in SIZES for misfit in misfits(words, size, monkeypatch)] == []


def test_a_translation_too_long_for_its_box_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The measure has teeth: words a little long are drawn smaller and pass, words far too long are cut and fail."""
    a_little_long = dataclasses.replace(BoardWords(), cube="cubes", crawford="Crawford game!")
    assert misfits(a_little_long, 1000, monkeypatch) == []
    far_too_long = dataclasses.replace(
        BoardWords(), cube="doubling cube", offered="offered to double", score="Points scored"
    )
    found = " ".join(misfits(far_too_long, 1000, monkeypatch))
    assert "'doubl\u2026'" in found and "'offered t\u2026'" in found and "'Points\u2026'" in found
    long_result = dataclasses.replace(
        BoardWords(), wins_gammon="{winner} wins a gammon, which counts as a double game: {points}"
    )
    assert any(misfit.startswith("banner") for misfit in misfits(long_result, 1000, monkeypatch))
