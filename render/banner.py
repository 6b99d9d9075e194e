"""The result written across a finished game's final board: who won, how, for how many points, and the score.

Players look at the last picture of a game to see what happened; the text beside it may be folded away, so the
picture says it itself, large enough to read on a phone. The banner is drawn once per result and laid over the
board over it, a little translucent, so that the checkers it covers (one left on the bar, in a backgammon) still show.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw

from bot.engine.outcome import Outcome
from render import sprites
from render.fonts import BOLD, FALLBACK, Font, fit, font, prepare_name
from render.layout import Box
from render.static import layout
from render.theme import get_theme
from render.words import ENGLISH, BoardWords, fit_word, smallest, word_width

_FALLBACK_NAMES = ("Player 1", "Player 2")
_HEADLINE, _SCORE_LINE = 34, 28  # font sizes at 1000 pixels wide: 13 and 11 pixels on a 400-pixel phone
_OPACITY = 0.8  # the checkers under the banner (one on the bar, in a backgammon) still show through


def result_lines(
    names: tuple[str, str],
    result: Outcome,
    scores: tuple[int, int],
    match_length: int,
    words: BoardWords = ENGLISH,
) -> tuple[str, str]:
    """The banner's two lines: what happened and what it was worth; then the score after the game (the match's
    end when it ended the match)."""
    winner, loser = names[result.winner], names[1 - result.winner]
    headline = words.headline(result.kind).format(winner=winner, loser=loser, points=words.points_text(result.points))
    if not match_length:
        return headline, words.money_game
    mine, theirs = scores[result.winner], scores[1 - result.winner]
    if mine >= match_length:
        return headline, words.match_won.format(winner=winner, mine=mine, theirs=theirs)
    score = {"first": names[0], "second": names[1], "first_score": scores[0], "second_score": scores[1]}
    return headline, words.score_line.format(**score, length=match_length)


@dataclass(frozen=True, slots=True)
class Banner:
    """What the banner shows: a hashable value, so that its picture is drawn once."""

    box: Box
    names: tuple[str, str]
    result: Outcome
    scores: tuple[int, int]
    match_length: int
    words: BoardWords = ENGLISH


def _names_and_font(names: tuple[str, str]) -> tuple[tuple[str, str], Path]:
    """The drawable names and one font for the whole line: the fallback font when either name needs it (it
    draws Latin letters too)."""
    prepared = [prepare_name(name, _FALLBACK_NAMES[player]) for player, name in enumerate(names)]
    path = FALLBACK if any(path == FALLBACK for _, path in prepared) else BOLD
    return (prepared[0][0], prepared[1][0]), path


@lru_cache(maxsize=64)
def banner_image(size: int, theme_name: str, banner: Banner) -> Image.Image:
    """The banner in full colour with its alpha: a dark rounded panel, amber edged, with the two lines."""
    theme, board_layout = get_theme(theme_name), layout(size)
    px = board_layout.px
    width, height = banner.box[2] - banner.box[0], banner.box[3] - banner.box[1]
    canvas = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    panel = sprites.rounded_box((24, 25, 28), width, height, px(14), outline=theme.last_play)
    canvas.paste(panel, (0, 0), panel)
    canvas.putalpha(canvas.getchannel("A").point(lambda value: round(value * _OPACITY)))
    draw = ImageDraw.Draw(canvas)
    headline, score_line = banner_lines(size, banner)
    for line, fill in ((headline, (242, 243, 245)), (score_line, theme.last_play)):
        draw.text(line.center, line.text, font=line.face, fill=fill, anchor="mm")
    return canvas


@dataclass(frozen=True, slots=True)
class BannerLine:
    """One line of the banner as drawn: its text, its font and its centre on the banner."""

    text: str
    face: Font
    center: tuple[int, int]


def banner_lines(size: int, banner: Banner) -> tuple[BannerLine, BannerLine]:
    """The headline and the score line, each in the largest font (down to words.SMALLEST of its size) that fits
    the banner. Long names are cut to two fifths of it, and shorter still in a line whose words would not fit
    beside them even in the smallest font: what happened always shows whole."""
    px = layout(size).px
    width, height = banner.box[2] - banner.box[0], banner.box[3] - banner.box[1]
    names, path = _names_and_font(banner.names)
    room = width - px(40)
    name_font = font(px(_HEADLINE), path=path)
    short = (fit(names[0], name_font, room * 2 // 5), fit(names[1], name_font, room * 2 // 5))
    texts = result_lines(short, banner.result, banner.scores, banner.match_length, banner.words)
    bare = result_lines(_MARKS, banner.result, banner.scores, banner.match_length, banner.words)
    lines = []
    for text, bare_text, points, share in zip(texts, bare, (px(_HEADLINE), px(_SCORE_LINE)), (36, 72), strict=True):
        drawn, face = fit_word(text, points, room, path=path)
        if drawn != text:
            drawn, face = _with_shorter_names(bare_text, names, points, room, path)
        lines.append(BannerLine(drawn, face, (width // 2, height * share // 100)))
    return lines[0], lines[1]


_MARKS = ("\x00", "\x01")  # where each name goes in a line (prepare_name leaves no control character in a name)


def _with_shorter_names(bare: str, names: tuple[str, str], points: int, room: int, path: Path) -> tuple[str, Font]:
    """A line whose words do not fit beside the names: the names share what the words leave in the smallest
    font."""
    face = font(smallest(points), path=path)
    count = sum(bare.count(mark) for mark in _MARKS)
    words = word_width(bare.replace(_MARKS[0], "").replace(_MARKS[1], ""), face)
    name_room = max(0, room - words) // max(1, count)
    text = bare
    for mark, name in zip(_MARKS, names, strict=True):
        text = text.replace(mark, fit(name, face, name_room))
    return fit_word(text, points, room, path=path)


def draw_banner(image: Image.Image, size: int, theme_name: str, banner: Banner) -> None:
    """Lay the banner over a full-colour board."""
    picture = banner_image(size, theme_name, banner)
    region = image.crop(banner.box).convert("RGBA")
    region.alpha_composite(picture)
    image.paste(region.convert("RGB"), banner.box[:2])
