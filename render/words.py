"""The words a board picture shows, as plain data: the renderer draws them and never translates.

English by default; the front end (cogs.ui.board_words) fills one `BoardWords` from the server's catalogue and
passes it in `BoardState.words`. Each text is a template with `{name}` fields, filled here with numbers and names.
The value is hashable, so the row parts and banners drawn with it are cached per language like any other part.

The boxes are fixed and a translation may be longer than the English: `fit_word` draws a word a little smaller
when it would not fit its box, and cuts it only when even that is too long (tests/render/test_word_fit.py fails
then, for every language and every word).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bot.engine.outcome import OutcomeKind
from render.fonts import Font, fit, font

SMALLEST = 0.75
"""A word may shrink to this share of its size to fit its box; below it, it would be too small to read."""


@dataclass(frozen=True, slots=True)
class BoardWords:
    """Every word on a board picture. Keep them about as short as the English: the boxes are fixed."""

    to_play: str = "to play"
    to_answer: str = "to answer"
    winner: str = "winner"
    cube: str = "cube"  # beside the cube
    offered: str = "offered"  # beside a cube on offer
    pips: str = "{pips} pips"
    score: str = "Score"
    match: str = "{length}-point match"
    money_game: str = "Money game"
    crawford: str = "Crawford game"
    position_id: str = "Position ID {id}"
    match_id: str = "Match ID {id}"
    # the result across a game's final board
    point: str = "{count} point"
    points: str = "{count} points"
    wins_single: str = "{winner} wins a single game: {points}"
    wins_gammon: str = "{winner} wins a gammon: {points}"
    wins_backgammon: str = "{winner} wins a backgammon: {points}"
    dropped: str = "{loser} dropped: {winner} wins {points}"
    resigned: str = "{loser} resigned: {winner} wins {points}"
    timed_out: str = "{loser}'s time ran out: {winner} wins {points}"
    match_won: str = "{winner} wins the match {mine}-{theirs}"
    score_line: str = "Score: {first} {first_score}, {second} {second_score} ({length}-point match)"

    def points_text(self, points: int) -> str:
        return (self.point if points == 1 else self.points).format(count=points)

    def headline(self, kind: OutcomeKind) -> str:
        """The template of the banner's first line for how the game ended."""
        return {
            OutcomeKind.SINGLE: self.wins_single,
            OutcomeKind.GAMMON: self.wins_gammon,
            OutcomeKind.BACKGAMMON: self.wins_backgammon,
            OutcomeKind.DROPPED: self.dropped,
            OutcomeKind.RESIGNED: self.resigned,
        }.get(kind, self.timed_out)  # CLAIMED, TIMEOUT: the loser ran out of time (R9.5)


ENGLISH = BoardWords()


def word_width(text: str, face: Font) -> int:
    """The pixels `text` takes from its pen position: its advance, or its ink where a glyph reaches beyond it."""
    left, _, right, _ = face.getbbox(text)
    return math.ceil(max(right, face.getlength(text)) - min(left, 0))


def smallest(size: int) -> int:
    """The smallest size a word drawn at `size` pixels may shrink to."""
    return max(1, math.ceil(size * SMALLEST))


def fit_word(
    text: str,
    size: int,
    room: int,
    *,
    bold: bool = False,
    path: Path | None = None,
    measure: Callable[[str, Font], float] = word_width,
) -> tuple[str, Font]:
    """`text` and the font to draw it in, at most `room` pixels wide (as `measure` counts them): at `size` pixels
    when it fits, else at the largest size down to SMALLEST of it that fits, else cut with an ellipsis there."""
    face = font(size, bold, path)
    width = measure(text, face)
    if width <= room:
        return text, face
    least = smallest(size)
    guess = min(size - 1, math.floor(size * room / max(1, width)) + 1)  # widths grow about linearly with size
    for points in range(max(guess, least), least - 1, -1):
        face = font(points, bold, path)
        if measure(text, face) <= room:
            return text, face
    face = font(least, bold, path)
    return fit(text, face, room), face
