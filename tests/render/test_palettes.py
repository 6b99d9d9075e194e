"""The stored palettes (render/palettes/) are the ones the fit gives today: a change to the drawing that moves the
fitted colours fails here until `scripts/regenerate_goldens.py` has written them again (with the goldens)."""

from __future__ import annotations

import pytest

from render import palette
from render.palette import PALETTE_DIR, fitted_palette
from render.theme import THEMES


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_the_stored_palette_is_the_fitted_one(theme: str) -> None:
    stored = (PALETTE_DIR / f"{theme}.pal").read_bytes()
    assert len(stored) == 768
    assert stored == fitted_palette(theme)


def test_a_process_reads_the_stored_palette_and_fits_none(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_fit(theme_name: str) -> bytes:
        raise AssertionError(f"fitted the {theme_name} palette at start")

    monkeypatch.setattr(palette, "fitted_palette", no_fit)
    palette._palette.cache_clear()
    try:
        for theme in THEMES:
            assert bytes(palette._palette(theme).getpalette() or []) == (PALETTE_DIR / f"{theme}.pal").read_bytes()
    finally:
        palette._palette.cache_clear()
