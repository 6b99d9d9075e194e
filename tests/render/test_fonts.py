"""Names are user input: any Unicode draws without error, in a font that has its letters, cut to fit."""

from __future__ import annotations

from render.fonts import BOLD, ELLIPSIS, FALLBACK, fit, font, has_glyph, prepare_name


def test_plain_names_keep_the_bold_font() -> None:
    assert prepare_name("  Alice   Smith ", "Player 1") == ("Alice Smith", BOLD)


def test_emoji_the_fonts_lack_are_left_out_and_the_rest_kept() -> None:
    assert not has_glyph(BOLD, "\U0001f3b2")
    assert prepare_name("\U0001f3b2 Dicey \U0001f525", "Player 1")[0] == "Dicey"


def test_a_name_with_nothing_drawable_falls_back_to_the_label() -> None:
    for name in ("", "   ", "\U0001f468\u200d\U0001f469\u200d\U0001f467", "\x00\x07", "\u200f"):
        assert prepare_name(name, "Player 2") == ("Player 2", BOLD)


def test_right_to_left_names_stay_in_dejavu() -> None:
    hebrew, path = prepare_name("\u05e9\u05dc\u05d5\u05dd", "P")
    arabic, _ = prepare_name("\u0645\u0631\u062d\u0628\u0627", "P")
    assert hebrew == "\u05e9\u05dc\u05d5\u05dd" and path == BOLD and arabic == "\u0645\u0631\u062d\u0628\u0627"


def test_chinese_japanese_and_korean_names_use_the_fallback_font() -> None:
    for name in ("\u65e5\u672c\u8a9e", "\ud55c\uad6d\uc5b4", "\u4e2d\u6587"):
        assert prepare_name(name, "P") == (name, FALLBACK)


def test_fit_cuts_long_text_with_an_ellipsis_within_the_width() -> None:
    face = font(26, bold=True)
    for text in ("W" * 100, "\u05d0" * 100, "\u65e5" * 100, "a b " * 40):
        cut = fit(text, face, 300)
        assert cut.endswith(ELLIPSIS) and face.getlength(cut) <= 300
        assert len(cut) > 5  # cut near the width, not to nothing
    assert fit("Bob", face, 300) == "Bob"
