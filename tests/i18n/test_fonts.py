"""The board pictures' fonts draw every letter of the languages to come (issue 35): Greek and Turkish letters are
in DejaVu Sans, regular and bold, rather than the empty box of a missing glyph."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import ImageFont

FONTS = Path(__file__).resolve().parents[2] / "render" / "fonts"
LETTERS = "ΑαΒβΓγΔδΕεΖζΗηΘθΙιΚκΛλΜμΝνΞξΟοΠπΡρΣσςΤτΥυΦφΧχΨψΩωάέήίόύώ" + "ÇçĞğİıÖöŞşÜü" + "ÄäßÉéÈèÀàÑñÃãÕõÊêÔôÙù"
MISSING = "\U000f0000"  # a private-use code point no font here has: its drawing is the missing-glyph box


@pytest.mark.parametrize("name", ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"])
def test_every_letter_has_its_own_glyph(name: str) -> None:
    font = ImageFont.truetype(str(FONTS / name), 24)
    box = bytes(font.getmask(MISSING))
    drawn_as_box = [letter for letter in LETTERS if bytes(font.getmask(letter)) == box]
    assert drawn_as_box == []
