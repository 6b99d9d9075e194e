"""The pictures of an analysis (issue 17): one costly decision, the play made and the best play side by side.

Each side is the ordinary board picture (render.picture) of the position after the play, with the play marked as
the board marks the last play; a caption above each says which it is and what was lost. A cube decision has one
board (before it, the cube as it stood) and a caption with the choice made and the best one.
"""

from __future__ import annotations

import io

from PIL import Image

from bot.analysis.result import DecisionResult
from bot.computer.board import position_from_sage
from bot.engine.play import Play
from render.fonts import draw_text, fit, font
from render.picture import board
from render.state import BoardState
from render.theme import get_theme

#: Width of each board in the picture: two side by side stay readable in Discord's preview.
BOARD_WIDTH = 640
CAPTION = 44
GAP = 12


def _owner(decision: DecisionResult) -> int | None:
    if decision.cube_owner == "centered":
        return None
    return decision.viewer if decision.cube_owner == "player" else 1 - decision.viewer


def _scores(decision: DecisionResult, length: int) -> tuple[int, int]:
    if not length:
        return (0, 0)
    mine, theirs = length - decision.away[0], length - decision.away[1]
    return (mine, theirs) if decision.viewer == 0 else (theirs, mine)


def _after(decision: DecisionResult, play: Play, names: tuple[str, str], length: int, theme: str) -> bytes:
    position = position_from_sage(decision.board).apply(play)  # seen from the opponent, now on roll
    state = BoardState(
        position=position,
        on_roll=1 - decision.viewer,
        names=names,
        cube_value=decision.cube,
        cube_owner=_owner(decision),
        scores=_scores(decision, length),
        match_length=length,
        crawford=decision.crawford,
        game_over=True,
    )
    return board(state, perspective=decision.viewer, last_play=play, size=BOARD_WIDTH, theme=theme)


def _before(decision: DecisionResult, names: tuple[str, str], length: int, theme: str) -> bytes:
    answer = decision.kind == "take"  # the double waits for its answer: the offered cube on the taker's side
    state = BoardState(
        position=position_from_sage(decision.board),
        on_roll=decision.viewer,
        names=names,
        cube_value=decision.cube,
        cube_owner=_owner(decision),
        scores=_scores(decision, length),
        match_length=length,
        crawford=decision.crawford,
        answering=decision.player if answer else None,
        offered_cube=2 * decision.cube if answer else 0,
    )
    return board(state, perspective=decision.player, size=BOARD_WIDTH, theme=theme)


def decision_picture(decision: DecisionResult, names: tuple[str, str], length: int, theme: str = "dark") -> bytes:
    """PNG: the decision's play made and best play side by side (a cube decision: its board), with captions."""
    colours = get_theme(theme)
    face = font(24, bold=True)
    if decision.kind == "checker":
        panels = [
            (
                _after(decision, decision.play(best=False), names, length, theme),
                f"{names[decision.player]} played {decision.dice[0]}{decision.dice[1]}: {decision.chosen} "
                f"(-{decision.loss:.3f})",
            ),
            (_after(decision, decision.play(best=True), names, length, theme), f"Best: {decision.best}"),
        ]
    else:
        panels = [
            (
                _before(decision, names, length, theme),
                f"{names[decision.player]}: {decision.chosen} (-{decision.loss:.3f}); best: {decision.best}",
            )
        ]
    images = [Image.open(io.BytesIO(data)).convert("RGB") for data, _ in panels]
    width = sum(image.width for image in images) + GAP * (len(images) - 1)
    height = max(image.height for image in images) + CAPTION
    canvas = Image.new("RGB", (width, height), colours.background)
    x = 0
    for image, (_, caption) in zip(images, panels, strict=True):
        draw_text(canvas, (x + 8, 8), fit(caption, face, image.width - 16), face, colours.text)
        canvas.paste(image, (x, CAPTION))
        x += image.width + GAP
    out = io.BytesIO()
    canvas.quantize(colors=128).save(out, format="PNG", compress_level=1)
    return out.getvalue()
