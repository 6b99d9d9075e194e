"""The analysis pictures and texts: a checker decision drawn twice side by side, a cube decision once; the pages
of the decision list stay within Discord's embed limit."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image

from bot.analysis import analyse, costliest
from bot.analysis.pictures import decision_picture
from bot.computer import sage
from cogs.ui.analysis_text import PAGE_SIZE, decision_line, page_embed
from render.analysis import BOARD_WIDTH, CAPTION, GAP
from tests.analysis.matches import deliberate_blunder, wrong_drop

pytestmark = pytest.mark.skipif(not sage.available(), reason="bgsage is not installed")


def test_a_checker_decision_shows_the_play_made_and_the_best_play() -> None:
    analysis = analyse(deliberate_blunder().log)
    blunder = costliest(analysis, 0)[0]
    picture = Image.open(io.BytesIO(decision_picture(blunder, analysis.names, analysis.length)))
    assert picture.width == 2 * BOARD_WIDTH + GAP and picture.height > CAPTION + BOARD_WIDTH // 2
    # the two halves differ (different plays, marked) and the same play twice would not
    left = picture.crop((0, CAPTION, BOARD_WIDTH, picture.height)).convert("RGB")
    right = picture.crop((BOARD_WIDTH + GAP, CAPTION, picture.width, picture.height)).convert("RGB")
    assert left.tobytes() != right.tobytes()
    same = dataclasses.replace(blunder, best_steps=blunder.chosen_steps)
    twin = Image.open(io.BytesIO(decision_picture(same, analysis.names, analysis.length)))
    assert (
        twin.crop((0, CAPTION, BOARD_WIDTH, twin.height)).convert("RGB").tobytes()
        == twin.crop((BOARD_WIDTH + GAP, CAPTION, twin.width, twin.height)).convert("RGB").tobytes()
    )


def test_a_cube_decision_is_one_board_and_lines_say_the_loss() -> None:
    analysis = analyse(wrong_drop().log)
    drop = costliest(analysis, 1)[0]
    picture = Image.open(io.BytesIO(decision_picture(drop, analysis.names, analysis.length)))
    assert picture.width == BOARD_WIDTH
    line = decision_line(analysis, drop.index)
    assert line.startswith("G1 Bob: Drop → best Take, cost 0.") and line.endswith(" points **blunder**")


def test_pages_stay_within_the_embed_limit() -> None:
    analysis = analyse(deliberate_blunder().log)
    many = dataclasses.replace(
        analysis,
        decisions=tuple(
            dataclasses.replace(analysis.decisions[0], index=i, chosen="bar/20* 20/16* 16/12* 12/8*" * 2)
            for i in range(3 * PAGE_SIZE + 1)
        ),
    )
    embed, pages = page_embed(many, 1, 99)  # past the end: the last page
    assert pages == 4 and "page 4 of 4" in (embed.title or "") and embed.description is not None
    first, _ = page_embed(many, 1, 0)
    assert first.description is not None and len(first.description) <= 4096
    assert first.description.count("\n") == PAGE_SIZE - 1
