"""The pictures of an analysis: one costly decision, the play made and the best play side by side.

Each side is the ordinary board picture (render.picture) of the position after the play, with the play marked as
the board marks the last play; a caption above each says which it is and what was lost. A cube decision has one
board (before it, the cube as it stood) and a caption with the choice made and the best one. The decision comes
as plain data (`DecisionBoard`, made by bot.analysis.pictures): render knows nothing of analyses or bgsage boards.
The words come as plain data too, in the reader's language: the captions, and the boards' own words (`BoardWords`);
English when none are given.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from bot.engine.play import Play
from bot.engine.position import Position
from render.fonts import Font, draw_text, fit, font
from render.picture import board
from render.png import palette_png
from render.state import BoardState
from render.theme import get_theme
from render.words import ENGLISH, BoardWords

#: Width of each board in the picture: two side by side stay readable in Discord's preview.
BOARD_WIDTH = 640
CAPTION = 44
GAP = 12
#: The captions' sizes, largest first: a long caption (a beaver's answer, a language with longer words) is drawn
#: smaller rather than cut; only what does not fit at the smallest is cut with an ellipsis.
CAPTION_SIZES = (24, 22, 20, 18, 16)


def caption_font(caption: str, width: int) -> Font:
    """The largest caption font in which `caption` fits in `width` pixels (the smallest when none does)."""
    for size in CAPTION_SIZES:
        face = font(size, bold=True)
        if face.getlength(caption) <= width:
            return face
    return font(CAPTION_SIZES[-1], bold=True)


@dataclass(frozen=True, slots=True)
class DecisionBoard:
    """One analysed decision as plain data for its picture (bot.analysis.pictures makes it from an analysis)."""

    kind: str  # checker, double, take or beaver
    player: int  # who decided
    viewer: int  # the player `position` is seen from (the doubler for answers to a double)
    position: Position  # before the decision, from `viewer`'s side
    cube: int
    cube_owner: int | None  # None: in the middle
    scores: tuple[int, int]  # player 0's, player 1's; (0, 0) in a money game
    match_length: int  # 0: a money game
    crawford: bool
    dice: tuple[int, int]
    chosen: str  # "13/7 8/7", "No double", "Take", ...
    best: str
    loss: float
    played: Play  # checker decisions: the play made and the best play
    best_play: Play


def _after(decision: DecisionBoard, play: Play, names: tuple[str, str], theme: str, words: BoardWords) -> bytes:
    state = BoardState(
        position=decision.position.apply(play),  # seen from the opponent, now on roll
        on_roll=1 - decision.viewer,
        names=names,
        cube_value=decision.cube,
        cube_owner=decision.cube_owner,
        scores=decision.scores,
        match_length=decision.match_length,
        crawford=decision.crawford,
        game_over=True,
        words=words,
    )
    return board(state, perspective=decision.viewer, last_play=play, size=BOARD_WIDTH, theme=theme)


def _before(decision: DecisionBoard, names: tuple[str, str], theme: str, words: BoardWords) -> bytes:
    answer = decision.kind == "take"  # the double waits for its answer: the offered cube on the taker's side
    state = BoardState(
        position=decision.position,
        on_roll=decision.viewer,
        names=names,
        cube_value=decision.cube,
        cube_owner=decision.cube_owner,
        scores=decision.scores,
        match_length=decision.match_length,
        crawford=decision.crawford,
        answering=decision.player if answer else None,
        offered_cube=2 * decision.cube if answer else 0,
        words=words,
    )
    return board(state, perspective=decision.player, size=BOARD_WIDTH, theme=theme)


def english_captions(decision: DecisionBoard, names: tuple[str, str]) -> tuple[str, ...]:
    """The caption over each board: the play made and the best play (a cube decision: one for its board)."""
    if decision.kind == "checker":
        dice = f"{decision.dice[0]}{decision.dice[1]}"
        return (
            f"{names[decision.player]} played {dice}: {decision.chosen} (-{decision.loss:.3f})",
            f"Best: {decision.best}",
        )
    return (f"{names[decision.player]}: {decision.chosen} (-{decision.loss:.3f}); best: {decision.best}",)


def decision_picture(
    decision: DecisionBoard,
    names: tuple[str, str],
    theme: str = "dark",
    *,
    captions: Sequence[str] | None = None,
    words: BoardWords = ENGLISH,
) -> bytes:
    """PNG: the decision's play made and best play side by side (a cube decision: its board), with `captions`
    over them (English ones when None) and the boards' `words`."""
    colours = get_theme(theme)
    if decision.kind == "checker":
        boards = [
            _after(decision, decision.played, names, theme, words),
            _after(decision, decision.best_play, names, theme, words),
        ]
    else:
        boards = [_before(decision, names, theme, words)]
    shown = english_captions(decision, names) if captions is None else tuple(captions)
    if len(shown) != len(boards):
        raise ValueError(f"A {decision.kind} decision has {len(boards)} captions, not {len(shown)}")
    panels = list(zip(boards, shown, strict=True))
    images = [Image.open(io.BytesIO(data)).convert("RGB") for data, _ in panels]
    width = sum(image.width for image in images) + GAP * (len(images) - 1)
    height = max(image.height for image in images) + CAPTION
    canvas = Image.new("RGB", (width, height), colours.background)
    x = 0
    for image, (_, caption) in zip(images, panels, strict=True):
        face = caption_font(caption, image.width - 16)
        top = 8 + (CAPTION_SIZES[0] - round(face.size)) // 2  # a smaller caption stays centred in its band
        draw_text(canvas, (x + 8, top), fit(caption, face, image.width - 16), face, colours.text)
        canvas.paste(image, (x, CAPTION))
        x += image.width + GAP
    return palette_png(canvas.quantize(colors=128))
