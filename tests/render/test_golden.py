"""Golden images (issue 5): each listed board must look as approved, within a small pixel tolerance.

After a deliberate change to the picture, run scripts/regenerate_goldens.py and look at the images.
"""

from __future__ import annotations

import pytest
from PIL import Image

from tests.render.cases import GOLDEN_CASES, GOLDEN_DIR
from tests.render.imaging import MAX_DIFFERING_SHARE, decode, differing_share


def test_there_are_about_ten_golden_cases_with_files() -> None:
    assert len(GOLDEN_CASES) >= 10
    assert {path.stem for path in GOLDEN_DIR.glob("*.png")} == set(GOLDEN_CASES)


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_picture_matches_its_golden_image(name: str) -> None:
    drawn = decode(GOLDEN_CASES[name].render())
    with Image.open(GOLDEN_DIR / f"{name}.png") as golden:
        share = differing_share(drawn, golden)
    assert share <= MAX_DIFFERING_SHARE, f"{name}: {share:.2%} of pixels differ; if intended, regenerate goldens"


def test_the_comparison_notices_a_real_change() -> None:
    """A moved checker must fail the comparison: the tolerance is not so loose that any board passes."""
    start = decode(GOLDEN_CASES["start"].render())
    with Image.open(GOLDEN_DIR / "cube_2_bottom_owner.png") as other:
        assert differing_share(start, other) > MAX_DIFFERING_SHARE
    with Image.open(GOLDEN_DIR / "stacks_over_5.png") as other:
        assert differing_share(start, other) > MAX_DIFFERING_SHARE
