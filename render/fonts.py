"""Fonts shipped in render/fonts/ (licences beside them) and safe drawing of user-supplied names.

Names may hold any Unicode. Right-to-left scripts are shaped and ordered by Pillow's raqm layout when present.
A name is drawn in the first font that has all its characters (DejaVu Sans Bold, DejaVu Sans, then Droid Sans
Fallback for Chinese, Japanese and Korean); characters no font has (most emoji) are left out rather than drawn
as empty boxes, and a name left empty falls back to a label. Long names are cut with an ellipsis to fit.
"""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, features

from render.theme import RGB

FONT_DIR = Path(__file__).with_name("fonts")
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
FALLBACK = FONT_DIR / "DroidSansFallback.ttf"
NAME_FONTS = (BOLD, REGULAR, FALLBACK)
ELLIPSIS = "\u2026"
_NOT_A_CHARACTER = "\uffff"  # in no font's character map: draws the font's "missing glyph" box
_BIDI_MARKS = "\u200e\u200f\u061c"

Font = ImageFont.FreeTypeFont


def _layout() -> ImageFont.Layout:
    return ImageFont.Layout.RAQM if features.check_feature("raqm") else ImageFont.Layout.BASIC


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False, path: Path | None = None) -> Font:
    """A font of the package at a pixel size (DejaVu Sans unless `path` names another shipped font)."""
    chosen = path or (BOLD if bold else REGULAR)
    return ImageFont.truetype(str(chosen), size, layout_engine=_layout())


@cache
def _probe(path: Path) -> Font:
    return ImageFont.truetype(str(path), 24, layout_engine=ImageFont.Layout.BASIC)


@cache
def _missing_glyph_mask(path: Path) -> bytes:
    return bytes(_probe(path).getmask(_NOT_A_CHARACTER))


@lru_cache(maxsize=16384)
def has_glyph(path: Path, char: str) -> bool:
    """Whether the font draws `char` with a real glyph, not its missing-glyph box."""
    return bytes(_probe(path).getmask(char)) != _missing_glyph_mask(path)


def _needs_glyph(char: str) -> bool | None:
    """True for characters that need a glyph, False for ones always kept (spaces, bidi marks), None to drop."""
    category = unicodedata.category(char)
    if category.startswith("Z"):
        return False
    if category == "Cf":  # format characters: keep the bidi marks raqm understands, drop the rest (ZWJ, ...)
        return False if char in _BIDI_MARKS else None
    if category.startswith("C"):  # controls, surrogates, private use, unassigned
        return None
    return True


def prepare_name(name: str, fallback: str) -> tuple[str, Path]:
    """The drawable part of a user's name and the font to draw it in; `fallback` if nothing drawable is left."""
    chars = [" " if char.isspace() else char for char in unicodedata.normalize("NFC", name)]
    chars = [char for char in chars if _needs_glyph(char) is not None]
    needed = {char for char in chars if _needs_glyph(char)}
    coverage = [(sum(has_glyph(path, char) for char in needed), path) for path in NAME_FONTS]
    best = max(count for count, _ in coverage)
    path = next(path for count, path in coverage if count == best)  # the first font among the best ones
    kept = "".join(char for char in chars if char not in needed or has_glyph(path, char))
    text = " ".join(kept.split())
    if not text.strip(_BIDI_MARKS):
        return fallback, BOLD
    return text, path


def fit(text: str, face: Font, max_width: int) -> str:
    """`text` cut with an ellipsis so that it is at most `max_width` pixels wide (binary search on length).

    No glyph of the shipped fonts is narrower than a quarter of the font size (zero-width marks aside), so
    longer text is cut to that many characters before measuring: shaping a 100-character name is slow.
    """
    limit = max_width // max(1, round(face.size) // 4) + 1
    if len(text) <= limit and face.getlength(text) <= max_width:
        return text
    text = text[:limit]
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if face.getlength(text[:middle].rstrip() + ELLIPSIS) <= max_width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


@lru_cache(maxsize=1024)  # each a word's mask, up to tens of KB: the parts drawn with them are cached too
def _text_mask(text: str, face: Font, anchor: str) -> tuple[Image.Image, int, int]:
    left, top, right, bottom = (round(edge) for edge in face.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top


def draw_text(image: Image.Image, xy: tuple[int, int], text: str, face: Font, fill: RGB, anchor: str = "la") -> None:
    """Draw text like `ImageDraw.text`, reusing the rendered glyphs of texts drawn before (counts, labels)."""
    mask, left, top = _text_mask(text, face, anchor)
    image.paste(fill, (xy[0] + left, xy[1] + top), mask)


@lru_cache(maxsize=1024)
def glyph(char: str, face: Font) -> tuple[Image.Image, int, int, float]:
    """One character's mask, its offset from the pen on the baseline, and its advance."""
    mask, left, top = _text_mask(char, face, "ls")
    return mask, left, top, face.getlength(char)


def plain_text_positions(
    text: str, face: Font, xy: tuple[int, int], align_right: bool = False
) -> list[tuple[str, tuple[int, int]]]:
    """Where each visible character of short left-to-right text goes (its mask's corner), vertically centred on
    xy: text that changes every move (IDs) is then drawn from cached glyphs instead of being shaped again.
    Kerning is skipped, which small print does not need."""
    width = sum(glyph(char, face)[3] for char in text)
    ascent, descent = face.getmetrics()
    pen = xy[0] - width if align_right else float(xy[0])
    baseline = xy[1] + (ascent - descent) // 2
    positions = []
    for char in text:
        _, left, top, advance = glyph(char, face)
        if not char.isspace():
            positions.append((char, (round(pen) + left, baseline + top)))
        pen += advance
    return positions


def draw_plain_text(
    image: Image.Image, xy: tuple[int, int], text: str, face: Font, fill: RGB, align_right: bool = False
) -> None:
    """Draw short left-to-right text from cached glyphs (see plain_text_positions)."""
    for char, corner in plain_text_positions(text, face, xy, align_right):
        image.paste(fill, corner, glyph(char, face)[0])
