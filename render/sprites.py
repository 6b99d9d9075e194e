"""Anti-aliased pieces (checkers, marks, dice, cube): each drawn once at 4x, shrunk with LANCZOS and cached.

Every board image then only pastes these sprites, so smooth edges cost nothing per image.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.fonts import font
from render.theme import RGB, CheckerColours

SUPERSAMPLE = 4
DIMMED_ALPHA = 0.32  # used dice

# Pips of a die face, on a 3x3 grid (column, row), 0..2.
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def _canvas(size: int) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    return image, ImageDraw.Draw(image), big


def _shrink(image: Image.Image, size: int) -> Image.Image:
    return image.resize((size, size), Image.Resampling.LANCZOS)


def _inset(big: int, fraction: float) -> tuple[float, float, float, float]:
    margin = big * fraction
    return (margin, margin, big - 1 - margin, big - 1 - margin)


@lru_cache(maxsize=64)
def checker(colours: CheckerColours, size: int) -> Image.Image:
    """A checker seen from above: an outline, the face and a groove near the rim, like a turned piece."""
    image, draw, big = _canvas(size)
    draw.ellipse(_inset(big, 0.01), fill=colours.edge)
    draw.ellipse(_inset(big, 0.055), fill=colours.face)
    draw.ellipse(_inset(big, 0.2), outline=colours.rim, width=max(1, round(big * 0.055)))
    return _shrink(image, size)


@lru_cache(maxsize=64)
def ring(colour: RGB, size: int) -> Image.Image:
    """A bold ring around a checker that just arrived (the last play's destinations)."""
    image, draw, big = _canvas(size)
    draw.ellipse(_inset(big, 0.0), outline=(*colour, 255), width=round(big * 0.1))
    return _shrink(image, size)


@lru_cache(maxsize=64)
def ghost(colour: RGB, size: int) -> Image.Image:
    """Where a checker came from: a translucent disc with a dashed-looking double outline."""
    image, draw, big = _canvas(size)
    draw.ellipse(_inset(big, 0.04), fill=(*colour, 70), outline=(*colour, 255), width=round(big * 0.07))
    draw.ellipse(_inset(big, 0.3), fill=(*colour, 200))
    return _shrink(image, size)


def _dim(image: Image.Image, factor: float) -> Image.Image:
    alpha = image.getchannel("A").point(lambda value: round(value * factor))
    dimmed = image.copy()
    dimmed.putalpha(alpha)
    return dimmed


@lru_cache(maxsize=128)
def die(colours: CheckerColours, value: int, size: int, dimmed: bool = False) -> Image.Image:
    """A die in the colours of the player who rolled it; used dice are drawn faded."""
    image, draw, big = _canvas(size)
    radius = big * 0.2
    draw.rounded_rectangle(_inset(big, 0.01), radius=radius, fill=colours.edge)
    draw.rounded_rectangle(_inset(big, 0.05), radius=radius * 0.85, fill=colours.face)
    pip_radius = big * 0.085
    for column, row in _PIPS[value]:
        cx = big * (0.27 + 0.23 * column)
        cy = big * (0.27 + 0.23 * row)
        draw.ellipse((cx - pip_radius, cy - pip_radius, cx + pip_radius, cy + pip_radius), fill=colours.text)
    sprite = _shrink(image, size)
    return _dim(sprite, DIMMED_ALPHA) if dimmed else sprite


def _shade(colour: RGB, factor: float) -> RGB:
    red, green, blue = colour
    return (round(red * factor), round(green * factor), round(blue * factor))


@lru_cache(maxsize=64)
def cube(face: RGB, text: RGB, edge: RGB, shown: int, size: int) -> Image.Image:
    """The doubling cube showing `shown` (64 for a centred cube at 1, R1.2), drawn as a cube in perspective (its
    front face and two shaded sides) so that it is never taken for a score; digits sized to fit the face."""
    image, draw, big = _canvas(size)
    depth = big * 0.2
    front = big - 1 - depth
    line = max(1, round(big * 0.025))
    top_face = [(0, depth), (depth, 0), (big - 1, 0), (front, depth)]
    side_face = [(front, depth), (big - 1, 0), (big - 1, front), (front, big - 1)]
    draw.polygon(top_face, fill=_shade(face, 0.86), outline=edge, width=line)
    draw.polygon(side_face, fill=_shade(face, 0.66), outline=edge, width=line)
    draw.rounded_rectangle((0, depth, front, big - 1), radius=big * 0.08, fill=face, outline=edge, width=line)
    label = str(shown)
    points = round(front * 0.56)
    while points > 8 and font(points, bold=True).getlength(label) > front * 0.8:
        points -= 4
    center = (front / 2, depth + front / 2)
    draw.text(center, label, font=font(points, bold=True), fill=text, anchor="mm")
    return _shrink(image, size)


@lru_cache(maxsize=16)
def slab(colours: CheckerColours, width: int, height: int) -> Image.Image:
    """A borne-off checker seen edge-on in its tray."""
    image = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    big_w, big_h = image.size
    radius = big_h * 0.35
    draw.rounded_rectangle((0, 0, big_w - 1, big_h - 1), radius=radius, fill=colours.edge)
    inset = big_h * 0.14
    draw.rounded_rectangle((inset, inset, big_w - 1 - inset, big_h - 1 - inset), radius=radius * 0.7, fill=colours.face)
    return image.resize((width, height), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def rounded_box(colour: RGB, width: int, height: int, radius: int, outline: RGB | None = None) -> Image.Image:
    """A smooth rounded rectangle (the highlight behind the player on roll, the score chip, number chips)."""
    image = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle(
        (0, 0, image.width - 1, image.height - 1),
        radius=radius * SUPERSAMPLE,
        fill=colour,
        outline=outline,
        width=SUPERSAMPLE * 2 if outline else 0,
    )
    return image.resize((width, height), Image.Resampling.LANCZOS)
